import InsetCore

/// Where the listener is in the media, worked out as ffplay's audio clock does
/// (fftools/ffplay.c, sdl_audio_callback): at each device callback, the presentation time
/// of the next sample to be written minus what the device still holds, stamped with the
/// callback's host time and extrapolated one for one from there.
///
/// Pure value: the callback records, the UI thread reads, both under `AudioOutput`'s lock,
/// and tests drive it with made-up times.
struct AudioClock: Sendable {
    /// One callback's reading.
    struct Anchor: Sendable, Equatable {
        /// Media time heard at `host`.
        var media: MediaTime
        var host: HostTime
        /// The presentation time just after the last real sample written: the clock never
        /// runs past it (when the ring ran dry the device is playing silence, not media).
        var limit: MediaTime
        var serial: Int
        /// Media per second heard: the speed the samples were stretched for.
        var speed: PlaybackSpeed = .normal
    }

    private(set) var anchor: Anchor?
    private var frozen: MediaTime?
    private var paused = false
    private var resumedAt: HostTime?

    /// Records a callback that started at `host` and wrote `realFrames` media frames ending
    /// just before `nextPTS` (then silence, if the ring ran dry), while the device still held
    /// `heldFrames` frames written earlier. Callbacks that wrote nothing real keep the last
    /// anchor: its extrapolation, capped at the last real sample, stays right.
    /// At another speed each frame holds `speed` frames' worth of media; the frames still
    /// held are taken at the speed of the newest ones (after a change of speed, for at most
    /// the device's buffer, a few tens of milliseconds).
    mutating func record(nextPTS: MediaTime, realFrames: Int, heldFrames: Int, serial: Int,
                         host: HostTime, format: AudioFormat, speed: PlaybackSpeed = .normal) {
        guard realFrames > 0, !paused else { return }
        let unheard = speed.media(inWall: format.duration(ofFrames: heldFrames + realFrames))
        anchor = Anchor(media: nextPTS - unheard, host: host, limit: nextPTS, serial: serial, speed: speed)
        if let resumedAt, host >= resumedAt { self.resumedAt = nil; frozen = nil }
    }

    /// The media time heard at `host`, nil before any sample of `serial` or a later one
    /// has been written (just opened, or just flushed for a seek).
    func time(at host: HostTime, serial: Int) -> MediaTime? {
        guard let anchor, anchor.serial >= serial else { return nil }
        // Paused, or resumed but not yet re-anchored by a callback: hold still.
        if paused || resumedAt != nil, let frozen { return frozen }
        let elapsed = host.elapsed(since: anchor.host)
        let (seconds, attoseconds) = elapsed.components
        let advanced = anchor.media + anchor.speed.media(
            inWall: MediaTime(microseconds: seconds * 1_000_000 + attoseconds / 1_000_000_000_000))
        return min(advanced, anchor.limit)
    }

    /// Freezes the clock where it is (SDL stops calling back while paused).
    mutating func pause(at host: HostTime, serial: Int) {
        guard !paused else { return }
        frozen = time(at: host, serial: serial)
        paused = true
    }

    /// Lets it run again from the next callback on.
    mutating func resume(at host: HostTime) {
        guard paused else { return }
        paused = false
        resumedAt = host
    }

    /// Forgets everything measured: the next reading comes from the first callback that
    /// plays samples of the new serial.
    mutating func reset() {
        anchor = nil
        frozen = nil
        resumedAt = nil
    }
}
