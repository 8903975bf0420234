import Testing
@testable import InsetCore

/// The subtitles' looks as settings, commands and plain events (`SubtitleTextStyle`,
/// `CommandTable.subtitleStyleRows`, `PlainAssScript`).
@Suite("Subtitle text style: settings, commands, plain events")
struct SubtitleTextStyleTests {
    @Test("the settings' values become the style; what was not given is mpv's default")
    func fromSettings() {
        #expect(SubtitleTextStyle(settings: SettingValues()) == SubtitleTextStyle())
        var settings = SettingValues()
        settings.set("sub-scale", .number(2))
        settings.set("sub-font-size", .number(40))
        settings.set("sub-pos", .integer(80))
        settings.set("sub-color", .text("#FFFF00"))
        settings.set("sub-ass-override", .text("force"))
        #expect(SubtitleTextStyle(settings: settings)
                == SubtitleTextStyle(scale: 2, fontSize: 40, colour: 0xFFFF_0000, position: 80, override: .force))
    }

    @Test("mpv's colour forms as libass's RRGGBBAA, AA the transparency", arguments: [
        ("#FFFF00", UInt32(0xFFFF_0000)), ("#80FF0000", 0xFF00_007F), ("1/0/0", 0xFF00_0000), ("0/0/1/0", 0x0000_FFFF),
    ])
    func colours(text: String, libass: UInt32) {
        #expect(SubtitleTextStyle.libassColour(fromMpv: text) == libass)
    }

    @Test("each look is a command parsed by its setting's row, written back the same; a value the row refuses is refused")
    func commands() throws {
        #expect(try Command(parsing: "sub-scale 2") == .subtitleStyle(name: "sub-scale", value: .number(2)))
        #expect(try Command(parsing: "sub-pos 80") == .subtitleStyle(name: "sub-pos", value: .integer(80)))
        #expect(try Command(parsing: "sub-ass-override force") == .subtitleStyle(name: "sub-ass-override", value: .text("force")))
        #expect(Command.subtitleStyle(name: "sub-font-size", value: .number(40)).words == ["sub-font-size", "40.000"])
        for wrong in ["sub-scale 200", "sub-pos 151", "sub-ass-override maybe", "sub-color purple", "sub-font-size"] {
            #expect(throws: Command.ParseError.self, "\(wrong)") { try Command(parsing: wrong) }
        }
        #expect(SubtitleTextStyle.settingNames.allSatisfy { SettingsTable.setting(named: $0)?.command == $0 })
    }

    @Test("mpv's command line keeps the looks for the player, as the settings' rows parse them")
    func commandLine() throws {
        let line = try MpvCommandLine.translate(["--sub-scale=2", "--sub-ass-override=strip", "--sub-font-size=40", "f"])
        let kept = line.arguments.compactMap(SettingValues.parse(argument:))
        #expect(kept.contains { $0.0 == "sub-scale" && $0.1 == .number(2) }, "\(line.arguments)")
        #expect(kept.contains { $0.0 == "sub-ass-override" && $0.1 == .text("strip") })
        #expect(kept.contains { $0.0 == "sub-font-size" && $0.1 == .number(40) })
        #expect(throws: MpvCommandLine.Refusal.self) { try MpvCommandLine.translate(["--sub-scale=200", "f"]) }
    }

    @Test("plain words as one event of the default style: lines as \\N, braces and backslashes no tag, on top with \\an8")
    func plainEvents() {
        #expect(PlainAssScript.event("one\ntwo", top: false) == "0,Default,,0,0,0,,one\\Ntwo")
        #expect(PlainAssScript.event("{\\b1}x", top: true) == "0,Default,,0,0,0,,{\\an8}\\{\\\u{2060}b1}x")
        let cue = PlainAssScript.cue(SubtitleCue(start: .zero, end: .seconds(1), text: "hi", assEvents: ["0,Sign,,0,0,0,,{\\b1}hi"]), top: true)
        #expect(cue.assEvents == ["0,Default,,0,0,0,,{\\an8}hi"])
    }
}
