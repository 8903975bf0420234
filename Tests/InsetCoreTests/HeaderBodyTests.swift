import Foundation
import Testing

/// No header under Sources holds a function body longer than two lines (issue 44 item 3,
/// STYLE.md's CNIOLinux row): C logic lives in the .c files of a C target, compiled once and
/// under -Wall, and a header declares it. A body in a header was copied into every Swift file
/// that imported the module (a static variable or function there was a different one in each
/// file: issue 42's SIGSEGV), depended on what the headers before it had included, and hid
/// from the 300-line size test. One-line wrappers of macros Swift cannot import stay inline.
@Suite("Header bodies")
struct HeaderBodyTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    /// The most lines a body in a header may have between its braces.
    static let limit = 2

    /// A function definition found in C text: its first line and how many lines its body
    /// spans between the line of its `{` and the line of its `}`.
    struct Body: Equatable {
        var line: Int
        var lines: Int
    }

    /// The function bodies in `text`: every top-level `{` whose previous character (past
    /// blanks) is `)`, so initialisers (`= {`) and `struct {` / `enum {` are not counted.
    /// Comments, strings and character literals are skipped.
    static func bodies(in text: String) -> [Body] {
        let chars = Array(text.utf8)
        var found: [Body] = []
        var depth = 0
        var line = 1
        var opened = (line: 0, isFunction: false)
        var lastSignificant: UInt8 = 0
        var index = 0
        func at(_ offset: Int) -> UInt8 { index + offset < chars.count ? chars[index + offset] : 0 }
        while index < chars.count {
            let c = chars[index]
            if c == UInt8(ascii: "\n") { line += 1; index += 1; continue }
            if c == UInt8(ascii: "/"), at(1) == UInt8(ascii: "/") {
                while index < chars.count, chars[index] != UInt8(ascii: "\n") { index += 1 }
                continue
            }
            if c == UInt8(ascii: "/"), at(1) == UInt8(ascii: "*") {
                index += 2
                while index < chars.count, !(chars[index] == UInt8(ascii: "*") && at(1) == UInt8(ascii: "/")) {
                    if chars[index] == UInt8(ascii: "\n") { line += 1 }
                    index += 1
                }
                index += 2
                continue
            }
            if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") {
                index += 1
                while index < chars.count, chars[index] != c {
                    index += chars[index] == UInt8(ascii: "\\") ? 2 : 1
                }
                index += 1
                lastSignificant = c
                continue
            }
            if c == UInt8(ascii: "{") {
                if depth == 0 { opened = (line, lastSignificant == UInt8(ascii: ")")) }
                depth += 1
            } else if c == UInt8(ascii: "}") {
                depth -= 1
                if depth == 0, opened.isFunction { found.append(Body(line: opened.line, lines: max(0, line - opened.line - 1))) }
            }
            if c != UInt8(ascii: " "), c != UInt8(ascii: "\t"), c != UInt8(ascii: "\r") { lastSignificant = c }
            index += 1
        }
        return found
    }

    /// Every `.h` under Sources, relative to the root.
    static func headers() throws -> [String] {
        let base = root.appendingPathComponent("Sources")
        guard let walker = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil) else { return [] }
        var found: [String] = []
        for case let url as URL in walker where url.pathExtension == "h" {
            found.append("Sources" + url.path.dropFirst(base.path.count))
        }
        return found.sorted()
    }

    @Test("no header under Sources holds a function body longer than two lines")
    func headersDeclareOnly() throws {
        let headers = try Self.headers()
        #expect(headers.contains("Sources/CFFmpeg/open_guard.h"), "the headers were not found under \(Self.root.path)")
        var long: [String] = []
        for header in headers {
            let text = try String(contentsOf: Self.root.appendingPathComponent(header), encoding: .utf8)
            for body in Self.bodies(in: text) where body.lines > Self.limit {
                long.append("\(header):\(body.line) (\(body.lines) lines)")
            }
        }
        #expect(long.isEmpty, "move these bodies to a .c file, declare them in the header: \(long.joined(separator: ", "))")
    }

    @Test("bodies are found past comments, strings and initialisers, and counted between their braces")
    func reading() {
        let text = """
            /* a { comment } */
            static const char *name = "{ not a body }";
            typedef struct { int a; } pair;
            static const int table[] = { 1, 2 };
            static inline int one(void) { return 1; }
            int declared(int x);
            static int three(int x) {
                if (x) { return '}'; }  // a } in a comment
                x++;
                return x;
            }
            int wrapped(int a,
                        int b)
            {
                return a + b;
            }
            """
        #expect(Self.bodies(in: text) == [Body(line: 5, lines: 0), Body(line: 7, lines: 3), Body(line: 14, lines: 1)])
    }
}
