import InsetCore
import Testing
@testable import InsetControl

/// mpv's options as properties, through the settings table and mpv's catalogue: what
/// `get_property`, `options/NAME` and `set_property` give for an option Inset plays by, for
/// one it ignores, and for a name mpv does not have (mpv 0.35's replies: `get_property hwdec`
/// is "no", `options/volume` 100, `set_property hwdec 5`'s format error).
@Suite struct MpvIPCOptionsTests {
    private var playing: MpvState {
        var state = MpvState()
        state.idle = false
        state.volume = 80
        return state
    }

    @Test func optionsReadAsProperties() throws {
        let state = playing
        #expect(try MpvIPC.value(of: "options/volume", in: state).get() == .double(80), "a setting Inset plays by: its live value")
        #expect(try MpvIPC.value(of: "hwdec", in: state).get() == .string("no"), "ignored: mpv's default")
        #expect(try MpvIPC.value(of: "options/hwdec", in: state).get() == .string("no"))
        #expect(try MpvIPC.value(of: "options/keep-open", in: state).get() == .string("no"))
        #expect(try MpvIPC.value(of: "options/ytdl", in: state).get() == .bool(true))
        #expect(try MpvIPC.value(of: "options/demuxer-readahead-secs", in: state).get() == .double(1))
        #expect(try MpvIPC.value(of: "options/ab-loop-count", in: state).get() == .string("inf"))
        #expect(try MpvIPC.value(of: "options/script-opts", in: state).get() == .object([:]))
        #expect(try MpvIPC.value(of: "options/start", in: state).get() == .string("none"))
        #expect(MpvIPC.value(of: "options/no-such-option", in: state) == .failure(.propertyNotFound))
        #expect(MpvIPC.value(of: "options/zoom", in: state) == .failure(.propertyNotFound), "mpv removed it")
    }

    @Test func settingAnOptionInsetIgnoresChecksItsValue() {
        let state = playing
        func translate(_ words: JSONValue...) -> MpvAction { MpvIPC.translate(words, in: state) }
        #expect(translate("set_property", "hwdec", "auto") == .run([], data: nil))
        #expect(translate("set_property", "options/cache", "yes") == .run([], data: nil))
        #expect(translate("set_property", "options/cache", "maybe") == .fail(.propertyFormat), "mpv's choices: no, auto, yes")
        #expect(translate("set_property", "demuxer-readahead-secs", "abc") == .fail(.propertyFormat))
        #expect(translate("set_property", "options/no-such-option", 1) == .fail(.propertyNotFound))
    }
}
