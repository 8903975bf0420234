/// Turns what subtitle decoders hand over into the plain lines a text plane shows.
///
/// libavcodec decodes every text codec (SubRip, ASS/SSA, mov_text, WebVTT) into ASS events:
/// `ReadOrder,Layer,Style,Name,MarginL,MarginR,MarginV,Effect,Text` (older versions, and
/// .ass files, write `Dialogue: Layer,Start,End,…,Text`). Only the Text field is shown,
/// with its `{…}` override blocks (position, colour, italics, karaoke) removed: a terminal
/// cell grid has none of those, and showing them raw is worse than plain text.
public enum SubtitleText {
    /// The Text field of an ASS event, as plain lines separated by "\n".
    public static func plain(fromASS event: String) -> String {
        var body = Substring(event)
        var fields = 8
        if body.hasPrefix("Dialogue:") {
            body = body.dropFirst("Dialogue:".count)
            fields = 9
        }
        // The Text field is last and may itself hold commas: skip exactly the fields before it.
        // Commas are ASCII, so the bytes are searched: Characters cost more per cue than the
        // rest of its decoding, and a long file has hundreds of thousands of cues.
        var skipped = 0
        let bytes = body.utf8
        var index = bytes.startIndex
        while skipped < fields, let comma = bytes[index...].firstIndex(of: UInt8(ascii: ",")) {
            index = bytes.index(after: comma)
            skipped += 1
        }
        // Not an event at all (fewer fields): treat the whole of it as the text.
        let text = skipped == fields ? body[index...] : Substring(event)
        return cleanLines(removingOverrides(text))
    }

    /// Text that is already the words (a SUBTITLE_TEXT rect, a file read as text): HTML-like
    /// tags that SubRip and WebVTT allow (`<i>`, `<font color=…>`, `<c.yellow>`) removed.
    public static func plain(fromMarkup text: String) -> String {
        var out = ""
        var inTag = false
        for ch in text {
            if inTag { if ch == ">" { inTag = false }; continue }
            if ch == "<" { inTag = true; continue }
            out.append(ch)
        }
        return cleanLines(decodingEntities(out))
    }

    /// Removes `{…}` blocks and turns ASS's escapes into text: `\N` and `\n` break the line,
    /// `\h` is a (hard) space.
    static func removingOverrides(_ text: Substring) -> String {
        // Most cues have no override, escape or tag at all: nothing to remove.
        guard text.utf8.contains(where: { $0 == UInt8(ascii: "{") || $0 == UInt8(ascii: "\\") || $0 == UInt8(ascii: "<") })
        else { return String(text) }
        var out = ""
        var depth = 0
        var iterator = text.makeIterator()
        var pending: Character?
        while let ch = pending ?? iterator.next() {
            pending = nil
            if ch == "{" { depth += 1; continue }
            if ch == "}" { depth = max(0, depth - 1); continue }
            if depth > 0 { continue }
            if ch == "\\" {
                guard let next = iterator.next() else { out.append(ch); break }
                switch next {
                case "N", "n": out.append("\n")
                case "h": out.append(" ")
                default: out.append(ch); pending = next
                }
                continue
            }
            out.append(ch)
        }
        // Text inside SRT converted to ASS may still carry HTML-like tags (`<font>`).
        return out.utf8.contains(UInt8(ascii: "<")) ? plain(fromMarkup: out) : out
    }

    /// Trims each line, drops empty ones (a cue of only tags shows nothing).
    static func cleanLines(_ text: String) -> String {
        // "\r\n" is one Character in Swift, so it is turned into "\n" before splitting. Looked
        // for first, byte-wise: `replacing` costs more than the rest of a cue's cleaning.
        let unified = text.utf8.contains(UInt8(ascii: "\r")) ? text.replacing("\r\n", with: "\n").replacing("\r", with: "\n") : text
        return unified.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.trimmingSpaces() }
            .filter { !$0.isEmpty }
            .joined(separator: "\n")
    }

    static func decodingEntities(_ text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "&")) else { return text }
        return text.replacing("&lt;", with: "<").replacing("&gt;", with: ">")
            .replacing("&nbsp;", with: " ").replacing("&amp;", with: "&")
    }
}

extension StringProtocol {
    // Not Foundation's: InsetCore keeps its text handling to the standard library.
    func trimmingSpaces() -> String {
        var slice = Substring(self)
        while let first = slice.first, first.isWhitespace { slice = slice.dropFirst() }
        while let last = slice.last, last.isWhitespace { slice = slice.dropLast() }
        return String(slice)
    }
}
