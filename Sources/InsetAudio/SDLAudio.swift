import CSDL2
import Foundation

/// Thin throwing wrappers over the SDL2 audio calls the output makes; each names the C
/// function it calls. Only `AudioOutput` uses them.
enum SDLAudio {
    /// SDL_InitSubSystem(SDL_INIT_AUDIO | SDL_INIT_EVENTS) (the events carry devices coming
    /// and going; no window is made), after telling SDL to leave signals and stderr
    /// alone (the player owns both). Reference-counted by SDL: pair with `quit()`.
    static func initialize() throws(AudioError) {
        csdl2_disable_signal_handlers()
        csdl2_silence_logs()
        defer { releaseThreadState() }
        if SDL_InitSubSystem(csdl2_init_audio() | csdl2_init_events()) != 0 {
            throw AudioError.noDriver(detail: AudioError.oneLine(lastError()))
        }
    }

    /// SDL_TLSCleanup: SDL keeps error strings (set by drivers it tries and drops) in
    /// storage of the calling thread that it frees only for its own threads; the threads
    /// that open sound here (the opener, a test's) end, and those strings would be lost.
    /// Called once an error, if any, has been read.
    static func releaseThreadState() { SDL_TLSCleanup() }

    /// SDL_QuitSubSystem(SDL_INIT_AUDIO), and SDL_Quit once no subsystem is left: SDL keeps
    /// its hints and per-thread error strings until then (LeakSanitizer sees them as lost
    /// once the thread that opened the device has ended).
    static func quit() {
        SDL_QuitSubSystem(csdl2_init_audio() | csdl2_init_events())
        if SDL_WasInit(0) == 0 { SDL_Quit() }
    }

    /// SDL_GetCurrentAudioDriver: "pulseaudio", "alsa", "disk", "dummy"…
    static var currentDriver: String {
        SDL_GetCurrentAudioDriver().map { String(cString: $0) } ?? "none"
    }

    /// SDL_OpenAudioDevice on `name` (nil: the default output device) with float32
    /// samples, letting SDL change the rate and channel count to what the device has (the
    /// decoder converts to what it got) but not the sample format, unless `exactly`.
    /// Returns the device and the obtained spec.
    static func open(wanted: SDL_AudioSpec, name: String? = nil, exactly: Bool = false) throws(AudioError) -> (SDL_AudioDeviceID, SDL_AudioSpec) {
        var desired = wanted
        var obtained = SDL_AudioSpec()
        let allowed = exactly ? 0 : csdl2_allow_frequency_change() | csdl2_allow_channels_change()
        let device = name.map { SDL_OpenAudioDevice($0, 0, &desired, &obtained, Int32(allowed)) }
            ?? SDL_OpenAudioDevice(nil, 0, &desired, &obtained, Int32(allowed))
        defer { releaseThreadState() }
        if device == 0 {
            let detail = AudioError.oneLine(lastError())
            throw AudioError.noDevice(driver: currentDriver, detail: name.map { "\"\($0)\": \(detail)" } ?? detail)
        }
        guard obtained.format == csdl2_audio_f32sys(), obtained.channels > 0, obtained.freq > 0 else {
            SDL_CloseAudioDevice(device)
            throw AudioError.unsupportedFormat(detail: "format \(obtained.format), \(obtained.channels) ch, \(obtained.freq) Hz")
        }
        return (device, obtained)
    }

    /// SDL_GetNumAudioDevices / SDL_GetAudioDeviceName: the output devices the driver
    /// knows of (some drivers list none and open only their default).
    static func outputDeviceNames() -> [String] {
        let count = SDL_GetNumAudioDevices(0)
        guard count > 0 else { return [] }
        return (0..<count).compactMap { SDL_GetAudioDeviceName($0, 0).map { String(cString: $0) } }
    }

    /// SDL_PeepEvents for the audio device events: whether an output device was added
    /// since the last call (the subsystem's event queue holds them; nothing else is in it).
    static func takeOutputDeviceAdded() -> Bool {
        var added = false
        var event = SDL_Event()
        while SDL_PeepEvents(&event, 1, SDL_GETEVENT, SDL_AUDIODEVICEADDED.rawValue, SDL_AUDIODEVICEREMOVED.rawValue) > 0 {
            if event.type == SDL_AUDIODEVICEADDED.rawValue && event.adevice.iscapture == 0 { added = true }
        }
        return added
    }

    /// SDL_PauseAudioDevice: while paused SDL feeds the device silence and does not call back.
    static func pause(_ device: SDL_AudioDeviceID, _ paused: Bool) { SDL_PauseAudioDevice(device, paused ? 1 : 0) }

    /// SDL_CloseAudioDevice: stops and joins SDL's audio thread, so no callback runs after it.
    static func close(_ device: SDL_AudioDeviceID) { SDL_CloseAudioDevice(device) }

    /// SDL_GetError, as a Swift string.
    static func lastError() -> String { SDL_GetError().map { String(cString: $0) } ?? "" }
}
