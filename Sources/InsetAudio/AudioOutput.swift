import CSDL2
import InsetCore

/// The sound device, through SDL2's audio subsystem alone (no window, no events), fed from
/// an `AudioRing` by SDL's audio thread, and the audio clock that presentation follows.
///
/// Threads: SDL's audio thread runs the callback (`AudioRenderer`); the decode thread
/// writes into `ring`; every method here is for the owner's thread (the app's main thread)
/// and returns at once, except `close()`, which joins SDL's thread.
public final class AudioOutput: @unchecked Sendable {
    public struct Options: Sendable {
        /// How much decoded audio the ring holds ahead of the device.
        public var ringDuration: MediaTime
        /// 0–100.
        public var volume: Int
        public var muted: Bool
        public init(ringDuration: MediaTime = .milliseconds(300), volume: Int = 100, muted: Bool = false) {
            self.ringDuration = ringDuration; self.volume = volume; self.muted = muted
        }
    }

    /// What the device accepted, which the decoder must convert to (it may differ from the
    /// wanted rate or channel count).
    public let format: AudioFormat
    /// Where the decoder writes (an `AudioSink`).
    public let ring: AudioRing
    /// SDL's driver name: "pulseaudio", "alsa", "disk", "dummy"…
    public let driver: String
    /// Frames SDL asks for at each callback.
    public let bufferFrames: Int

    private let device: SDL_AudioDeviceID
    private let renderer: AudioRenderer
    private var isOpen = true
    private var isPaused = true

    /// Starts SDL's audio subsystem and opens the default device for `wanted` (interleaved
    /// float32), paused: call `pause(false)` once the ring has some audio in it. Throws
    /// `AudioError` when there is no driver or no device (the player then runs silent on
    /// the system clock). `SDL_AUDIODRIVER` picks the driver (dummy, disk… for tests).
    public init(wanted: AudioFormat, options: Options = Options()) throws(AudioError) {
        try SDLAudio.initialize()
        var spec = SDL_AudioSpec()
        spec.freq = Int32(wanted.sampleRate)
        spec.format = csdl2_audio_f32sys()
        // SDL2 takes 1, 2, 4, 6 or 8 channels; anything else is mixed down to stereo.
        spec.channels = [1, 2, 4, 6, 8].contains(wanted.channels) ? UInt8(wanted.channels) : 2
        spec.samples = Self.callbackFrames(rate: wanted.sampleRate, driver: SDLAudio.currentDriver)
        spec.callback = audioOutputCallback

        // SDL opens devices paused and calls back only once unpaused, so the renderer can
        // be handed to SDL first and given its ring (which needs the obtained format) after.
        let renderer = AudioRenderer()
        spec.userdata = Unmanaged.passRetained(renderer).toOpaque()
        let device: SDL_AudioDeviceID
        let obtained: SDL_AudioSpec
        do {
            (device, obtained) = try SDLAudio.open(wanted: spec)
        } catch {
            Unmanaged.passUnretained(renderer).release()
            SDLAudio.quit()
            throw error
        }
        let driver = SDLAudio.currentDriver
        let format = AudioFormat(sampleRate: Int(obtained.freq), channels: Int(obtained.channels))
        renderer.attach(ring: AudioRing(format: format, duration: options.ringDuration),
                        heldFrames: Self.heldFrames(driver: driver, bufferFrames: Int(obtained.samples)))
        self.device = device
        self.renderer = renderer
        self.ring = renderer.ring
        self.format = format
        self.driver = driver
        self.bufferFrames = Int(obtained.samples)
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

    /// Pauses or resumes the device (SDL_PauseAudioDevice); the clock freezes with it.
    public func pause(_ paused: Bool) {
        guard isOpen, paused != isPaused else { return }
        isPaused = paused
        let now = HostTime.monotonicNow()
        let serial = ring.currentSerial
        renderer.state.withLock { paused ? $0.clock.pause(at: now, serial: serial) : $0.clock.resume(at: now) }
        SDLAudio.pause(device, paused)
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

    /// Closes the device (joining SDL's audio thread), refuses further writes to the ring
    /// and stops the subsystem. Safe to call more than once.
    public func close() {
        guard isOpen else { return }
        isOpen = false
        ring.close()
        SDLAudio.close(device)
        Unmanaged.passUnretained(renderer).release()
        SDLAudio.quit()
    }
}
