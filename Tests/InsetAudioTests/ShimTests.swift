import CSDL2
import Testing
import InsetTestSupport

/// Every wrapper of the CSDL2 shim against the macro it stands for.
@Suite("The SDL2 shim", .tags(.timed))
struct ShimTests {
    @Test("audio formats and flags are SDL's")
    func formatsAndFlags() {
        #expect(csdl2_init_audio() == 0x10)
        #expect(csdl2_audio_f32sys() == (UInt16(0x8120) | (csdl2_audio_s16sys() & 0x1000)))
        #expect(csdl2_audio_bitsize(csdl2_audio_f32sys()) == 32)
        #expect(csdl2_audio_is_float(csdl2_audio_f32sys()) == 1)
        #expect(csdl2_audio_bitsize(csdl2_audio_s16sys()) == 16)
        #expect(csdl2_audio_is_float(csdl2_audio_s16sys()) == 0)
        #expect(csdl2_allow_frequency_change() == 1)
        #expect(csdl2_allow_format_change() == 2)
        #expect(csdl2_allow_channels_change() == 4)
        #expect(csdl2_allow_samples_change() == 8)
    }

    @Test("the signal-handler hint is set and logs are silenced without touching stderr")
    func hintsAndLogs() {
        csdl2_disable_signal_handlers()
        #expect(SDL_GetHint("SDL_NO_SIGNAL_HANDLERS").map { String(cString: $0) } == "1")
        csdl2_silence_logs()
        var function: SDL_LogOutputFunction? = nil
        var userdata: UnsafeMutableRawPointer? = nil
        SDL_LogGetOutputFunction(&function, &userdata)
        #expect(function != nil)
    }
}
