import Foundation
import InsetCore
import InsetMedia

/// What the command line asks of subtitles for a file opened: `--sub FILE` (single file
/// only), `--sub-lang LANG` and `--sub-charset CHARSET` (for every subtitle file read).
public struct SubtitleRequest: Sendable {
    public var file: String?
    public var language: String?
    public var charset: String? = nil
    /// mpv's `--sub-files` after the first (`file`): listed right after it, in order.
    public var moreFiles: [String] = []

    public init(file: String? = nil, language: String? = nil, charset: String? = nil, moreFiles: [String] = []) {
        self.file = file
        self.language = language
        self.charset = charset
        self.moreFiles = moreFiles
    }
}

/// The subtitles of one playback: its tracks (the file's own streams, `--sub`, files
/// beside it), which one shows, and the store their cues go into.
///
/// Threads: made on the opening thread; then the UI thread's. The store is shared with the
/// decode thread, which adds the file's own cues as it demuxes; files are read whole here.
public final class PlaybackSubtitles {
    public let store: SubtitleStore
    public private(set) var selection: SubtitleSelection
    /// Why a subtitle file could not be read, or the character set one was guessed to be in, said once.
    private var notice: String?
    /// The fonts the file carries, for libass (`styledRenderer`).
    let fonts: [FontAttachment]
    /// Whether text is drawn into the picture by libass (pixel modes, `burnStyled`) rather
    /// than as a cell plane over it. Set by the director when it takes the video on.
    public var drawsTextIntoPicture = false
    /// `--sub-delay`, `z`/`Z`: the cues show this much later (positive) than their times.
    /// The UI thread's, as every lookup below.
    public var delay: MediaTime = .zero
    /// `--sub-visibility`: false hides the words and pictures, the track still chosen.
    public var visible = true
    /// `--secondary-sid`: the index into the tracks of a second text track shown at the
    /// top of the picture (cells), nil for none.
    public var secondary: Int?
    /// libass, made on the first frame that needs it.
    var styledRenderer: SubtitleRenderer?
    /// mpv's --sub-scale, --sub-font-size, --sub-color, --sub-pos and --sub-ass-override as
    /// libass takes them; the director's settings, set when it takes the video on and when
    /// one changes. A paused frame is decoded again to show a change (the director's part).
    public var textStyle = SubtitleTextStyle()
    /// libass for the `--secondary-sid` track in pixel modes (`burnSecondary`).
    var secondaryRenderer: SubtitleRenderer?
    /// The secondary track's words drawn into the frame on screen.
    var burnedSecondary: [String] = []
    /// The ASS events of the cues drawn into the frame on screen (`burnStyled`).
    var burnedEvents: [[String]] = []

    init(selection: SubtitleSelection, store: SubtitleStore, notice: String? = nil, fonts: [FontAttachment] = []) {
        self.selection = selection; self.store = store; self.notice = notice; self.fonts = fonts
    }

    /// Gathers the tracks of `source` before its pipeline starts: `--sub`'s file first,
    /// the streams in the file, then the files beside it (read whole now, their times
    /// counted from the video's start). The pipeline is told to decode the streams'
    /// packets. Nil when there are no tracks at all.
    public static func open(source: MediaSource, path: String, pipeline: VideoPipeline?, request: SubtitleRequest,
                            allowance: InputAllowance = .webOnly) -> PlaybackSubtitles? {
        let store = SubtitleStore()
        var tracks: [SubtitleTrack] = []
        var notice: String?
        var files = SubtitleFile.beside(path)
        let given = (request.file.map { [$0] } ?? []) + request.moreFiles
        for file in given.reversed() {
            files.removeAll { ($0 as NSString).standardizingPath == (file as NSString).standardizingPath }
            files.insert(file, at: 0)
        }
        var external: [SubtitleTrack] = []
        for (index, file) in files.enumerated() {
            do {
                let (track, cues) = try SubtitleFile.load(file, id: -1 - index, offset: source.info.start,
                                                          charset: request.charset, allowance: allowance)
                store.add(wholeFile: cues, track: track.id)
                if let header = track.styleHeader { store.setStyleHeader(header, track: track.id) }
                external.append(track)
                // A guess may be wrong: the user is told what it was and how to choose another.
                if let charset = track.charset, request.charset == nil, notice == nil {
                    notice = "subtitles \((file as NSString).lastPathComponent): not UTF-8, read as \(charset) (--sub-charset to choose)"
                }
            } catch {
                notice = "subtitles \(file): \(error)"
            }
        }
        let embedded = source.subtitleTracks
        if let pipeline, !embedded.isEmpty { pipeline.decodeSubtitles(into: store) }
        // `--sub` comes first; the file's own streams before files that only share its name.
        let first = external.prefix { track in given.contains { $0 == track.file } }
        if request.file != nil, !first.isEmpty {
            tracks = Array(first) + embedded + external.dropFirst(first.count)
        } else {
            tracks = embedded + external
        }
        guard !tracks.isEmpty || notice != nil else { return nil }
        return PlaybackSubtitles(selection: SubtitleSelection(tracks: tracks, preferredLanguage: request.language),
                                 store: store, notice: notice, fonts: source.fontAttachments)
    }

    /// `subtitles off`; returns what to say.
    public func turnOff() -> String {
        selection.turnOff()
        return selection.message
    }

    /// `c`: the next track, or off; returns what to say.
    public func cycle() -> String {
        selection.cycle()
        return selection.message
    }

    /// The words on screen at `time`: the text cues of the track shown, one cue's lines
    /// after another's; nil when nothing shows (off, a picture track, between cues).
    public func text(at time: MediaTime) -> String? {
        guard visible, let track = selection.current, !track.isBitmap else { return nil }
        let words = store.active(track: track.id, at: time - delay).compactMap(\.text).filter { !$0.isEmpty }
        return words.isEmpty ? nil : words.joined(separator: "\n")
    }

    /// Blends the picture subtitles shown at the frame's time into its image, once, as the
    /// frame goes on screen and before it is drawn in cells or sent as pixels. The image
    /// is the UI thread's from the queue's handoff on. In the PiP window, only when it is
    /// wide enough to read them, as for text.
    func burn(into frame: VideoFrame, inWindow: Bool) {
        guard visible, let image = frame.image else { return }
        if inWindow, let cells = frame.viewport?.cells, !SubtitleLayout.showsSubtitles(inWindowOf: cells.columns) { return }
        // The second track at the top, in pixel modes, whether or not a first one shows.
        defer { burnSecondary(into: image, at: frame.time - delay) }
        guard let track = selection.current else { return }
        guard track.isBitmap else { return burnStyled(track, into: image, at: frame.time - delay) }
        for cue in store.active(track: track.id, at: frame.time - delay) {
            if case .bitmaps(let bitmaps) = cue.content { bitmaps.forEach(image.blend) }
        }
    }

    /// Says once why a subtitle file was not read.
    public func takeNotice() -> String? {
        defer { notice = nil }
        return notice
    }
}
