import CSDL2
import InsetCore

/// One video's sound: a voice of the one sound device (`AudioDevice`, SDL2's audio
/// subsystem alone: no window), fed from an `AudioRing` by SDL's audio thread, and the
/// audio clock that the video's presentation follows. Every open output is mixed into the
/// same device; each clock counts only its own samples.
///
/// Threads: SDL's audio thread runs the mix (`AudioMixer`); the decode thread writes into
/// `ring`; every method here is for the owner's thread (the app's main thread) and returns
/// at once, except `close()` of the last output, which joins SDL's thread.
public final class AudioOutput: @unchecked Sendable {
    public struct Options: Sendable {
        /// How much decoded audio the ring holds ahead of the device.
        public var ringDuration: MediaTime
        /// 0–100.
        public var volume: Int
        public var muted: Bool
        /// The device to open (a name `AudioOutput.deviceNames()` lists), nil for the
        /// system's default. Only the first output opens the device; later ones join it.
        public var device: String?
        public init(ringDuration: MediaTime = .milliseconds(300), volume: Int = 100, muted: Bool = false,
                    device: String? = nil) {
            self.ringDuration = ringDuration; self.volume = volume; self.muted = muted; self.device = device
        }
    }

    /// What the device accepted, which the decoder must convert to (it may differ from the
    /// wanted rate or channel count: the first output's format is the device's).
    public let format: AudioFormat
    /// Where the decoder writes (an `AudioSink`).
    public let ring: AudioRing
    /// SDL's driver name: "pulseaudio", "alsa", "disk", "dummy"…
    public let driver: String
    /// Frames SDL asks for at each callback.
    public let bufferFrames: Int

    private let device: AudioDevice
    private let renderer: AudioRenderer
    private var isOpen = true
    private var isPaused = true

    /// Joins the open sound device, or starts SDL's audio subsystem and opens it for
    /// `wanted` (interleaved float32), paused: call `pause(false)` once the ring has some
    /// audio in it. Throws `AudioError` when there is no driver or no device (the player then
    /// runs silent on the system clock). `SDL_AUDIODRIVER` picks the driver (dummy, disk…
    /// for tests).
    public init(wanted: AudioFormat, options: Options = Options()) throws(AudioError) {
        let joined: Result<(AudioDevice, AudioRenderer), AudioError> = AudioDevice.shared.withLock { shared in
            let device: AudioDevice
            if let open = shared {
                device = open
            } else {
                do throws(AudioError) { device = try AudioDevice.open(wanted: wanted, name: options.device) }
                catch { return .failure(error) }
                shared = device
            }
            let renderer = AudioRenderer(ring: AudioRing(format: device.format, duration: options.ringDuration),
                                         heldFrames: device.heldFrames)
            device.add(renderer)
            return .success((device, renderer))
        }
        let (device, renderer) = try joined.get()
        self.device = device
        self.renderer = renderer
        self.ring = renderer.ring
        self.format = device.format
        self.driver = device.driver
        self.bufferFrames = device.bufferFrames
        setVolume(options.volume)
        setMuted(options.muted)
    }

    deinit { close() }

    /// About 20 ms a callback, a power of two: small enough that the clock's steps and the
    /// latency stay well under a video frame, large enough not to wake SDL's thread needlessly.
    ///
    /// The disk and dummy drivers pace themselves with SDL_Delay in whole milliseconds, so
    /// a power-of-two buffer (21.33 ms at 48 kHz, slept as 21) made them play 1.6% fast;
    /// they get exactly 20 ms instead when the rate allows, and keep real time.
    static func callbackFrames(rate: Int, driver: String = "") -> UInt16 {
        if driver == "disk" || driver == "dummy", rate % 50 == 0, rate / 50 <= 8192 { return UInt16(rate / 50) }
        var frames = 256
        while frames < rate / 50 { frames *= 2 }
        return UInt16(min(frames, 8192))
    }

    /// What the device still holds when SDL calls back: ffplay assumes one more buffer
    /// (its `2 * audio_hw_buf_size` counts the one being written too). The disk and dummy
    /// drivers hold nothing: they "play" a buffer as soon as the callback returns it.
    static func heldFrames(driver: String, bufferFrames: Int) -> Int {
        driver == "disk" || driver == "dummy" ? 0 : bufferFrames
    }

