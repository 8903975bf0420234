import InsetCore

/// The clock frames are timed against: the sound heard when there is some, else the system
/// clock, and the time shown when the picture has ended (or never was) while the sound goes on.
extension Playback {
    /// The media time frames are shown at: the master time, `pictureLead` ahead (in media
    /// time, at this speed).
    func frameClock(at now: HostTime) -> MediaTime {
        let master = masterTime(at: now)
        return pictureLead > .zero ? master + clock.speed.media(inWall: pictureLead) : master
    }

    /// The master time, which `frameClock` leads: the sound the listener hears when there is
    /// sound playing (the system clock follows it, so it carries on seamlessly where the
    /// sound ends or before it starts), else the system clock.
    ///
    /// After opening and after each seek the sound needs a moment (decoding, the device's
    /// first buffer) before it is heard; the picture holds on its first frame meanwhile, as
    /// ffplay's does, so the two start together. Half a second without sound and the
    /// system clock goes on alone.
    public func masterTime(at now: HostTime) -> MediaTime {
        guard clock.isRunning, let sound else { return clock.time(at: now) }
        if let heard = sound.clockTime(at: now) {
            if waitingForSoundSince != nil {
                waitingForSoundSince = nil
                statistics.started(at: now)
            }
            clock.set(heard, at: now)
            return heard
        }
        if let since = waitingForSoundSince {
            if now.elapsed(since: since) < .milliseconds(500), let current {
                clock.set(current.time, at: now)
            } else {
                waitingForSoundSince = nil
                statistics.started(at: since)
            }
        }
        return clock.time(at: now)
    }

    /// Past the last frame, while the sound goes on: the last picture stays and the time
    /// shown follows the sound. True when the shown second changed.
    func followSoundPastLastFrame(at now: HostTime) -> Bool {
        guard endOfStream, pending == nil, !endReported, !awaitingFirstFrame, clock.isRunning,
              let current, let sound, sound.progress != .absent else { return false }
        let time = range.clamp(masterTime(at: now))
        let before = machine.snapshot.position
        guard time > current.time + current.duration, time > before else { return false }
        note(.positionChanged(time), at: now)
        return time.microseconds / 1_000_000 != before.microseconds / 1_000_000
    }

    /// With no picture, the time shown follows the sound; true when the shown second changed.
    func advanceSoundOnly(at now: HostTime) -> Bool {
        guard clock.isRunning else { return false }
        let before = machine.snapshot.position.microseconds / 1_000_000
        let time = range.clamp(masterTime(at: now))
        note(.positionChanged(time), at: now)
        return time.microseconds / 1_000_000 != before
    }
}
