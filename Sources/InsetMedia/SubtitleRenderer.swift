import CAss
import InsetCore

/// libass drawing a text track's events into the picture, for the pixel modes (sixel,
/// kitty, iTerm2): the styles, colours, places and tags as the file's author set them, at
/// the picture's own pixel size, blended into the RGB frame before it is encoded.
///
/// libass keeps its own track: the events on screen are given to it (`ass_process_chunk`)
/// when the set of cues shown changes, and nothing else; `ass_render_frame` then lays them
/// out, from its caches when nothing moved, and says whether the image differs from the
/// last one (`changed`). The fonts attached to the file are added before the first render;
/// fontconfig finds the rest.
///
/// Threads: the UI thread's (it draws as a frame goes on screen, `PlaybackSubtitles.burn`).
public final class SubtitleRenderer {
    private let library: OpaquePointer
    let renderer: OpaquePointer
    private var track: UnsafeMutablePointer<ASS_Track>?
    /// The header the track was made from, so another track's makes a new one.
    private var header: String?
    /// The cues libass holds now.
    private var fed: [SubtitleCue] = []
    /// Counts the events fed: each gets a ReadOrder of its own (`AssEvent`).
    private var readOrder = 0
    private var frameSize = PixelSize.zero
    /// mpv's --sub-scale, --sub-font-size, --sub-color, --sub-pos and --sub-ass-override,
    /// given to libass before the next render (`SubtitleRenderer+Look`).
    public var look = SubtitleTextStyle()
    /// What libass was last configured with; nil until the track's first render.
    var configured: (look: SubtitleTextStyle, converted: Bool)?

    /// How many renders libass said differed from the one before (tests, statistics).
    public private(set) var changes = 0
    /// How many pixels the last blend touched.
    public private(set) var lastTouched = 0

    /// ass_library_init, ass_add_font for each of `fonts`, ass_renderer_init, ass_set_fonts
    /// (fontconfig, sans-serif when a style's font is found nowhere). Nil when libass fails.
    public init?(fonts: [FontAttachment] = []) {
        guard let library = ass_library_init() else { return nil }
        cass_silence(library)
        for font in fonts {
            font.data.withUnsafeBufferPointer { bytes in
                bytes.withMemoryRebound(to: CChar.self) { chars in
                    ass_add_font(library, font.name, chars.baseAddress, Int32(chars.count))
                }
            }
        }
        guard let renderer = ass_renderer_init(library) else {
            ass_library_done(library)
            return nil
        }
        ass_set_fonts(renderer, nil, "sans-serif", Int32(ASS_FONTPROVIDER_AUTODETECT.rawValue), nil, 1)
        self.library = library; self.renderer = renderer
    }

    deinit {
        if let track { ass_free_track(track) }
        ass_renderer_done(renderer)
        ass_library_done(library)
    }

    /// Draws `cues` (the text cues on screen at `time`, with their ASS events) of the track
    /// whose ASS header is `header` into `image`. Returns whether libass drew anything.
    /// `converted`: no script of its own (SRT, WebVTT, mov_text, a stripped or second
    /// track), drawn in the plain style as mpv draws it.
    @discardableResult
    public func draw(_ cues: [SubtitleCue], header: String, converted: Bool = false, at time: MediaTime,
                     into image: RGBImage) -> Bool {
        guard image.width > 0, image.height > 0, let track = track(for: header) else { return false }
        if cues != fed || cues.map(\.assEvents) != fed.map(\.assEvents) { feed(cues, into: track) }
        guard !fed.isEmpty else { return false }
        if image.size != frameSize {
            frameSize = image.size
            ass_set_frame_size(renderer, Int32(image.width), Int32(image.height))
            // The picture's pixels are square (scaled with the display aspect), as FFmpeg's
            // subtitles filter takes its input's: the storage size is the frame's.
            ass_set_storage_size(renderer, Int32(image.width), Int32(image.height))
        }
        configure(track, converted: converted)
        var changed: Int32 = 0
        let images = ass_render_frame(renderer, track, time.microseconds / 1000, &changed)
        if changed != 0 { changes += 1 }
        lastTouched = cass_blend(images, image.bytes, Int32(image.width), Int32(image.height), Int32(image.bytesPerRow))
        return lastTouched > 0
    }

    /// The libass track for `header`: made anew (ass_new_track, ass_process_codec_private)
    /// when the header differs from the current track's, as when the user picks another.
    private func track(for header: String) -> UnsafeMutablePointer<ASS_Track>? {
        if let track, header == self.header { return track }
        if let track { ass_free_track(track) }
        track = ass_new_track(library)
        self.header = header
        fed = []
        configured = nil
        guard let track else { return nil }
        // The events come with ReadOrders of this renderer's own (`feed`), never repeated.
        ass_set_check_readorder(track, 0)
        var bytes = Array(header.utf8)
        bytes.withUnsafeMutableBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { ass_process_codec_private(track, $0.baseAddress, Int32($0.count)) }
        }
        return track
    }

    /// Replaces libass's events with `cues`' (ass_flush_events, ass_process_chunk): done when
    /// the cues on screen change, a few times a minute in a film.
    private func feed(_ cues: [SubtitleCue], into track: UnsafeMutablePointer<ASS_Track>) {
        ass_flush_events(track)
        fed = cues
        for cue in cues {
            let start = cue.start.microseconds / 1000
            let end = (cue.end ?? cue.start + SubtitleCue.openLimit).microseconds / 1000
            for event in cue.assEvents {
                readOrder += 1
                var bytes = Array("\(readOrder),\(event)".utf8)
                bytes.withUnsafeMutableBufferPointer { buffer in
                    buffer.withMemoryRebound(to: CChar.self) {
                        ass_process_chunk(track, $0.baseAddress, Int32($0.count), start, max(1, end - start))
                    }
                }
            }
        }
    }
}
