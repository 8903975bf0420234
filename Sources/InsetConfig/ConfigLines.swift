import Foundation

/// Where each key of a config file is written, so that a value the reader refuses is
/// named by its line: the TOML parser reports lines for syntax errors only.
struct ConfigLines {
    private var lines: [String: Int] = [:]
    private var headers: [String: Int] = [:]

    init(_ text: String) {
        var table = ""
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.drop(while: { $0 == " " || $0 == "\t" })
            if line.hasPrefix("[") {
                let name = line.dropFirst().prefix(while: { $0 != "]" })
                table = ConfigLines.normalized(String(name))
                if headers[table] == nil { headers[table] = index + 1 }
            } else if let key = ConfigLines.key(of: line) {
                let path = table.isEmpty ? key : table + "." + key
                if lines[path] == nil { lines[path] = index + 1 }
            }
        }
    }

    /// The line of `key` in `table` ("" for the top level, "keys.player"); else the table's
    /// header, else 0.
    func line(of key: String, in table: String) -> Int {
        lines[table.isEmpty ? key : table + "." + key] ?? headers[table] ?? 0
    }

    /// The line of the `[table]` header, else 0.
    func line(ofTable table: String) -> Int { headers[table] ?? 0 }

    /// The key before `=`, unquoted; nil for blank lines and comments.
    private static func key(of line: Substring) -> String? {
        guard let first = line.first, first != "#" else { return nil }
        if first == "\"" || first == "'" {
            let body = line.dropFirst()
            guard let end = body.firstIndex(of: first) else { return nil }
            return String(body[..<end])
        }
        let key = line.prefix(while: { $0 != "=" && $0 != " " && $0 != "\t" })
        return key.isEmpty ? nil : String(key)
    }

    private static func normalized(_ name: String) -> String {
        name.split(separator: ".").map { $0.trimmingCharacters(in: ConfigLines.keyQuoting) }.joined(separator: ".")
    }

    private static let keyQuoting = CharacterSet(charactersIn: " \t\"'")
}

extension String {
    /// This text with its `line`th line (1-based) emptied.
    func blankingOut(line: Int) -> String {
        var lines = split(separator: "\n", omittingEmptySubsequences: false)
        guard line >= 1, line <= lines.count else { return self }
        lines[line - 1] = ""
        return lines.joined(separator: "\n")
    }

    /// This text with its `line`th line (1-based) made a comment, to parse what is left
    /// after a syntax error there.
    func commentingOut(line: Int) -> String {
        var lines = split(separator: "\n", omittingEmptySubsequences: false)
        guard line >= 1, line <= lines.count else { return self }
        lines[line - 1] = "# " + lines[line - 1]
        return lines.joined(separator: "\n")
    }
}
