import Foundation
import Testing

/// No Swift or C file (`.swift`, `.c`, `.h`) in Sources or Tests over 300 lines (STYLE.md:
/// most files 100–300 lines): a file that grows past it is split by job (a type doing two
/// things, extensions by concern) before it lands, and this names it. C counts since its
/// logic left the headers for .c files (issue 44): 1,475 lines of headers had grown unseen.
@Suite("Source file size")
struct SourceSizeTests {
    static let limit = 300
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Lines as `wc -l` counts them, plus a last line without its newline.
    static func lineCount(_ bytes: Data) -> Int {
        let newlines = bytes.reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
        return newlines + (bytes.last.map { $0 == UInt8(ascii: "\n") ? 0 : 1 } ?? 0)
    }

    /// The kinds of file held to the limit.
    static let extensions: Set = ["swift", "c", "h"]

    /// Every source file (`extensions`) under `folder` (relative to the root) with its line count.
    static func sourceFiles(under folder: String) throws -> [(path: String, lines: Int)] {
        let base = root.appendingPathComponent(folder)
        guard let walker = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil) else { return [] }
        var found: [(String, Int)] = []
        for case let url as URL in walker where extensions.contains(url.pathExtension) {
            let handle = try FileHandle(forReadingFrom: url)
            defer { try? handle.close() }
            let bytes = try handle.readToEnd() ?? Data()
            found.append((folder + url.path.dropFirst(base.path.count), lineCount(bytes)))
        }
        return found
    }

    @Test("no Swift or C file in Sources or Tests is over 300 lines")
    func noFileOverLimit() throws {
        let files = try Self.sourceFiles(under: "Sources") + Self.sourceFiles(under: "Tests")
        // A wrong root would find nothing and pass: the project has hundreds of files, and the
        // C target a dozen .c files.
        #expect(files.count > 100, "found only \(files.count) source files under \(Self.root.path)")
        #expect(files.filter { $0.path.hasSuffix(".c") }.count >= 10, "the C target's .c files were not found")
        let over = files.filter { $0.lines > Self.limit }.sorted { $0.lines > $1.lines }
        #expect(over.isEmpty, "over \(Self.limit) lines, split by job: \(over.map { "\($0.path) (\($0.lines))" }.joined(separator: ", "))")
    }

    @Test("lines are counted as wc -l counts them, and a last line without its newline counts")
    func counting() {
        #expect(Self.lineCount(Data()) == 0)
        #expect(Self.lineCount(Data("a\nb\n".utf8)) == 2)
        #expect(Self.lineCount(Data("a\nb".utf8)) == 2)
        #expect(Self.lineCount(Data(String(repeating: "x\n", count: 301).utf8)) == 301)
    }
}
