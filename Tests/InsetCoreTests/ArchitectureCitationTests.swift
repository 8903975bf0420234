import Foundation
import Testing

/// Source comments cite ARCHITECTURE.md by section title (`ARCHITECTURE.md, "Panes"`): a
/// section renamed or removed without its citations fails here, naming the file.
@Suite("ARCHITECTURE.md citations")
struct ArchitectureCitationTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The titles cited in `text`, with comment lines joined first (a title may wrap).
    static func citations(in text: String) -> [String] {
        let joined = text.replacingOccurrences(of: #"\s*\n\s*///?\s*"#, with: " ", options: .regularExpression)
        let pattern = try! NSRegularExpression(pattern: #"ARCHITECTURE\.md, "([^"]+)""#)
        let range = NSRange(joined.startIndex..., in: joined)
        return pattern.matches(in: joined, range: range).compactMap { Range($0.range(at: 1), in: joined).map { String(joined[$0]) } }
    }

    /// The `##` headings of the document.
    static func headings(in text: String) -> Set<String> {
        Set(text.split(separator: "\n").filter { $0.hasPrefix("## ") }.map { String($0.dropFirst(3)) })
    }

    @Test("every section a source comment cites exists")
    func citedSectionsExist() throws {
        let document = try String(contentsOf: Self.root.appendingPathComponent("ARCHITECTURE.md"), encoding: .utf8)
        let sections = Self.headings(in: document)
        var cited = 0
        var missing: [String] = []
        let sources = Self.root.appendingPathComponent("Sources")
        let walker = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
        for case let url as URL in walker where url.pathExtension == "swift" {
            let text = try String(contentsOf: url, encoding: .utf8)
            for title in Self.citations(in: text) {
                cited += 1
                if !sections.contains(title) { missing.append("\(url.lastPathComponent): \"\(title)\"") }
            }
        }
        #expect(cited >= 5, "found only \(cited) citations: the search is broken")
        #expect(missing.isEmpty, "no such section in ARCHITECTURE.md: \(missing.joined(separator: ", "))")
    }

    @Test("a citation wrapped over two comment lines is found whole")
    func wrappedCitation() {
        let text = "/// The loop (ARCHITECTURE.md, \"The\n    /// director and its loop\"): it"
        #expect(Self.citations(in: text) == ["The director and its loop"])
        #expect(Self.headings(in: "# A\n## The director and its loop\ntext") == ["The director and its loop"])
    }
}
