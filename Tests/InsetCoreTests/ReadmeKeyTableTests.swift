import Foundation
import Testing
import InsetCore

/// The README's key table is the command table's, written by `inset keys --markdown`: a
/// binding changed in the code without the README (or the other way) fails here.
@Suite("README key table")
struct ReadmeKeyTableTests {
    static let readme = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("README.md")

    @Test("the README's key table is the default bindings' table")
    func readmeMatches() throws {
        let text = try String(contentsOf: Self.readme, encoding: .utf8)
        let begin = try #require(text.range(of: "<!-- key table: written by `inset keys --markdown` -->\n"))
        let end = try #require(text.range(of: "<!-- end of key table -->", range: begin.upperBound..<text.endIndex))
        let table = String(text[begin.upperBound..<end.lowerBound])
        let expected = KeyBindings.defaults.markdown()
        #expect(table == expected, "run `inset keys --markdown` and put its output in README.md")
    }

    @Test("a changed binding is seen: the comparison is not blind")
    func changeIsSeen() {
        var changed = KeyBindings.defaults
        changed.bind(.key(.character("p")), to: .mute, in: .player)
        #expect(changed.markdown() != KeyBindings.defaults.markdown())
    }
}
