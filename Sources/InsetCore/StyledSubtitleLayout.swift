/// Where styled (ASS) subtitle events go on a grid of cells (issue 45, item 2): each at its
/// own place, as libass would put it, to the nearest row and column. The script's
/// coordinates (`PlayResX` x `PlayResY`) are scaled to the picture's cells; margins and
/// `\pos` are taken in them; the numpad alignment says which edge of the block the place
/// is. Events that would overlap (two at the bottom at once) are moved apart, the later
/// one up from the bottom (down from the top), as libass's collision rule does.
///
/// Pure and done once per change of the events or the picture's cells, never per frame.
public enum StyledSubtitleLayout {
    /// One run of text placed: its first cell, its width in columns, its style, and the
    /// background of its event's box (a darker one when the style has an outline or shadow).
    public struct Piece: Equatable, Sendable {
        public var text: String
        public var origin: CellPoint
        public var columns: Int
        public var colour: RGB
        public var bold: Bool, italic: Bool, underline: Bool
        public var background: RGB
    }

    /// The box behind an outlined (or shadowed) event: the caption box plain text has.
    public static let outlineBackground = RGB(16, 16, 16)
    /// Behind an event with neither: lighter, still darker than most pictures' text.
    public static let plainBackground = RGB(48, 48, 48)

    /// Places `events` in `area` (the picture's cells); bottom-aligned events stay above
    /// the `bottomMargin` rows the controls cover.
    public static func place(_ events: [AssCellEvent], sheet: AssStyleSheet, in area: CellRect, bottomMargin: Int = 0,
                             columns: (Substring) -> Int = { $0.count }) -> [Piece] {
        guard area.size.columns > 2, area.size.rows > 0 else { return [] }
        let scaleX = Double(area.size.columns) / Double(max(1, sheet.playResX))
        let scaleY = Double(area.size.rows) / Double(max(1, sheet.playResY))
        let bottom = area.maxRow - 1 - max(0, bottomMargin)
        var taken: [CellRect] = []
        var pieces: [Piece] = []
        for event in events.enumerated().sorted(by: { ($0.element.layer, $0.offset) < ($1.element.layer, $1.offset) }).map(\.element) {
            let horizontal = (event.alignment - 1) % 3, vertical = (event.alignment - 1) / 3
            let left = Int((Double(event.marginLeft) * scaleX).rounded()), right = Int((Double(event.marginRight) * scaleX).rounded())
            let width = event.position == nil ? area.size.columns - left - right - 2 : area.size.columns - 2
            let lines = wrap(event, width: max(1, width), columns: columns).prefix(SubtitleLayout.maximumLines)
            guard !lines.isEmpty else { continue }
            let widths = lines.map { $0.reduce(2) { $0 + columns(Substring($1.text)) } }
            let blockWidth = widths.max() ?? 0, height = lines.count
            // The block's top row and its horizontal anchor (the column its alignment hangs on).
            var top: Int, anchor: Int
            if let point = event.position {
                anchor = area.minColumn + Int((point.x * scaleX).rounded())
                let y = area.minRow + Int((point.y * scaleY).rounded())
                top = vertical == 2 ? y : vertical == 1 ? y - height / 2 : y - height
            } else {
                let margin = Int((Double(event.marginVertical) * scaleY).rounded())
                anchor = horizontal == 0 ? area.minColumn + left : horizontal == 2 ? area.maxColumn - right
                    : area.minColumn + left + (area.size.columns - left - right) / 2
                top = vertical == 2 ? area.minRow + margin
                    : vertical == 1 ? area.minRow + (area.size.rows - height) / 2
                    : min(bottom, area.maxRow - 1 - margin) - (height - 1)
            }
            func startColumn(_ lineWidth: Int) -> Int {
                let start = horizontal == 0 ? anchor : horizontal == 2 ? anchor - lineWidth : anchor - lineWidth / 2
                return min(max(area.minColumn, start), area.maxColumn - lineWidth)
            }
            let blockLeft = lines.indices.map { startColumn(widths[$0]) }.min() ?? area.minColumn
            if event.position == nil {
                // Moved away from the edge it hangs on until it overlaps nothing placed before it.
                var block = CellRect(column: blockLeft, row: top, columns: blockWidth, rows: height)
                while taken.contains(where: { !$0.intersection(block).isEmpty }) {
                    block.origin.row += vertical == 2 ? 1 : -1
                    if block.minRow < area.minRow || block.maxRow > bottom + 1 { break }
                }
                top = block.minRow
                taken.append(block)
            }
            top = min(max(area.minRow, top), max(area.minRow, bottom + 1 - height))
            let background = event.box ?? (event.outlined ? outlineBackground : plainBackground)
            for (index, runs) in lines.enumerated() {
                let row = top + index
                guard row >= area.minRow, row <= bottom || vertical == 2 && row < area.maxRow else { continue }
                var column = startColumn(widths[index])
                let first = runs[0], last = runs[runs.count - 1]
                pieces.append(Piece(text: " ", origin: CellPoint(column: column, row: row), columns: 1, colour: first.colour,
                                    bold: false, italic: false, underline: false, background: background))
                column += 1
                for run in runs {
                    let width = columns(Substring(run.text))
                    pieces.append(Piece(text: run.text, origin: CellPoint(column: column, row: row), columns: width,
                                        colour: run.colour, bold: run.bold, italic: run.italic, underline: run.underline,
                                        background: background))
                    column += width
                }
                pieces.append(Piece(text: " ", origin: CellPoint(column: column, row: row), columns: 1, colour: last.colour,
                                    bold: false, italic: false, underline: false, background: background))
            }
        }
        return pieces
    }

    /// The event's lines wrapped to `width` columns, each still a list of runs: the words
    /// are wrapped as plain text (`WordWrap`), then given back the runs they came from.
    static func wrap(_ event: AssCellEvent, width: Int, columns: (Substring) -> Int) -> [[AssCellEvent.Run]] {
        var wrapped: [[AssCellEvent.Run]] = []
        for runs in event.lines {
            let characters = runs.enumerated().flatMap { index, run in run.text.map { ($0, index) } }
            var next = 0
            for line in WordWrap.lines(of: runs.map(\.text).joined(), width: width, columns: columns) {
                var out: [AssCellEvent.Run] = []
                for ch in line {
                    // The wrapped line is the original's characters in order, less spaces.
                    while next < characters.count && characters[next].0 != ch { next += 1 }
                    guard next < characters.count else { break }
                    let source = runs[characters[next].1]
                    if out.last.map({ $0.colour == source.colour && $0.bold == source.bold && $0.italic == source.italic
                        && $0.underline == source.underline }) == true {
                        out[out.count - 1].text.append(ch)
                    } else {
                        out.append(AssCellEvent.Run(text: String(ch), colour: source.colour, bold: source.bold,
                                                    italic: source.italic, underline: source.underline))
                    }
                    next += 1
                }
                if !out.isEmpty { wrapped.append(out) }
            }
        }
        return wrapped
    }
}
