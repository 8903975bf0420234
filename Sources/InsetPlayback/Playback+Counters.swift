import InsetCore

/// What the app tells a video about its own work on the video's behalf: the paints and
/// picture bytes that went out (the `--stats` counters), and a change of mpv's `loop-file`
/// while playing. The statistics and the machine are the video's, read by the app and
/// changed only here and by the machine's own events.
extension Playback {
    /// A paint of this video went out: its bytes and how long the write blocked.
    public func notePaint(bytes: Int, blocked: Duration, at now: HostTime) {
        statistics.painted(bytes: bytes, blocked: blocked, at: now)
    }

    /// Bytes of this video's picture sent as pixels (kitty, sixel), counted with the latest paint.
    public func notePicture(bytes: Int) {
        statistics.wrote(pictureBytes: bytes)
    }

    /// `loop-file` set while playing (mpv IPC, `inset ctl`): counted again from here.
    public func setLoopFile(_ loops: Bool, count: Int?) {
        machine.setLoopFile(loops, count: count)
    }
}
