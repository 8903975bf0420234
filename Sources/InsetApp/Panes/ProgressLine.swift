import InsetCore
import InsetRender

/// The progress line, as the full-screen bar and the window both draw it: the elapsed part
/// bright up to the position's dot, the rest dim, an A-B loop's span in its own colour
/// between `[` and `]` (A alone: `[`), and a bar across the line where each chapter starts.
enum ProgressLine {
    static let loopColour = RGB(90, 200, 230)
    /// A chapter's start: white and bold, so it reads on the elapsed, the remaining and the
    /// loop's part alike.
    static let chapterColour = RGB(245, 245, 245)
    static let chapterGlyph: Unicode.Scalar = "┃"

    /// The columns (from the line's left, `0..<columns`) where chapters start on a progress
    /// line spanning `range`: none for live input, and none for a chapter at the very start
    /// (the line's left end already says it).
    static func chapterColumns(_ chapters: [Chapter], range: PlayableRange?, columns: Int) -> Set<Int> {
        guard columns > 1, let range, let duration = range.duration, duration > .zero else { return [] }
        var marks = Set<Int>()
        for chapter in chapters where chapter.start > range.start {
            let fraction = (chapter.start - range.start).seconds / duration.seconds
            guard fraction < 1 else { continue }
            marks.insert(Int((Double(columns - 1) * fraction).rounded()))
        }
        return marks
    }

    /// The column of `time` on a line `columns` wide spanning the snapshot's progress span.
    static func column(of time: MediaTime, in snapshot: PlaybackSnapshot, columns: Int) -> Int? {
        guard columns > 1, let (start, end) = snapshot.progressSpan, end > start else { return nil }
        let fraction = min(1, max(0, (time - start).seconds / (end - start).seconds))
        return Int((Double(columns - 1) * fraction).rounded())
    }

    /// The time at `column` of a line at `line` (the same cells as `column`) spanning the
    /// snapshot's progress span: in proportion, clamped to the line's ends. Where a press,
    /// a drag or the pointer over the line says.
    static func time(atColumn column: Int, of line: CellRect, in snapshot: PlaybackSnapshot) -> MediaTime? {
        let span = line.size.columns - 1
        let fraction = span > 0 ? Double(column - line.minColumn) / Double(span) : 0
        return snapshot.time(atProgress: fraction)
    }

    /// Draws the line at `rect`'s first row; `background` behind it; `chapters` marked.
    static func draw(_ snapshot: PlaybackSnapshot, in rect: CellRect, background: RGB, chapters: [Chapter] = [],
                     into grid: inout CellGrid) {
        let columns = rect.size.columns
        guard columns > 0 else { return }
        let elapsed = CellStyle(foreground: RGB(250, 200, 60), background: background)
        let remaining = CellStyle(foreground: RGB(90, 90, 96), background: background)
        let filled = Int((Double(columns - 1) * snapshot.progressFraction).rounded())
        let loopStart = snapshot.loop.flatMap { column(of: $0.start, in: snapshot, columns: columns) }
        let loopEnd = snapshot.loop?.end.flatMap { column(of: $0, in: snapshot, columns: columns) }
        let marks = chapterColumns(chapters, range: snapshot.range, columns: columns)
        for c in 0..<columns {
            var glyph: Unicode.Scalar = c == filled ? "●" : "━"
            var style = c <= filled ? elapsed : remaining
            if let loopStart, c >= loopStart, c <= (loopEnd ?? loopStart) {
                style = CellStyle(foreground: loopColour, background: background, attributes: c <= filled ? .bold : [])
                if c != filled { glyph = c == loopStart ? "[" : c == loopEnd ? "]" : glyph }
            }
            if glyph == "━", marks.contains(c) {
                glyph = chapterGlyph
                style = CellStyle(foreground: chapterColour, background: background, attributes: .bold)
            }
            grid[rect.minColumn + c, rect.minRow] = Cell(glyph, style: style)
        }
    }
}
