import Foundation
import InsetCore
import Testing
@testable import InsetControl

/// mpv's IPC reads the settings table: every name it answers live is a property row
/// (`SettingsTable.propertyNames`), and every property row is answered. A name kept in a
/// switch of MpvIPC with no row fails here, whether mpv spells it as an option or not.
@Suite struct MpvPropertyTableTests {
    /// A file playing with something in every part of the state, so no live property is
    /// unavailable for want of a file, a chapter, a track or the window.
    static let playing: MpvState = {
        var state = MpvState()
        state.idle = false
        state.time = 12
        state.duration = 60
        state.path = "/media/film.mkv"
        state.tags = MediaTags(title: "Film")
        state.playlist = ["/media/film.mkv"]
        state.playlistCount = 1
        state.playlistPosition = 0
        state.chapters = [.init(title: "One", time: 0), .init(title: "Two", time: 30)]
        state.audioTracks = [.init(language: "eng")]
        state.audioSelected = 0
        state.subtitleTracks = [.init(language: "fre")]
        state.inWindow = true
        state.windowCorner = "top-left"
        state.session.cachedAhead = 3
        return state
    }()

    /// Every name a reader could keep: mpv's options, the table's names, and every word in
    /// quotes in InsetControl's sources (where a switch of names would be).
    static let candidates: [String] = {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/InsetControl")
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        var words: Set<String> = Set(MpvOptionCatalogue.entries.keys)
        for row in SettingsTable.all + SettingsTable.propertyRows { words.formUnion([row.name] + row.mpvNames + row.propertyNames) }
        let quoted = try! NSRegularExpression(pattern: #""([a-z][a-z0-9-]*)""#)
        for file in files where file.hasSuffix(".swift") {
            let text = (try? String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)) ?? ""
            for match in quoted.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                words.insert((text as NSString).substring(with: match.range(at: 1)))
            }
        }
        return words.sorted()
    }()

    @Test("the sources' words are read: the test would see a name kept in a switch")
    func candidatesIncludeTheSources() {
        #expect(Self.candidates.contains("loadfile"), "a command's name, quoted in MpvIPC+Commands.swift")
        #expect(Self.candidates.count > 1000)
    }

    @Test("a name that is no property row is answered as an option is (its default), never live")
    func everyLiveNameIsARow() {
        let live = Set(SettingsTable.propertyNames)
        for name in Self.candidates where !live.contains(name) {
            let answer = MpvIPC.value(of: name, in: Self.playing)
            #expect(answer == MpvIPC.optionValue(of: name, in: Self.playing), "get_property \(name) answers live with no row")
            let set = MpvIPC.set(name, to: .string("yes"), in: Self.playing)
            #expect(set == MpvIPC.setOption(name, to: .string("yes")), "set_property \(name) acts with no row")
        }
    }

    @Test("every property row is answered, and listed in property-list")
    func everyRowIsAnswered() throws {
        for name in SettingsTable.propertyNames {
            let answer = MpvIPC.value(of: name, in: Self.playing)
            #expect(answer != .failure(.propertyNotFound), "\(name) is a row MpvIPC does not answer")
            if case .failure(let why) = answer { Issue.record("\(name): \(why.rawValue) while a file plays") }
        }
        let list = try MpvIPC.value(of: "property-list", in: Self.playing).get()
        #expect(list == .array(SettingsTable.propertyNames.map(JSONValue.string)))
    }

    @Test("each property name is one row's, by mpv's name or Inset's")
    func propertyNamesAreUnique() {
        #expect(Set(SettingsTable.propertyNames).count == SettingsTable.propertyNames.count)
        #expect(SettingsTable.property(named: "time-pos")?.name == "time")
        #expect(SettingsTable.property(named: "pip")?.propertyNames == ["inset-pip"])
        #expect(SettingsTable.property(named: "volume")?.command == "volume")
    }
}

/// The rows' readings and setters (`MpvPropertyRows`) are the settings table's: a reading
/// kept for a name with no row, a row with no reading, or a setter on a row that names no
/// command (and none on one that does) fails here.
@Suite struct MpvPropertyRowsTests {
    @Test("each property row of the table has one reading, under the same names, and no reading is of a name with no row")
    func readingsAreRows() {
        for setting in SettingsTable.propertyRows {
            let row = MpvPropertyRows.row(named: setting.propertyNames[0])
            #expect(row?.names == setting.propertyNames, "\(setting.name): its reading's names")
        }
        let read = MpvPropertyRows.all.flatMap(\.names)
        #expect(read.sorted() == SettingsTable.propertyNames.sorted())
        #expect(Set(read).count == read.count, "a name read twice")
    }

    @Test("a property can be set exactly when its row names the command that sets it")
    func settersFollowTheRowsCommand() {
        for setting in SettingsTable.propertyRows {
            let row = MpvPropertyRows.row(named: setting.propertyNames[0])
            #expect((row?.write != nil) == (setting.command != nil), "\(setting.name): command \(setting.command ?? "none")")
            let set = MpvIPC.set(setting.propertyNames[0], to: .string("1"), in: MpvPropertyTableTests.playing)
            if setting.command == nil { #expect(set == .fail(.propertyError), "\(setting.name) is read only") }
        }
    }
}
