import InsetCore
import Testing
@testable import InsetConfig

/// mpv's option names as config keys, through the settings table and mpv's catalogue: a
/// value mpv takes is ignored and named for the log, one mpv refuses is a problem in mpv's
/// words, a name neither Inset nor mpv has is still unknown.
@Suite struct ConfigMpvOptionsTests {
    @Test func mpvsOptionsAreIgnoredAndNamed() {
        let config = ConfigReader.read(path: "config", text: "hwdec = \"auto\"\ncache = true\ndemuxer-readahead-secs = 20\nvolume = 40\n")
        #expect(config.problems.isEmpty, "\(config.problems)")
        #expect(config.ignoredMpvOptions == ["hwdec = auto", "cache = yes", "demuxer-readahead-secs = 20"])
        #expect(config.volume == 40, "Inset's own key keeps its meaning")
    }

    @Test func whatMpvRefusesIsAProblemInItsWords() {
        let config = ConfigReader.read(path: "config", text: "cache = \"maybe\"\nzoom = 1\nno-such-thing = 1\n")
        #expect(config.problems.map(\.line) == [1, 2, 3])
        #expect(config.problems[0].message.hasPrefix("Error parsing option cache (option parameter could not be parsed)"))
        #expect(config.problems[1].message == "Error parsing option zoom (option not found): mpv removed --zoom")
        #expect(config.problems[2].message.hasPrefix("unknown setting 'no-such-thing'"))
        #expect(config.ignoredMpvOptions.isEmpty)
    }
}
