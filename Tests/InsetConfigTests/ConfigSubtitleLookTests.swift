import InsetCore
import Testing
@testable import InsetConfig

/// The subtitles' looks as config keys: kept by value for the player (`SubtitleTextStyle`),
/// checked by their rows as mpv checks them.
@Suite struct ConfigSubtitleLookTests {
    @Test("sub-scale, sub-font-size, sub-ass-override, sub-pos and sub-color are kept; a value mpv refuses is a problem")
    func keptAndChecked() {
        let config = ConfigReader.read(path: "config", text: """
            sub-scale = 2
            sub-font-size = 40
            sub-ass-override = "force"
            sub-pos = 90
            sub-color = "#FFFF00"

            """)
        #expect(config.problems.isEmpty, "\(config.problems)")
        #expect(SubtitleTextStyle(settings: config.settings)
                == SubtitleTextStyle(scale: 2, fontSize: 40, colour: 0xFFFF_0000, position: 90, override: .force))
        let wrong = ConfigReader.read(path: "config", text: "sub-scale = 200\nsub-ass-override = \"maybe\"\n")
        #expect(wrong.problems.map(\.line) == [1, 2])
    }
}
