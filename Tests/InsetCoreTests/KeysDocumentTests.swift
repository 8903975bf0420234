import Foundation
import Testing
import InsetCore

/// docs/keys.md is the command table's, written by `inset keys --markdown`: a binding
/// changed in the code without the page (or the other way) fails here. The page is a title
/// and a few lines of its own, then the marker, then exactly what the command prints.
@Suite("docs/keys.md key tables")
struct KeysDocumentTests {
    static let page = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("docs/keys.md")
    static let marker = "<!-- written by `inset keys --markdown`: everything below this line -->\n"

    @Test("docs/keys.md, below its marker, is the default bindings' tables")
    func pageMatches() throws {
        let text = try String(contentsOf: Self.page, encoding: .utf8)
        let begin = try #require(text.range(of: Self.marker), "docs/keys.md has lost its marker line")
        let tables = String(text[begin.upperBound...])
        let expected = KeyBindings.defaults.markdown()
        #expect(tables == expected, "run `inset keys --markdown` and put its output below the marker in docs/keys.md")
    }

    @Test("a changed binding is seen: the comparison is not blind")
    func changeIsSeen() {
        var changed = KeyBindings.defaults
        changed.bind(.key(.character("p")), to: .mute, in: .player)
        #expect(changed.markdown() != KeyBindings.defaults.markdown())
    }
}
