import InsetAudio
import InsetCore
import InsetLog

/// How the videos are heard: one sound device for all (InsetAudio's mixer), the video
/// heard at its volume and the other, beside it, at the window's; each video's volume,
/// mute and audio delay; and the device going away and coming back.
extension Director {
    /// Every video plays into one sound device: the one in the place heard
    /// (`Navigation.Places.heard`) at its volume, the other, while two play, at the window's
    /// volume (`--window-volume`). `m` (`--mute`) mutes either.
    func setSoundLevels() {
        let two = videos.besideWindow != nil
        videos.forEach { video in
            guard let sound = video.sound else { return }
            let level = !two || video === videos.heard ? 100 : options.windowVolume
            if level != sound.mixLevel { Log.info("sound: \(video.name) at \(level == 100 ? "full level" : "the window's volume \(level)")") }
            sound.setMixLevel(level)
            sound.setMuted(video.prefersMuted)
        }
    }

    /// `audio-focus`: with two videos, the other place is heard (the window's, or full
    /// screen again) and this one lowered; it stays heard through a swap.
    func moveAudioFocus(at now: HostTime) -> CommandOutcome {
        guard let heard = videos.heard, let other = videos.other(than: heard) else {
            return .refused("one video: it is the one heard")
        }
        changePlaces(.hear(navigation.places.heardPlace == .fullScreen ? .window : .fullScreen), at: now)
        setSoundLevels()
        show(message: other.sound == nil ? "hearing \(other.name), which plays without sound" : "hearing \(other.name)", at: now)
        return .done
    }

    /// One look at the sound device on each turn: its loss is said once (every video goes
    /// on silently on the system clock), and so is its return.
    func watchSoundDevice(at now: HostTime) {
        switch AudioOutput.watchDevice() {
        case .lost(let driver)?:
            Log.info("sound device lost (\(driver))")
            show(message: "sound device lost (\(driver)): playing on silently", for: .seconds(4), at: now)
        case .back(let driver)?:
            Log.info("sound device back (\(driver))")
            show(message: "sound device back (\(driver))", at: now)
        case nil: break
        }
    }

    /// `mute`, `volume ±N`, `volume N`, for the focused video.
    func adjustSound(_ command: Command, at now: HostTime) -> CommandOutcome {
        guard let target = focusedVideo else { return .refused("nothing is playing") }
        guard let sound = target.sound else {
            show(message: "this video plays without sound", at: now)
            return .refused("this video plays without sound")
        }
        switch command {
        case .mute: target.prefersMuted = !sound.isMuted
        // A step past the whole range changes nothing more, and cannot overflow the sum.
        case .volume(.by(let step)): sound.setVolume(sound.volume + min(100, max(-100, step))); target.prefersMuted = false
        case .volume(.to(let level)): sound.setVolume(level); target.prefersMuted = false
        default: break
        }
        setSoundLevels()
        show(message: sound.isMuted ? "sound off" : "volume \(sound.volume)%", at: now)
        return .done
    }

    /// `audio-delay ±S`, `audio-delay S`, for the focused video: kept with its position.
    func changeAudioDelay(_ change: Command.AudioDelayChange, at now: HostTime) -> CommandOutcome {
        guard let target = focusedVideo else { return .refused("nothing is playing") }
        guard let sound = target.sound else {
            show(message: "this video plays without sound", at: now)
            return .refused("this video plays without sound")
        }
        let wanted = switch change { case .by(let step): sound.delay + step; case .to(let delay): delay }
        let limit = AudioDelay.limit.microseconds
        sound.delay = MediaTime(microseconds: min(limit, max(-limit, wanted.microseconds)))
        show(message: "audio delay \(AudioDelay.label(sound.delay).map { String($0.dropFirst(4)) } ?? "0 s")", at: now)
        return .done
    }
}

/// The sound devices `--audio-device help` lists, for the command line (which knows
/// nothing of SDL).
public enum SoundDevices {
    /// The driver's name and its output devices' names; throws the one-line reason when
    /// no driver starts.
    public static func list() throws -> (driver: String, names: [String]) {
        try AudioOutput.deviceNames()
    }
}
