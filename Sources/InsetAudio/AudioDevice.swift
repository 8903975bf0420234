import CSDL2
import InsetCore
import Synchronization

/// The one sound device every video's sound goes to: opened by the first `AudioOutput`,
/// closed with the last, and fed by SDL's audio thread with the sum of every voice.
///
/// One device because many cannot be opened twice (raw ALSA hardware, SDL's disk driver,
/// many USB and Bluetooth setups): a second video opening its own was silent there.
///
/// Threads: `voices` changes only under SDL's lock on the device (`SDL_LockAudioDevice`),
/// which SDL holds while it runs the callback; everything else is for the thread that holds
/// `AudioDevice.shared`'s lock.
final class AudioDevice: @unchecked Sendable {
    /// The open device, if any, behind the lock every opener and closer takes.
    static let shared = Locked<AudioDevice?>(nil)

    let format: AudioFormat
    let driver: String
    /// Frames SDL asks for at each callback.
    let bufferFrames: Int
    /// What was asked for (nil: the system's default), to open again after a loss.
    let requestedName: String?
    private(set) var id: SDL_AudioDeviceID
    private let mixer: AudioMixer

    private init(id: SDL_AudioDeviceID, obtained: SDL_AudioSpec, name: String?, mixer: AudioMixer) {
        self.id = id
        self.mixer = mixer
        requestedName = name
        driver = SDLAudio.currentDriver
        format = AudioFormat(sampleRate: Int(obtained.freq), channels: Int(obtained.channels))
        bufferFrames = Int(obtained.samples)
        mixer.prepare(format: format, frames: bufferFrames)
    }

    /// Opens the device for `wanted` (the first video's format: later voices convert to
    /// the one obtained), on `name` or the default. Starts SDL's audio subsystem.
    static func open(wanted: AudioFormat, name: String?) throws(AudioError) -> AudioDevice {
        try SDLAudio.initialize()
        let mixer = AudioMixer()
        do {
            let (id, obtained) = try SDLAudio.open(wanted: spec(for: wanted, mixer: mixer), name: name)
            return AudioDevice(id: id, obtained: obtained, name: name, mixer: mixer)
        } catch {
            Unmanaged.passUnretained(mixer).release()
            SDLAudio.quit()
            throw error
        }
    }

    private static func spec(for wanted: AudioFormat, mixer: AudioMixer) -> SDL_AudioSpec {
        var spec = SDL_AudioSpec()
        spec.freq = Int32(wanted.sampleRate)
        spec.format = csdl2_audio_f32sys()
        // SDL2 takes 1, 2, 4, 6 or 8 channels; anything else is mixed down to stereo.
        spec.channels = [1, 2, 4, 6, 8].contains(wanted.channels) ? UInt8(wanted.channels) : 2
        spec.samples = AudioOutput.callbackFrames(rate: wanted.sampleRate, driver: SDLAudio.currentDriver)
        spec.callback = audioDeviceCallback
        // Retained for as long as the device is open; released by `close`.
        spec.userdata = Unmanaged.passRetained(mixer).toOpaque()
        return spec
    }

    /// What the device still holds when SDL calls back (see `AudioOutput.heldFrames`).
    var heldFrames: Int { AudioOutput.heldFrames(driver: driver, bufferFrames: bufferFrames) }

    func add(_ voice: AudioRenderer) {
        SDL_LockAudioDevice(id)
        mixer.voices.append(voice)
        SDL_UnlockAudioDevice(id)
    }

    /// Takes `voice` out of the mix; true when it was the last one.
    func remove(_ voice: AudioRenderer) -> Bool {
        SDL_LockAudioDevice(id)
        mixer.voices.removeAll { $0 === voice }
        let empty = mixer.voices.isEmpty
        SDL_UnlockAudioDevice(id)
        return empty
    }

    /// SDL calls back while any voice plays, and is paused (no callbacks, no CPU) while
    /// none does.
    func updatePause() {
        SDL_LockAudioDevice(id)
        let anyPlaying = mixer.voices.contains { !$0.paused.load(ordering: .relaxed) }
        SDL_UnlockAudioDevice(id)
        SDLAudio.pause(id, !anyPlaying)
    }

