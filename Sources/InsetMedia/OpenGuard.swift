import CFFmpeg
import Foundation
import InsetCore

/// The bounds on what opening one input may make libavformat open (`cffmpeg_open_guard`
/// in the shim says why they sit in io_open): at most `maxOpens` opens while the input is
/// opened and its streams probed, at most `maxVariants` variants and renditions and
/// `maxPlaylistBytes` of playlist text read from local playlists, and no open at all once
/// the interrupt is stopped or past its deadline.
///
/// Ownership: made by the opening thread, then kept by the `MediaSource` for as long as
/// its context lives (segments are opened through it while the input plays).
final class OpenGuard: @unchecked Sendable {
    /// Far more than a real master with its renditions needs (Apple's examples have about 30),
    /// few enough that their playlists cost a few MB.
    static let maxVariants: Int32 = 100
    /// The input itself, each variant's and rendition's playlist, and the first segments
    /// `avformat_find_stream_info` reads from each.
    static let maxOpens: Int32 = 3 * maxVariants
    /// A day of two-second segments with long names is under 4 MB of playlist.
    static let maxPlaylistBytes: Int64 = 8 << 20
    /// The demuxers whose input is a list of other inputs.
    static let playlistFormats: Set<String> = ["hls", "dash", "hls,applehttp", "concat"]

    let state: UnsafeMutablePointer<cffmpeg_open_guard>

    init(interrupt: MediaInterrupt) {
        state = .allocate(capacity: 1)
        state.initialize(to: cffmpeg_open_guard())
        state.pointee.interrupt = interrupt.state
        state.pointee.max_opens = OpenGuard.maxOpens
        state.pointee.max_variants = OpenGuard.maxVariants
        state.pointee.max_playlist_bytes = OpenGuard.maxPlaylistBytes
    }

    deinit { state.deallocate() }

    /// Set while the input is opened and probed: only then are opens counted (a long
    /// playlist opens a segment every few seconds for as long as it plays).
    var counting: Bool {
        get { state.pointee.counting != 0 }
        set { state.pointee.counting = newValue ? 1 : 0 }
    }

    /// The error for an open the guard refused, if it refused one for a bound; nil when it
    /// refused none (a refusal for the interrupt is the interrupt's to report).
    func refusal(path: String) -> MediaError? {
        let what: String
        switch Int(state.pointee.refused) {
        case CFFMPEG_REFUSED_OPENS:
            what = "it names more than \(OpenGuard.maxOpens) playlists and segments to open (a playlist that names itself?)"
        case CFFMPEG_REFUSED_VARIANTS:
            what = "its playlists name more than \(OpenGuard.maxVariants) variants and renditions in all"
        case CFFMPEG_REFUSED_NESTED_MASTER:
            what = "a playlist it names is itself a master playlist (a playlist naming itself, or a cycle)"
        case CFFMPEG_REFUSED_PLAYLIST_BYTES:
            what = "its playlists are larger than \(OpenGuard.maxPlaylistBytes >> 20) MB"
        default: return nil
        }
        return .refused(path: path, detail: what)
    }

    /// The first of the input's own opens (a segment, a variant) that failed, as an error
    /// naming it; nil when none did.
    func failedOpen(path: String) -> MediaError? {
        let url = withUnsafeBytes(of: &state.pointee.failed_url) { raw -> String in
            let bytes = raw.bindMemory(to: UInt8.self)
            return FileNameBytes.decode(bytes.prefix { $0 != 0 })
        }
        guard !url.isEmpty else { return nil }
        return .notMediaFile(path: path, detail: "what it names could not be opened: \(url): \(ffmpegErrorText(state.pointee.failed_error))")
    }
}
