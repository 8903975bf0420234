import Foundation
import Testing
@testable import InsetApp

@Suite("inset --help: the first options, grouped, from the parser's description")
struct FirstHelpTests {
    /// The parser's JSON (`_dumpHelp()`'s shape) for a command line with every grouped
    /// option, one more that is in no group, and two commands, one hidden.
    static func dump(leaving missing: String? = nil) -> String {
        let names = FirstHelp.groups.flatMap(\.options).filter { $0 != missing } + ["pip-saver"]
        let arguments = names.map { name in
            let flag = ["pip", "shell", "stats", "mute", "loop", "no-resume", "pip-saver"].contains(name)
            return ["kind": flag ? "flag" : "option", "names": [["kind": "long", "name": name]], "valueName": "v-\(name)",
                    "abstract": "what \(name) does"] as [String: Any]
        }
        let root: [String: Any] = ["serializationVersion": 0, "command": [
            "commandName": "inset", "abstract": "A terminal video player.",
            "subcommands": [["commandName": "play", "abstract": "Play a video.", "arguments": arguments],
                            ["commandName": "probe", "abstract": "The facts of a file."],
                            ["commandName": "embed-guard", "abstract": "internal", "shouldDisplay": false]],
        ] as [String: Any]]
        return String(decoding: try! JSONSerialization.data(withJSONObject: root), as: UTF8.self)
    }

    @Test("each group under its heading in order, each option with its value and help, the commands after, hidden ones not")
    func page() throws {
        let page = try FirstHelp.text(dump: Self.dump())
        let lines = page.split(separator: "\n").map(String.init)
        var last = -1
        for group in FirstHelp.groups {
            let heading = try #require(lines.firstIndex(of: group.title.uppercased() + ":"))
            #expect(heading > last)
            last = heading
            // Each option after the one before; its help on its line, or on the next when
            // the option's usage is too long for the column.
            for name in group.options {
                let at = try #require(lines.firstIndex { $0.hasPrefix("  --\(name) ") || $0 == "  --\(name)" }, "no --\(name)")
                #expect(at > last, "--\(name) out of order")
                last = at
                #expect(lines[at].hasSuffix("what \(name) does") || lines[at + 1].hasSuffix("what \(name) does"), "\(lines[at])")
            }
        }
        #expect(page.contains("  --volume <v-volume>") && page.contains("  --mute ") && !page.contains("--mute <"))
        let commands = try #require(lines.firstIndex(of: "SUBCOMMANDS:"))
        #expect(commands > last && lines[commands + 1].hasPrefix("  play ") && lines[commands + 2].hasPrefix("  probe "))
        #expect(!page.contains("embed-guard") && !page.contains("pip-saver"))
        #expect(page.contains("inset help play"))
    }

    @Test("an option renamed or gone from the play command is an error, not a silent gap")
    func missingOption() {
        #expect(throws: FirstHelp.Problem.missing("sub-lang")) { try FirstHelp.text(dump: Self.dump(leaving: "sub-lang")) }
        #expect(throws: FirstHelp.Problem.unreadable) { try FirstHelp.text(dump: "{}") }
    }

    @Test("long help wraps under its column, no line past the width")
    func wrapping() {
        let text = FirstHelp.wrapped(String(repeating: "word ", count: 40), width: 56, indent: 24)
        let lines = text.split(separator: "\n")
        #expect(lines.count > 1 && lines.allSatisfy { $0.count <= 24 + 56 })
        #expect(lines.dropFirst().allSatisfy { $0.hasPrefix(String(repeating: " ", count: 24) + "word") })
        #expect(FirstHelp.firstSentence("Start at this time (1.5 s, 1:30). Default: where it was left.") == "Start at this time (1.5 s, 1:30).")
        #expect(FirstHelp.firstSentence("No sentence end") == "No sentence end")
    }
}
