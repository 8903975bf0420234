/// One ASS event as cells can show it: its place (alignment, margins, `\pos`), and its
/// words as lines of runs, each with the colour and emphasis its style and override tags
/// give (issue 45, item 2). Parsed from the event line libavcodec gives
/// ("Layer,Style,Name,MarginL,MarginR,MarginV,Effect,Text", `SubtitleCue.assEvents`) with
/// the track's `AssStyleSheet`.
///
/// Tags kept: `\an` and `\a`, `\pos` (and `\move`'s start), `\c`/`\1c`, `\b`, `\i`, `\u`,
/// `\r`, `\p` (a drawing shows nothing in cells); every other tag is skipped whole, `\t(…)`
/// with what it animates.
public struct AssCellEvent: Equatable, Sendable {
    public struct Run: Equatable, Sendable {
        public var text: String
        public var colour: RGB
        public var bold: Bool, italic: Bool, underline: Bool
    }

    /// A point in the script's coordinates (`PlayResX` x `PlayResY`).
    public struct Point: Equatable, Sendable {
        public var x: Double, y: Double
    }

    public var layer = 0
    public var alignment: Int
    public var marginLeft: Int, marginRight: Int, marginVertical: Int
    public var position: Point?
    public var outlined: Bool
    public var box: RGB?
    /// The lines (`\N`), each a list of runs; empty runs left out.
    public var lines: [[Run]] = []

    /// Nil when the event has no field for its text, or nothing but tags and spaces.
    public init?(event: String, sheet: AssStyleSheet) {
        var body = Substring(event)
        var before = 7
        if body.hasPrefix("Dialogue:") { body = body.dropFirst("Dialogue:".count); before = 9 }
        let fields = body.split(separator: ",", maxSplits: before, omittingEmptySubsequences: false)
        guard fields.count == before + 1 else { return nil }
        let named = before == 9 ? Array(fields[0...0] + fields[3...]) : Array(fields)
        let style = sheet.style(named: String(named[1]))
        func margin(_ field: Substring, _ fallback: Int) -> Int {
            let value = Int(field.trimmingSpaces()) ?? 0
            return value > 0 ? value : fallback
        }
        layer = Int(named[0].trimmingSpaces()) ?? 0
        alignment = style.alignment
        marginLeft = margin(named[3], style.marginLeft)
        marginRight = margin(named[4], style.marginRight)
        marginVertical = margin(named[5], style.marginVertical)
        outlined = style.outlined
        box = style.box
        lines = parse(text: named[7], style: style, sheet: sheet)
        guard lines.contains(where: { $0.contains { !$0.text.trimmingSpaces().isEmpty } }) else { return nil }
    }

    /// The words without their styles, lines joined by "\n".
    public var plainText: String { lines.map { $0.map(\.text).joined() }.joined(separator: "\n") }

    private mutating func parse(text: Substring, style base: AssStyleSheet.Style, sheet: AssStyleSheet) -> [[Run]] {
        var style = base
        var current = Run(text: "", colour: style.colour, bold: style.bold, italic: style.italic, underline: style.underline)
        var lines: [[Run]] = [[]]
        var aligned = false, placed = false, drawing = false
        func flush() {
            if !current.text.isEmpty { lines[lines.count - 1].append(current) }
            current.text = ""
        }
        func restyle(_ change: (inout Run) -> Void) {
            var next = current
            change(&next)
            guard next != current else { return }
            flush()
            current = Run(text: "", colour: next.colour, bold: next.bold, italic: next.italic, underline: next.underline)
        }
        var index = text.startIndex
        while index < text.endIndex {
            let ch = text[index]
            if ch == "{", let close = text[index...].firstIndex(of: "}") {
                for tag in AssCellEvent.tags(in: text[text.index(after: index)..<close]) {
                    let name = tag.prefix { $0.isLetter || $0.isNumber && tag.first!.isNumber && $0 != "0" }
                    let argument = tag.dropFirst(name.count)
                    switch name {
                    case "an" where !aligned: if let a = Int(argument), (1...9).contains(a) { alignment = a; aligned = true }
                    case "a" where !aligned:
                        if let a = Int(argument), a > 0 { alignment = AssStyleSheet.numpad(fromLegacy: a); aligned = true }
                    case "pos" where !placed, "move" where !placed:
                        let numbers = argument.dropFirst().prefix { $0 != ")" }.split(separator: ",").compactMap { Double($0.trimmingSpaces()) }
                        if numbers.count >= 2 { position = Point(x: numbers[0], y: numbers[1]); placed = true }
                    case "c", "1c":
                        let colour = argument.isEmpty ? style.colour : AssStyleSheet.colour(fromASS: argument)
                        if let colour { restyle { $0.colour = colour } }
                    case "b": restyle { $0.bold = argument.isEmpty ? style.bold : (Int(argument) ?? 0) != 0 && argument != "0" }
                    case "i": restyle { $0.italic = argument.isEmpty ? style.italic : argument != "0" }
                    case "u": restyle { $0.underline = argument.isEmpty ? style.underline : argument != "0" }
                    case "p": drawing = (Int(argument) ?? 0) > 0
                    default:
                        // `\r` and `\rStyle`: back to the event's style or the one named.
                        guard tag.first == "r" else { continue }
                        style = tag.count == 1 ? base : sheet.style(named: String(tag.dropFirst()))
                        restyle { $0 = Run(text: "", colour: style.colour, bold: style.bold, italic: style.italic, underline: style.underline) }
                    }
                }
                index = text.index(after: close)
                continue
            }
            index = text.index(after: index)
            if drawing { continue }
            if ch == "\\", index < text.endIndex, "Nnh".contains(text[index]) {
                let escape = text[index]
                index = text.index(after: index)
                if escape == "N" { flush(); lines.append([]) } else { current.text.append(" ") }
                continue
            }
            current.text.append(ch)
        }
        flush()
        // Spaces at either end of a line are the author's padding; cells pad their own.
        return lines.map { runs in
            var runs = runs
            while let first = runs.first, first.text.allSatisfy(\.isWhitespace) { runs.removeFirst() }
            while let last = runs.last, last.text.allSatisfy(\.isWhitespace) { runs.removeLast() }
            if !runs.isEmpty {
                runs[0].text = String(runs[0].text.drop { $0.isWhitespace })
                runs[runs.count - 1].text = String(runs[runs.count - 1].text.reversed().drop { $0.isWhitespace }.reversed())
            }
            return runs
        }.filter { !$0.isEmpty }
    }

    /// The tags of one `{…}` block, split at each `\` outside parentheses, so `\t(\c&H…&)`
    /// is one tag (an animation cells do not play) rather than a colour set at once.
    static func tags(in block: Substring) -> [Substring] {
        var tags: [Substring] = []
        var depth = 0
        var start: Substring.Index?
        for index in block.indices {
            switch block[index] {
            case "(": depth += 1
            case ")": depth = max(0, depth - 1)
            case "\\" where depth == 0:
                if let start { tags.append(block[start..<index].trimmingSpacesSubstring) }
                start = block.index(after: index)
            default: break
            }
        }
        if let start { tags.append(block[start...].trimmingSpacesSubstring) }
        return tags.filter { !$0.isEmpty }
    }
}

extension Substring {
    fileprivate var trimmingSpacesSubstring: Substring {
        var slice = self
        while let first = slice.first, first == " " { slice = slice.dropFirst() }
        while let last = slice.last, last == " " { slice = slice.dropLast() }
        return slice
    }
}
