import InsetControl
import InsetCore
import InsetMedia
import InsetPlayback

/// `loadfile`'s per-file options (`MpvFileOptions`: invidtui's `audio-file` beside a
/// picture-only stream, `start`, `end`, `force-media-title`), kept by path and applied
/// when that file opens, over the command line's; and `set_property video no`, which
/// opens the next files as sound alone.
extension Director {
    /// The opener's part: the sound track from elsewhere, and the picture or not.
    func applyFileOptions(to opener: PlaybackOpener) {
        if let videoOff = mpvSessionState.videoOff { opener.request.noVideo = videoOff }
        guard let file = mpvSessionState.fileOptions[opener.path] else { return }
        if let audioFile = file.audioFile {
            // Named by the user's own `loadfile`, as `--audio-file` on the command line.
            options.allowance = options.allowance.naming([audioFile])
            opener.request.allowance = options.allowance
            opener.request.audioFile = audioFile
        }
    }

    /// The opened file's part: its title, where it starts and ends.
    func applyFileOptions(to media: inout Playback.Media, _ configuration: inout PlaybackStateMachine.Configuration) {
        guard let file = mpvSessionState.fileOptions[media.path] else { return }
        if let title = file.title { media.title = title }
        if let end = file.end { media.end = end }
        if let start = file.start { configuration.startPosition = start }
    }

    /// Whether the file's own options say where it starts (a resume position does not
    /// then apply, as with `--start`).
    func hasFileStart(_ path: String) -> Bool {
        mpvSessionState.fileOptions[path]?.start != nil
    }
}
