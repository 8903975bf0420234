/// Where subtitle text goes on a grid of cells: wrapped to the picture's width, the block
/// of lines bottom-centred over the picture, above whatever covers its bottom rows.
///
/// Text is measured by a `columns` function the caller gives (the renderer's glyph widths),
/// so wide characters wrap where they would be drawn. Layout happens once per cue and
/// size, never per frame or per cell.
public enum SubtitleLayout {
    /// A PiP window narrower than this (its video area, in columns) shows no subtitles:
    /// a line of about six words is the least that reads as a sentence.
    public static let minimumWindowColumns = 40
    /// At most this many lines show; a longer cue keeps its first lines.
    public static let maximumLines = 4

    /// Whether a picture `columns` wide shows subtitles in the PiP window.
    public static func showsSubtitles(inWindowOf columns: Int) -> Bool { columns >= minimumWindowColumns }

    /// One line placed: its text and the cell it starts at.
    public struct Line: Equatable, Sendable {
        public var text: String
        public var origin: CellPoint
        public var columns: Int
        public init(text: String, origin: CellPoint, columns: Int) { self.text = text; self.origin = origin; self.columns = columns }
    }

    /// Lays `text` out in `area` (the picture's cells): each line padded by a space on either
    /// side (the caption box), centred; the last line on `area`'s last row but `bottomMargin`
    /// (the rows the controls cover). Lines that would rise above the area are left out.
    public static func lines(_ text: String, in area: CellRect, bottomMargin: Int = 0,
                             columns: (Substring) -> Int = { $0.count }) -> [Line] {
        let wrapped = WordWrap.lines(of: text, width: area.size.columns - 2, columns: columns).prefix(maximumLines)
        let bottom = area.maxRow - 1 - max(0, bottomMargin)
        var placed: [Line] = []
        for (index, line) in wrapped.enumerated() {
            let row = bottom - (wrapped.count - 1 - index)
            guard row >= area.minRow && row <= bottom else { continue }
            let padded = " " + line + " "
            let width = columns(Substring(padded))
            let column = area.minColumn + max(0, (area.size.columns - width) / 2)
            placed.append(Line(text: padded, origin: CellPoint(column: column, row: row), columns: width))
        }
        return placed
    }
}