    /// The device went away (unplugged, its server gone, its file unwritable): SDL goes on
    /// calling back at the device's pace and throws the sound away.
    var isLost: Bool { SDL_GetAudioDeviceStatus(id) == SDL_AUDIO_STOPPED }

    /// Whether `watch` found the device gone, until it is back: what every voice's clock
    /// reads, on every frame, without a lock or a call into SDL.
    let lost = Atomic<Bool>(false)

    /// One look at the device, on a turn of the loop: its loss, once, and once it is lost,
    /// whether a device that came (SDL's hotplug events) lets it be opened again.
    func watch() -> AudioDeviceChange? {
        let added = SDLAudio.takeOutputDeviceAdded()
        if !lost.load(ordering: .relaxed) {
            guard isLost else { return nil }
            lost.store(true, ordering: .relaxed)
            return .lost(driver: driver)
        }
        guard added, reopen() else { return nil }
        lost.store(false, ordering: .relaxed)
        return .back(driver: driver)
    }

    /// After a loss, opens the same device again (or the default) with the same format and
    /// moves every voice to it, paused or playing as they were. False when it cannot be
    /// opened yet.
    func reopen() -> Bool {
        var wanted = SDL_AudioSpec()
        wanted.freq = Int32(format.sampleRate)
        wanted.format = csdl2_audio_f32sys()
        wanted.channels = UInt8(format.channels)
        wanted.samples = UInt16(bufferFrames)
        wanted.callback = audioDeviceCallback
        wanted.userdata = Unmanaged.passUnretained(mixer).toOpaque()
        guard let (newID, obtained) = try? SDLAudio.open(wanted: wanted, name: requestedName, exactly: true),
              Int(obtained.freq) == format.sampleRate, Int(obtained.channels) == format.channels else { return false }
        SDLAudio.close(id)
        id = newID
        updatePause()
        return true
    }

    /// Closes the device (joining SDL's thread) and stops the subsystem.
    func close() {
        SDLAudio.close(id)
        Unmanaged.passUnretained(mixer).release()
        SDLAudio.quit()
    }
}

/// What SDL's thread runs: the sum of every playing voice, each at its own gain, each
/// stamping its own clock with only its own samples.
final class AudioMixer: @unchecked Sendable {
    /// Changed only under SDL's device lock, which the callback runs under.
    var voices: [AudioRenderer] = []
    private var scratch = UnsafeMutablePointer<Float>.allocate(capacity: 0)
    private var scratchCount = 0
    private var format = AudioFormat(sampleRate: 48_000, channels: 2)

    /// Set once before the device first calls back.
    func prepare(format: AudioFormat, frames: Int) {
        self.format = format
        grow(to: frames * format.channels)
    }

    deinit { scratch.deallocate() }

    private func grow(to count: Int) {
        guard count > scratchCount else { return }
        scratch.deallocate()
        scratch = .allocate(capacity: count)
        scratchCount = count
    }

    func mix(into stream: UnsafeMutableRawPointer, byteCount: Int) {
        let host = HostTime.monotonicNow()
        let frames = byteCount / format.bytesPerFrame
        let count = frames * format.channels
        let out = stream.bindMemory(to: Float.self, capacity: count)
        out.update(repeating: 0, count: count)
        // SDL's buffer size does not change while open; a larger one would only come from
        // a driver that ignores the spec, and is then grown once, off the common path.
        grow(to: count)
        for voice in voices where !voice.paused.load(ordering: .relaxed) {
            voice.render(into: scratch, frames: frames, host: host)
            voice.add(scratch, into: out, count: count)
        }
    }
}

/// The C function SDL calls on its audio thread; `userdata` is the mixer, retained by the
/// device for as long as it is open.
func audioDeviceCallback(_ userdata: UnsafeMutableRawPointer?, _ stream: UnsafeMutablePointer<UInt8>?, _ length: Int32) {
    guard let userdata, let stream, length > 0 else { return }
    Unmanaged<AudioMixer>.fromOpaque(userdata)._withUnsafeGuaranteedRef {
        $0.mix(into: UnsafeMutableRawPointer(stream), byteCount: Int(length))
    }
}
