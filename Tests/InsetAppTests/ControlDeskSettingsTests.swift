import InsetControl
import InsetCore
import Testing
@testable import InsetApp
@testable import InsetPlayback

/// `inset ctl get NAME` for the table's settings and mpv's options, beside its own few.
@Suite struct ControlDeskSettingsTests {
    @Test func settingsAnswerThroughTheTable() {
        var state = MpvState()
        state.idle = false
        state.volume = 70
        state.speed = 1.5
        #expect(ControlDesk.setting("volume", in: state) == .double(70))
        #expect(ControlDesk.setting("speed", in: state) == .double(1.5))
        #expect(ControlDesk.setting("audio-lang", in: state) == .array([]), "Inset's name of mpv's --alang: its default")
        #expect(ControlDesk.setting("hwdec", in: state) == .string("no"), "an mpv option Inset ignores: mpv's default")
        #expect(ControlDesk.setting("no-such", in: state) == nil)
    }
}
