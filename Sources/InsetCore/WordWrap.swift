/// Greedy word wrap for text drawn in cells (subtitles, the details pane's facts).
///
/// Text is measured by a `columns` function the caller gives (the renderer's glyph widths),
/// so wide characters wrap where they would be drawn.
public enum WordWrap {
    /// Breaks `text` (lines separated by "\n") into lines of at most `width` columns: at
    /// spaces where it can, inside a word only when the word alone is wider than the line.
    public static func lines(of text: String, width: Int, columns: (Substring) -> Int = { $0.count }) -> [String] {
        guard width > 0 else { return [] }
        var lines: [String] = []
        for paragraph in text.split(separator: "\n") {
            var line = ""
            var lineWidth = 0
            for word in paragraph.split(separator: " ") {
                var word = word
                var wordWidth = columns(word)
                if lineWidth > 0 && lineWidth + 1 + wordWidth <= width {
                    line += " " + word
                    lineWidth += 1 + wordWidth
                    continue
                }
                if lineWidth > 0 { lines.append(line); line = ""; lineWidth = 0 }
                // A word wider than the line is cut where it reaches the edge.
                while wordWidth > width {
                    var cut = word.startIndex
                    var used = 0
                    while cut < word.endIndex {
                        let next = word.index(after: cut)
                        let w = columns(word[cut..<next])
                        if used + w > width { break }
                        used += w
                        cut = next
                    }
                    if cut == word.startIndex { cut = word.index(after: cut) }  // a glyph wider than the line
                    lines.append(String(word[..<cut]))
                    word = word[cut...]
                    wordWidth = columns(word)
                }
                line = String(word)
                lineWidth = wordWidth
            }
            if lineWidth > 0 { lines.append(line) }
        }
        return lines
    }
}
