import InsetControl
import InsetCore
import Testing
@testable import InsetApp

/// `inset ctl get NAME` and `set NAME VALUE` find the name in the settings table, by
/// Inset's name or mpv's (`MpvIPC.mpvName(for:)`), and read or set it through the row's
/// reading in mpv's IPC: no list of names of its own (there was one, `ControlDesk.properties`,
/// seven names answered from the video's status, and `set` took mpv's names only).
@Suite struct ControlNamesTableTests {
    /// A state with a file playing, paused, at 12 s of 60, in the window, at 1.5×.
    static var state: MpvState {
        var state = MpvState()
        state.idle = false
        state.paused = true
        state.time = 12
        state.duration = 60
        state.speed = 1.5
        state.path = "/v/a.mp4"
        state.title = "A film"
        state.inWindow = true
        return state
    }

    @Test("Inset's names read what mpv's names read: time, paused, pip, file, title, duration, speed")
    func insetNamesAreRows() {
        let pairs = ["time": "time-pos", "paused": "pause", "pip": "inset-pip", "file": "path", "title": "media-title",
                     "duration": "duration", "speed": "speed"]
        for (inset, mpv) in pairs {
            #expect(MpvIPC.mpvName(for: inset) == mpv, "\(inset)")
            #expect(ControlDesk.setting(inset, in: Self.state) == ControlDesk.setting(mpv, in: Self.state), "\(inset)")
        }
        #expect(ControlDesk.setting("time", in: Self.state) == .double(12))
        #expect(ControlDesk.setting("paused", in: Self.state) == .bool(true))
        #expect(ControlDesk.setting("pip", in: Self.state) == .bool(true))
        #expect(ControlDesk.setting("file", in: Self.state) == .string("/v/a.mp4"))
        #expect(ControlDesk.setting("title", in: Self.state) == .string("A film"))
    }

    /// Every row of the table answers `get` by Inset's name: a row added is read with no other
    /// code. Where a setting and a live property share Inset's name (`window-corner`: the
    /// window's corner to start in, and where it is now), the live property is read.
    @Test("every row's Inset name is read through its row; a live property before a setting of its name")
    func everyRowByItsInsetName() {
        let live = Set(SettingsTable.propertyRows.map(\.name))
        for row in SettingsTable.all + SettingsTable.propertyRows where !(live.contains(row.name) && row.propertyNames.isEmpty) {
            let mpv = row.propertyNames.first ?? row.mpvNames.first ?? row.name
            #expect(MpvIPC.mpvName(for: row.name) == mpv, "\(row.name)")
        }
        #expect(MpvIPC.mpvName(for: "window-corner") == "inset-window-corner")
    }

    @Test("ctl's mpv requests by Inset's names: set paused, cycle pip, add time, observe paused, cycle-values !reverse")
    func requestsRenamed() {
        func words(_ list: [JSONValue]) -> [JSONValue] { MpvIPC.withMpvNames(list) }
        #expect(words([.string("set"), .string("paused"), .string("yes")]) == [.string("set"), .string("pause"), .string("yes")])
        #expect(words([.string("cycle"), .string("pip")]) == [.string("cycle"), .string("inset-pip")])
        #expect(words([.string("add"), .string("time"), .int(5)]) == [.string("add"), .string("time-pos"), .int(5)])
        #expect(words([.string("observe_property"), .int(1), .string("paused")])[2] == .string("pause"))
        #expect(words([.string("cycle-values"), .string("!reverse"), .string("paused"), .string("yes")])[2] == .string("pause"))
        #expect(words([.string("set"), .string("loop-file"), .string("inf")])[1] == .string("loop-file"), "mpv's names kept")
        #expect(words([.string("seek"), .string("time")]) == [.string("seek"), .string("time")], "not a property's place")
    }
}