    /// Pauses or resumes this voice (the device stops calling back once no voice plays);
    /// the clock freezes with it.
    public func pause(_ paused: Bool) {
        guard isOpen, paused != isPaused else { return }
        isPaused = paused
        let now = HostTime.monotonicNow()
        let serial = ring.currentSerial
        renderer.state.withLock { paused ? $0.clock.pause(at: now, serial: serial) : $0.clock.resume(at: now) }
        renderer.paused.store(paused, ordering: .relaxed)
        AudioDevice.shared.withLock { _ in device.updatePause() }
    }

    public var paused: Bool { isPaused }

    /// For a seek: frames of serials older than `serial` are dropped unplayed (those in the
    /// ring now and any the decoder still writes), and the clock waits for the new serial.
    public func flush(serial: Int) {
        ring.flush(serial: serial)
        renderer.state.withLock { $0.clock.reset() }
    }

    /// 0–100, applied from the next callback on.
    public var volume: Int { renderer.volume.load(ordering: .relaxed) }
    public func setVolume(_ volume: Int) { renderer.volume.store(min(100, max(0, volume)), ordering: .relaxed) }

    /// 0–100: how loud the mix takes this voice, on the same curve as the volume and
    /// multiplied with it (the video heard at 100, the other at the window's volume).
    public var mixLevel: Int { renderer.mixLevel.load(ordering: .relaxed) }
    public func setMixLevel(_ level: Int) { renderer.mixLevel.store(min(100, max(0, level)), ordering: .relaxed) }

    public var isMuted: Bool { renderer.muted.load(ordering: .relaxed) }
    public func setMuted(_ muted: Bool) { renderer.muted.store(muted, ordering: .relaxed) }

    /// The media time of the sample the listener hears at `host`: the presentation time of
    /// the next sample to be written minus what the device still holds, as of the last
    /// callback, extrapolated to `host`. Nil until a sample of the ring's current serial
    /// has been played (just opened, just flushed): use the seek target meanwhile.
    public func clockTime(at host: HostTime) -> MediaTime? {
        let serial = ring.currentSerial
        return renderer.state.withLock { $0.clock.time(at: host, serial: serial) }
    }

    /// The clock's host-time reading: `clockTime(at:)` now.
    public func clockTimeNow() -> MediaTime? { clockTime(at: .monotonicNow()) }

    /// What the callback has rendered so far.
    public var statistics: AudioOutputStatistics { renderer.state.withLock { $0.counters } }

    /// Leaves the mix and refuses further writes to the ring; the last output to leave
    /// closes the device (joining SDL's audio thread) and stops the subsystem. Safe to
    /// call more than once.
    public func close() {
        guard isOpen else { return }
        isOpen = false
        ring.close()
        AudioDevice.shared.withLock { shared in
            if device.remove(renderer) {
                device.close()
                shared = nil
            } else {
                device.updatePause()
            }
        }
    }
}

/// The sound device's comings and goings, as the loop is told them.
public enum AudioDeviceChange: Equatable, Sendable {
    /// The device went away mid-play: every video goes on silently on the system clock.
    case lost(driver: String)
    /// It (or another with its name) came back and is heard again.
    case back(driver: String)
}

extension AudioOutput {
    /// Looks at the sound device once (each turn of the loop): its loss, said once, and its
    /// return; `deviceLost` follows what it finds. Nil when nothing changed or no device is open.
    public static func watchDevice() -> AudioDeviceChange? {
        AudioDevice.shared.withLock { $0?.watch() }
    }

    /// Whether the device this output plays on has gone away, as `watchDevice` last found
    /// (its clock then means nothing: SDL goes on calling back and throws the sound away).
    public var deviceLost: Bool { device.lost.load(ordering: .relaxed) }

    /// The driver's output devices (`--audio-device help`), by the names `Options.device`
    /// takes, and the driver's name. Some drivers list none and open only their default.
    public static func deviceNames() throws(AudioError) -> (driver: String, names: [String]) {
        try SDLAudio.initialize()
        defer { SDLAudio.quit() }
        return (SDLAudio.currentDriver, SDLAudio.outputDeviceNames())
    }
}
