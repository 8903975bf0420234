import Foundation
import InsetCore
import Testing
import TOMLKit
@testable import InsetConfig

/// The config file reads the settings table: its keys are the table's rows marked `config`,
/// each one read by Inset's own meaning, and no other word of the reader is a key of its own.
@Suite struct ConfigKeyTableTests {
    @Test("the keys the reader reads itself are the table's config keys but those kept by value")
    func keysAreTheTables() {
        // A row kept by value (`Setting.Use.value`) is read through mpv's options into
        // `Config.settings`: no word of the reader's own names it.
        let own = SettingsTable.all.filter { row in
            guard row.inConfig else { return false }
            if case .value = row.use { return false }
            return true
        }
        #expect(Set(ConfigReader.valid.keys) == Set(own.map(\.name)))
    }

    @Test("a row kept by value is read into the settings the code uses (playlist-start)")
    func valueRowsAreKept() {
        let config = ConfigReader.read(path: "config", text: "playlist-start = 1\n")
        #expect(config.problems.isEmpty && config.ignoredMpvOptions.isEmpty)
        #expect(config.settings["playlist-start"] == .integer(1))
    }

    @Test("each config row is read as Inset's own (neither unknown nor left to mpv's options)")
    func everyConfigRowIsRead() {
        for key in SettingsTable.configKeys {
            let config = ConfigReader.read(path: "config", text: "\(key) = \(Self.sample(for: key))\n")
            #expect(!config.problems.contains { $0.message.hasPrefix("unknown setting") }, "\(key): \(config.problems)")
            #expect(config.ignoredMpvOptions.isEmpty, "\(key) went to mpv's options: \(config.ignoredMpvOptions)")
        }
    }

    /// Every word in quotes in InsetConfig's sources: where a key kept outside the table would be.
    static let sourceWords: [String] = {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/InsetConfig")
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        let quoted = try! NSRegularExpression(pattern: #""([a-z][a-z0-9-]*)""#)
        var words: Set<String> = []
        for file in files where file.hasSuffix(".swift") {
            let text = (try? String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)) ?? ""
            for match in quoted.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                words.insert((text as NSString).substring(with: match.range(at: 1)))
            }
        }
        return words.sorted()
    }()

    @Test("a word that is no config row reads as mpv's option of that name, or as unknown")
    func noKeyOutsideTheTable() {
        #expect(Self.sourceWords.contains("blitter"), "the sources' words are read")
        let keys = Set(SettingsTable.configKeys)
        for word in Self.sourceWords where !keys.contains(word) && word != "keys" {
            let values: [(String, any TOMLValueConvertible)] = [("true", true), ("3", 3), ("\"x\"", "x")]
            for (text, value) in values {
                let config = ConfigReader.read(path: "config", text: "\(word) = \(text)\n")
                var mpvOnly = ConfigReader(path: "config", text: "")
                if mpvOnly.readMpvOption(word, value, line: 1) {
                    #expect(config.problems.map(\.message) == mpvOnly.config.problems.map(\.message), "\(word) read outside the table")
                    #expect(config.ignoredMpvOptions == mpvOnly.config.ignoredMpvOptions, "\(word) read outside the table")
                } else {
                    #expect(config.problems.count == 1 && config.problems[0].message.hasPrefix("unknown setting '\(word)'"),
                            "\(word) = \(text) is read with no row: \(config.problems)")
                }
            }
        }
    }

    /// A value of the key's kind that its reader takes, as TOML.
    private static func sample(for key: String) -> String {
        guard let row = SettingsTable.setting(named: key) else { return "\"\"" }
        switch row.type {
        case .flag: return "true"
        case .integer: return row.defaultText
        case .number: return key == "audio-delay" ? "0.5" : key == "volume" ? "50" : "1.5"
        case .list: return key == "ytdl-sites" ? "[\"example.com\"]" : "\"en\""
        default:
            let given = ["audio-lang": "en", "colors": "256", "screenshot-dir": "/tmp", "ytdl-format": "best",
                         "ytdl-raw-options": "a=b", "mute": "yes", "playlist-start": "1"][key] ?? row.defaultText
            return ["mute", "loop-playlist"].contains(key) ? "true" : "\"\(given)\""
        }
    }
}
