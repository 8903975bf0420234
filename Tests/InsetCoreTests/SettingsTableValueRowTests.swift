@testable import InsetCore
import Testing

/// A setting kept by value (`Setting.Use.value`) is one row: the command line hands it to
/// the play command as `--mpv-setting NAME=VALUE`, read back by the same row's type.
/// `--playlist-start` is the first such row (the director test plays by it).
@Suite struct SettingsTableValueRowTests {
    @Test("--playlist-start=1 reaches the play command as the row's value, checked as mpv checks it")
    func commandLine() throws {
        let translated = try MpvCommandLine.translate(["--playlist-start=1", "a.mp4"]).arguments
        #expect(translated == ["--mpv-setting", "playlist-start=1", "a.mp4"])
        let (name, value) = try #require(SettingValues.parse(argument: "playlist-start=1"))
        #expect(name == "playlist-start" && value == .integer(1))
        #expect(throws: MpvCommandLine.Refusal.self) { try MpvCommandLine.translate(["--playlist-start=first"]) }
        #expect(SettingValues()["playlist-start"] == .text("auto"), "the default, when nothing is given")
    }
}
