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
    /// One playlist or manifest, at open or at any reload of a live one, local or remote:
    /// a day of two-second segments with 60-character names is 3.5 MB, and the segments
    /// libavformat keeps for a playlist of this size cost about 30 MB. A server that never
    /// ends its answer costs no more than that (it grew the player by 75 MB/s).
    public static let maxDocumentBytes: Int64 = 4 << 20
    /// The demuxers whose input is a list of other inputs.
    static let playlistFormats: Set<String> = ["hls", "dash", "hls,applehttp", "concat"]

    let state: UnsafeMutablePointer<cffmpeg_open_guard>

    /// The headers the input and what it names on its host send, the user's alone for other
    /// hosts, that host, and the page's cookies (`InputAllowance`), kept for the context's life.
    private let headers: UnsafeMutablePointer<CChar>?
    private let commonHeaders: UnsafeMutablePointer<CChar>?
    private let pageHost: UnsafeMutablePointer<CChar>?
    private let cookies: UnsafeMutablePointer<CChar>?

    /// `spoolLimit`: the most an input that cannot seek may keep in memory to reach an MP4's
    /// index at its end (`MediaSource.spoolLimit`); while it reads on to it, each read that
    /// brings bytes gives the open `patience` more before its deadline.
    /// `url`: the input, whose headers and cookies (`allowance`'s) its requests send.
    init(interrupt: MediaInterrupt, url: String? = nil, allowance: InputAllowance = .webOnly, spoolLimit: Int64 = 0,
         patience: Duration = .zero) {
        headers = url.flatMap(allowance.httpOption).map { strdup($0) }
        commonHeaders = url.flatMap(allowance.commonOption).map { strdup($0) }
        pageHost = url.flatMap(allowance.pageHost).map { strdup($0) }
        cookies = url.flatMap(allowance.cookieOption).map { strdup($0) }
        state = .allocate(capacity: 1)
        state.initialize(to: cffmpeg_open_guard())
        state.pointee.interrupt = interrupt.state
        state.pointee.max_opens = OpenGuard.maxOpens
        state.pointee.max_variants = OpenGuard.maxVariants
        state.pointee.max_playlist_bytes = OpenGuard.maxPlaylistBytes
        state.pointee.documents.max_bytes = OpenGuard.maxDocumentBytes
        state.pointee.documents.max_names = OpenGuard.maxVariants
        state.pointee.headers = UnsafePointer(headers)
        state.pointee.common_headers = UnsafePointer(commonHeaders)
        state.pointee.page_host = UnsafePointer(pageHost)
        state.pointee.cookies = UnsafePointer(cookies)
        state.pointee.spool_limit = spoolLimit
        state.pointee.spool_patience_ns = patience.components.seconds * 1_000_000_000
            + patience.components.attoseconds / 1_000_000_000
    }

    deinit {
        state.deallocate()
        for owned in [headers, commonHeaders, pageHost, cookies] { free(owned) }
    }

    /// The first open that failed or was refused, as the input named it; "" when none did.
    private var failedURL: String {
        withUnsafeBytes(of: &state.pointee.failed_url) { raw -> String in
            let bytes = raw.bindMemory(to: UInt8.self)
            return FileNameBytes.decode(bytes.prefix { $0 != 0 })
        }
    }

    /// Set while the input is opened and probed: only then are opens counted (a long
    /// playlist opens a segment every few seconds for as long as it plays).
    var counting: Bool {
        get { state.pointee.counting != 0 }
        set {
            state.pointee.counting = newValue ? 1 : 0
            // A document refused while the input opens ends the opening (`cffmpeg_document_bounds`).
            state.pointee.documents.stops = newValue ? state.pointee.interrupt : nil
        }
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
        case CFFMPEG_REFUSED_PROTOCOL:
            what = "it names \(failedURL.isEmpty ? "a location" : failedURL), which a \(path.hasPrefix("/") ? "local file" : "stream") may not open"
        default:
            guard refusedDocuments > 0 else { return nil }
            what = documentRefusal
        }
        return .refused(path: path, detail: what)
    }

    /// Why the first document refused was.
    var documentRefusal: String {
        switch Int(state.pointee.documents.why) {
        case CFFMPEG_DOCUMENT_NAMES: "its playlists name more than \(OpenGuard.maxVariants) variants and renditions in all"
        case CFFMPEG_DOCUMENT_NESTED_MASTER: "a playlist it names is itself a master playlist (a playlist naming itself, or a cycle)"
        default: "a playlist or manifest it reads is larger than \(OpenGuard.maxDocumentBytes >> 20) MiB"
        }
    }

    /// How many playlists or manifests were refused for their size so far, at open or at a
    /// reload of a live playlist; any thread may ask.
    public var refusedDocuments: Int { Int(cffmpeg_open_guard_refused_documents(state)) }

    /// The first of the input's own opens (a segment, a variant) that failed, as an error
    /// naming it; nil when none did.
    func failedOpen(path: String) -> MediaError? {
        let url = failedURL
        guard !url.isEmpty else { return nil }
        return .notMediaFile(path: path, detail: "what it names could not be opened: \(url): \(ffmpegErrorText(state.pointee.failed_error))")
    }
}

/// What a format context reads its input through: the guard's counted reader, under it a
/// spool when the input cannot seek (standard input, an http server without Range), and
/// under that either what the guard opened (a file, a URL) or our own reader (standard
/// input, a growing file). Freed by its owner after the context is closed: libavformat
/// leaves custom I/O alone.
final class InputIO {
    /// What the context reads (`AVFormatContext.pb`).
    var input: UnsafeMutablePointer<AVIOContext>?
    /// Our reader under it, when the input is not one libavformat opened.
    var reader: UnsafeMutablePointer<AVIOContext>?

    /// The spool under the counted reader, when the input cannot seek.
    private var spool: UnsafeMutablePointer<AVIOContext>? { cffmpeg_open_guard_input_spool(input) }
    /// Whether the input is kept in memory: an MP4 whose index comes after its media.
    var isSpooled: Bool { cffmpeg_spool_keeping(spool) != 0 }
    /// Bytes kept in memory so far.
    var spooledBytes: Int64 { Int64(cffmpeg_spool_kept(spool)) }
    /// Whether reaching the index needed more than the spool may keep.
    var spoolOverflowed: Bool { cffmpeg_spool_over(spool) != 0 }

    func close() {
        if let reader {
            cffmpeg_open_guard_close_custom(input)
            cffmpeg_fd_avio_free(reader)
        } else {
            cffmpeg_open_guard_close_input(input)
        }
        input = nil
        reader = nil
    }
}
