import InsetCore
import Testing
@testable import InsetApp

/// `inset ctl get NAME` reads the settings table: the names it answers from the video's
/// status are rows (Inset's names: `time` is `time-pos`'s, `paused` is `pause`'s), so none is
/// a name of its own, and each row's live property answers the same thing over mpv's IPC.
@Suite struct ControlNamesTableTests {
    @Test("every name ctl get answers itself is a row of the table")
    func ctlNamesAreRows() {
        for name in ControlDesk.properties {
            let row = SettingsTable.property(named: name) ?? SettingsTable.setting(named: name)
            #expect(row != nil, "inset ctl get \(name) has no row")
            #expect(row?.propertyNames.isEmpty == false, "\(name)'s row has no live property for mpv's IPC")
        }
        #expect(SettingsTable.setting(named: "paused")?.propertyNames == ["pause"])
        #expect(SettingsTable.property(named: "file")?.propertyNames == ["path"])
    }
}
