import Foundation
import Testing

/// Issue 48 item 9: README's Tests section said `scripts/test` ran every suite one test at a
/// time; it runs groups side by side, the timed group alone and last, and sets up real
/// terminals the README never named. The section is checked against the script: every
/// group the script's own list names, every real terminal it installs.
@Suite("README: the Tests section is what scripts/test does (issue 48 item 9)")
struct ReadmeTestsSectionTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func testsSection() throws -> String {
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let start = try #require(readme.range(of: "## Tests\n"))
        let rest = readme[start.upperBound...]
        return String(rest[..<(rest.range(of: "\n## ")?.lowerBound ?? rest.endIndex)])
    }

    /// The groups of the script's comment ("The tests fall in five groups"): `#   name  …`.
    static func scriptGroups() throws -> [String] {
        let script = try String(contentsOf: root.appendingPathComponent("scripts/test"), encoding: .utf8)
        let list = try #require(script.range(of: "# The tests fall in"))
        return script[list.upperBound...].split(separator: "\n").dropFirst().prefix { $0.hasPrefix("#") }.compactMap { line in
            let words = line.dropFirst().split(separator: " ", omittingEmptySubsequences: true)
            // A group's line: three spaces, its name, then two or more spaces.
            guard line.hasPrefix("#   "), !line.hasPrefix("#    "), let name = words.first,
                  line.contains("\(name)  ") else { return nil }
            return String(name)
        }
    }

    @Test("issue 48 item 9: every group of scripts/test is named, and how they run")
    func groups() throws {
        let section = try Self.testsSection()
        let groups = try Self.scriptGroups()
        #expect(groups == ["pure", "waits", "clock", "terminals", "timed"], "the script's list changed: \(groups)")
        for group in groups { #expect(section.contains("`\(group)`"), "README does not name \(group)") }
        #expect(!section.contains("one test at a time"))
        #expect(section.contains("side by side") && section.contains("alone"))
    }

    @Test("issue 48 item 9: the real terminals the script sets up are named")
    func terminals() throws {
        let script = try String(contentsOf: Self.root.appendingPathComponent("scripts/test"), encoding: .utf8)
        let section = try Self.testsSection()
        for terminal in ["xterm", "mlterm", "kitty", "Konsole"] where script.contains(terminal) {
            #expect(section.contains(terminal), "README does not name \(terminal)")
        }
    }
}
