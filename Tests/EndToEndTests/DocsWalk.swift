import Foundation

/// What the README and docs/using.md tell a new user to type and press, read from the files
/// themselves (issue 48: "a walk through the README and docs/using.md as written, run as a
/// test"), so that a command, a key or a figure changed in the docs changes the walk.
enum DocsWalk {
    /// One command line of a code block, and the comment the docs put after it: what a
    /// person is told they will see.
    struct CommandLine: Equatable {
        var command: String
        var claim: String
    }

    /// One row of a key table: the keys (as the docs write them, `←`, `Space`) and what the
    /// docs say they do.
    struct KeyRow: Equatable {
        var keys: [String]
        var claim: String
    }

    /// One row of a command table: the command forms of its first cell, and its description.
    struct CommandRow: Equatable {
        var forms: [String]
        var claim: String
    }

    static func document(_ relativePath: String) throws -> String {
        try String(contentsOf: repositoryRoot.appendingPathComponent(relativePath), encoding: .utf8)
    }

    /// The text of the section whose heading is `heading` (e.g. "## Quick start"), up to the
    /// next heading of the same level; empty when there is none.
    static func section(_ heading: String, of text: String) -> String {
        guard let start = text.range(of: "\n\(heading)\n") else { return "" }
        let rest = text[start.upperBound...]
        let level = heading.prefix { $0 == "#" }
        return String(rest[..<(rest.range(of: "\n\(level) ")?.lowerBound ?? rest.endIndex)])
    }

    /// The `inset …` lines of the section's code blocks, each split from its `# comment`.
    static func commandLines(in section: String) -> [CommandLine] {
        var inBlock = false
        var found: [CommandLine] = []
        for line in section.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") { inBlock.toggle(); continue }
            let text = line.trimmingCharacters(in: .whitespaces)
            guard inBlock, text == "inset" || text.hasPrefix("inset ") else { continue }
            // The comment starts at a `#` after blanks (a `#` inside a URL has none before it).
            if let hash = text.range(of: #"\s+# "#, options: .regularExpression) {
                found.append(CommandLine(command: String(text[..<hash.lowerBound]),
                                         claim: String(text[hash.upperBound...])))
            } else {
                found.append(CommandLine(command: text, claim: ""))
            }
        }
        return found
    }

    /// The cells of a Markdown table's body rows (not the header, not the `---` row).
    static func tableRows(in section: String) -> [[String]] {
        let rows = section.split(separator: "\n").filter { $0.hasPrefix("|") }
        return rows.dropFirst().filter { !$0.contains("---") }.map { row in
            // `\|` inside a cell is a literal bar, not a column.
            let cells = row.replacingOccurrences(of: #"\|"#, with: "\u{1}").split(separator: "|", omittingEmptySubsequences: false)
            return cells.dropFirst().dropLast().map {
                $0.replacingOccurrences(of: "\u{1}", with: "|").trimmingCharacters(in: .whitespaces)
            }
        }
    }

    /// The backticked words of a cell, in order: "`←` `→`" is ["←", "→"].
    static func quoted(_ cell: String) -> [String] {
        let expression = try! NSRegularExpression(pattern: "`([^`]+)`")
        return expression.matches(in: cell, range: NSRange(cell.startIndex..., in: cell)).compactMap {
            Range($0.range(at: 1), in: cell).map { String(cell[$0]) }
        }
    }

    /// A key table with two keys and two descriptions a row (`| key | what | key | what |`).
    static func keyRows(in section: String) -> [KeyRow] {
        tableRows(in: section).flatMap { cells in
            stride(from: 0, to: cells.count - 1, by: 2).compactMap { column in
                let keys = quoted(cells[column])
                return keys.isEmpty ? nil : KeyRow(keys: keys, claim: cells[column + 1])
            }
        }
    }

    /// A command table: the `inset …` forms of each row's first cell and its description.
    static func commandRows(in section: String) -> [CommandRow] {
        tableRows(in: section).compactMap { cells in
            guard cells.count >= 2 else { return nil }
            let forms = quoted(cells[0]).filter { $0 == "inset" || $0.hasPrefix("inset ") }
            return forms.isEmpty ? nil : CommandRow(forms: forms, claim: cells[1])
        }
    }

    /// The first whole number before `unit` in `text` ("back / forward 15 s" and " s" is 15).
    static func number(before unit: String, in text: String) -> Int? {
        guard let range = text.range(of: #"\d+"# + NSRegularExpression.escapedPattern(for: unit), options: .regularExpression)
        else { return nil }
        return Int(text[range].prefix { $0.isNumber })
    }

    /// tmux's name for a key as the docs write it.
    static func tmuxKey(_ key: String) -> String {
        ["←": "Left", "→": "Right", "↑": "Up", "↓": "Down", "Esc": "Escape"][key] ?? key
    }

    /// Inset's own name for a key as the docs write it (`inset keys` lists keys so).
    static func insetKey(_ key: String) -> String {
        ["←": "Left", "→": "Right", "↑": "Up", "↓": "Down"][key] ?? key
    }

    /// A command form of a docs table made runnable: an optional `[--option VALUE]` is kept
    /// with the value `options` gives that option, the others dropped, and each placeholder
    /// word (`PATH`) replaced by what `placeholders` gives it.
    static func runnable(_ form: String, placeholders: [String: String], options: [String: String]) -> String {
        var words: [String] = []
        var rest = Substring(form)
        while let open = rest.firstIndex(of: "[") {
            words += rest[..<open].split(separator: " ").map(String.init)
            guard let close = rest[open...].firstIndex(of: "]") else { break }
            let group = rest[rest.index(after: open)..<close].split(separator: " ").map(String.init)
            if group.count == 2, let value = options[group[0]] { words += [group[0], value] }
            rest = rest[rest.index(after: close)...]
        }
        words += rest.split(separator: " ").map(String.init)
        return words.map { placeholders[$0] ?? $0 }.joined(separator: " ")
    }
}
