import InsetCore
import Testing
@testable import InsetControl

/// What a command, a session setting or a name raises (`MpvRaisedProperties`): the rows the
/// settings table says the command sets, their other names, what reads them; everything for
/// a command no row names.
@Suite struct MpvRaisedPropertiesTests {
    static func raised(by command: Command) -> MpvRaisedProperties {
        var raised = MpvRaisedProperties()
        raised.raise(changedBy: command)
        return raised
    }

    @Test("volume by a key raises volume alone; pause raises pause; audio the track and the list")
    func commandsRaiseTheirRows() {
        let volume = Self.raised(by: .volume(.by(5)))
        #expect(!volume.all && volume.names == ["volume"])
        #expect(Self.raised(by: .pause(nil)).names == ["pause"])
        #expect(Self.raised(by: .speed(.to(PlaybackSpeed(text: "2")!))).names == ["speed"])
        #expect(MpvPropertyRows.row(named: "core-idle")?.followsPlayer == true, "read each turn: a pause changes it too")
        #expect(Self.raised(by: .audio(.next)).names == ["aid", "track-list"])
        #expect(Self.raised(by: .seek(by: .seconds(5))).names.isSuperset(of: ["time-pos", "playback-time", "percent-pos", "chapter"]))
    }

    @Test("a part of a property is raised with it: playlist/0/filename with playlist, options/volume with volume")
    func subPaths() {
        var raised = MpvRaisedProperties()
        raised.raise(["playlist-count", "volume"])
        #expect(raised.contains("playlist/0/filename") && raised.contains("options/volume"))
        #expect(!raised.contains("chapter-list/0/title") && !raised.contains("options/speed"))
    }

    @Test("a command no row names (focus, swap) raises every property")
    func unnamedCommandsRaiseAll() {
        #expect(Self.raised(by: .swap).all)
        #expect(Self.raised(by: .focus(.toggle)).contains("volume"))
    }

    @Test("a session setting raises its row's names: video is vid too")
    func sessionSettings() {
        var raised = MpvRaisedProperties()
        raised.raise(MpvSessionSetting.video(false).propertyNames)
        #expect(raised.names == ["video", "vid"])
        #expect(MpvSessionSetting.loopFile(nil).propertyNames.allSatisfy { SettingsTable.property(named: $0) != nil })
        #expect(MpvSessionSetting.loopPlaylist(true).propertyNames.allSatisfy { SettingsTable.property(named: $0) != nil })
    }
}
