import InsetCore
import Testing
@testable import InsetControl

/// The subtitles' looks as mpv's properties (`MpvPropertyRows.subtitleStyle`): read as their
/// options are, set through their command with the row's parse, stepped by the row's type.
@Suite("mpv IPC: sub-pos, sub-color, sub-scale, sub-font-size, sub-ass-override")
struct MpvSubtitleStylePropertyTests {
    static func state(_ settings: [(String, SettingValue)] = []) -> MpvState {
        var state = MpvPropertyTableTests.playing
        for (name, value) in settings { state.settings.set(name, value) }
        return state
    }

    @Test("get_property answers what was set, else mpv's default")
    func read() {
        #expect(MpvIPC.value(of: "sub-scale", in: Self.state()) == .success(.double(1)))
        #expect(MpvIPC.value(of: "sub-font-size", in: Self.state()) == .success(.double(55)))
        #expect(MpvIPC.value(of: "sub-ass-override", in: Self.state()) == .success(.string("yes")))
        #expect(MpvIPC.value(of: "sub-pos", in: Self.state([("sub-pos", .integer(80))])) == .success(.int(80)))
        #expect(MpvIPC.value(of: "sub-color", in: Self.state([("sub-color", .text("#FFFF00"))])) == .success(.string("#FFFF00")))
    }

    @Test("set_property runs the look's command with the parsed value; a value mpv refuses is its unsupported format")
    func write() {
        let state = Self.state()
        #expect(MpvIPC.set("sub-scale", to: .double(2), in: state) == .run([.subtitleStyle(name: "sub-scale", value: .number(2))], data: nil))
        #expect(MpvIPC.set("sub-pos", to: .double(80), in: state) == .run([.subtitleStyle(name: "sub-pos", value: .integer(80))], data: nil))
        #expect(MpvIPC.set("sub-color", to: .string("1/1/0"), in: state)
                == .run([.subtitleStyle(name: "sub-color", value: .text("1/1/0"))], data: nil))
        #expect(MpvIPC.set("sub-ass-override", to: .string("force"), in: state)
                == .run([.subtitleStyle(name: "sub-ass-override", value: .text("force"))], data: nil))
        #expect(MpvIPC.set("sub-scale", to: .int(200), in: state) == .fail(.propertyFormat))
        #expect(MpvIPC.set("sub-pos", to: .double(80.5), in: state) == .fail(.propertyFormat))
        #expect(MpvIPC.set("sub-ass-override", to: .string("maybe"), in: state) == .fail(.propertyFormat))
    }

    @Test("add and cycle step from the value read, held to the row's range")
    func steps() {
        #expect(MpvIPC.step("add", [.string("sub-scale"), .double(0.5)], in: Self.state())
                == .run([.subtitleStyle(name: "sub-scale", value: .number(1.5))], data: .null))
        #expect(MpvIPC.step("add", [.string("sub-pos"), .int(-10)], in: Self.state([("sub-pos", .integer(95))]))
                == .run([.subtitleStyle(name: "sub-pos", value: .integer(85))], data: .null))
        #expect(MpvIPC.step("add", [.string("sub-pos"), .int(90)], in: Self.state())
                == .run([.subtitleStyle(name: "sub-pos", value: .integer(150))], data: .null))
        #expect(MpvIPC.step("cycle", [.string("sub-ass-override")], in: Self.state())
                == .run([.subtitleStyle(name: "sub-ass-override", value: .text("force"))], data: .null))
    }
}
