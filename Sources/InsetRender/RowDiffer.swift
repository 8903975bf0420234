import InsetCore

/// The rasterizer's inner loop: one screen row at a time, compares the intended cells with
/// the cells shown and writes the changes. Generic over the colour encoding so each colour
/// mode is compiled into its own loop.
///
/// Works on raw row pointers handed in by `Rasterizer`, which enters the frame's, the
/// baseline's and the output's storage once per frame. Nothing here allocates.
struct RowDiffer<E: ColorEncoding> {
    let encoding: E
    let columns: Int
    /// Draw every cell regardless of the baseline.
    let full: Bool
    /// Squared, scaled redmean distance (see `ColorQuantizer.distance`) at or under which
    /// two colours count as the same; 0 compares exactly.
    let threshold: Int
    var state: TerminalState
    private(set) var cellsChanged = 0
    private(set) var cellsRewritten = 0
    /// The last colour quantised and its code: letterbox bars, UI panels and flat areas of
    /// video repeat colours from cell to cell, and a palette lookup costs tens of ns.
    private var memoColor = UInt32.max
    private var memoCode = UInt32.max

    /// Re-writing an unchanged cell costs at least a byte (three for a half block) while a
    /// CUF over a short gap costs three or four, so only short gaps, or gaps that also
    /// spare an SGR, are worth re-writing; the cap bounds the cost of weighing them.
    static var maxRewriteGap: Int { 8 }

    init(encoding: E, columns: Int, full: Bool, threshold: Int, state: TerminalState) {
        self.encoding = encoding
        self.columns = columns
        self.full = full
        self.threshold = threshold
        self.state = state
    }

    mutating func diff(row: Int, intended: UnsafePointer<Cell>, shown: UnsafeMutablePointer<Cell>,
                       into writer: inout ByteWriter) {
        let lastColumn = columns - 1
        var column = 0
        while column < columns {
            let source = intended[column]
            var glyph = source.glyph
            var span = 1
            if source.attributes.contains(.wide) {
                // A wide glyph with its continuation beside it covers both cells; cut off (at
                // the edge, or half under a window) it would spill, so it is a space.
                if column < lastColumn && intended[column + 1].glyph == Cell.wideContinuation { span = 2 } else { glyph = Cell.space }
            } else if glyph == Cell.wideContinuation {
                // Not after a wide glyph (that case is written with it): half of a cut-off one.
                glyph = Cell.space
            }
            // A kitty placeholder's foreground is its image id (a palette index): sent as
            // it is in every mode, never quantised to the sixteen.
            let foreground = KittyPlaceholderGlyph.isPlaceholder(glyph) ? source.foreground : code(source.foreground)
            let background = code(source.background)
            let attributes = source.attributes.intersection(.all)
            var want = Cell(glyph: TerminalGlyph.shown(glyph, foreground: foreground, background: background,
                                                       attributes: attributes),
                            foreground: foreground, background: background, attributes: attributes)
            if span == 2 { want.attributes.insert(.wide) }
            let have: Cell? = full ? nil : shown[column]
            if let have, want == have && (span == 1 || shown[column + 1].glyph == Cell.wideContinuation) {
                column += span
                continue
            }
            // A pattern glyph (half block, quadrant, sextant, octant) shows the same picture
            // as its complement with the colours swapped: either may be on screen already,
            // and the one whose colours the terminal has is the cheaper to send. Looked up
            // only for cells that differ from the screen. Not with a default colour: SGR has
            // no way to ask for the default background as a foreground (39 is the default
            // foreground), so the swapped cell would paint the pattern in the wrong colour.
            let complement = span == 1 && attributes.isEmpty && !TerminalColor.isDefault(foreground)
                && !TerminalColor.isDefault(background) ? SubCellGlyphs.complement(of: want.glyph) : 0
            let swapped = Cell(glyph: complement, foreground: want.background, background: want.foreground,
                               attributes: want.attributes)
            if let have {
                if span == 1 && threshold > 0 && isClose(want, have) { column += 1; continue }
                if complement != 0 && (swapped == have || (threshold > 0 && isClose(swapped, have))) { column += 1; continue }
            }
            moveCursor(toRow: row, column: column, target: want, shown: shown, into: &writer)
            if complement != 0 {
                // Fewer SGR colours first; then the shorter glyph (3 UTF-8 bytes below U+10000, 4 above).
                let keptSwapped = colorsKept(by: swapped), keptWanted = colorsKept(by: want)
                if keptSwapped > keptWanted || (keptSwapped == keptWanted && complement < 0x10000 && want.glyph >= 0x10000) {
                    want = swapped
                }
            }
            if threshold > 0 { want = state.keepingCurrentColors(want, threshold: threshold) }
            state.write(want, encoding: encoding, lastColumn: lastColumn - (span - 1), into: &writer)
            // A terminal blanks both halves of a wide glyph when either is overwritten: the
            // half this write does not cover is no longer known.
            let coveredLast = column + span - 1
            if shown[coveredLast].attributes.contains(.wide) && coveredLast < lastColumn {
                shown[coveredLast + 1].glyph = Cell.unknownGlyph
            }
            shown[column] = want
            if span == 2 {
                if state.cursorColumn >= 0 { state.cursorColumn += 1 }
                shown[column + 1] = Cell(glyph: Cell.wideContinuation, foreground: want.foreground,
                                         background: want.background, attributes: want.attributes.subtracting(.wide))
            }
            cellsChanged += 1
            column += span
        }
    }

    /// How many of `cell`'s two colours the terminal has already (or close enough): each
    /// one kept spares an SGR colour, the bulk of a cell's bytes.
    @inline(__always)
    private func colorsKept(by cell: Cell) -> Int {
        (state.keepsForeground(cell.foreground, threshold: threshold) ? 1 : 0)
            + (state.keepsBackground(cell.background, threshold: threshold) ? 1 : 0)
    }

    @inline(__always)
    private mutating func code(_ color: UInt32) -> UInt32 {
        if E.codeIsTrivial { return encoding.code(color) }
        if color != memoColor {
            memoColor = color
            memoCode = encoding.code(color)
        }
        return memoCode
    }

    /// Puts the cursor on (row, column) by the shortest of: nothing (already there), CUF,
    /// re-writing the unchanged cells up to it (which also changes the SGR state, so the
    /// comparison includes the target cell's SGR from each resulting state), or CUP.
    @inline(__always)
    private mutating func moveCursor(toRow row: Int, column: Int, target: Cell,
                                     shown: UnsafeMutablePointer<Cell>, into writer: inout ByteWriter) {
        guard state.cursorRow == row && state.cursorColumn >= 0 && state.cursorColumn <= column else {
            state.moveTo(row: row, column: column, into: &writer)
            return
        }
        let from = state.cursorColumn
        let gap = column - from
        if gap == 0 { return }

        var forward = ByteCounter(), jump = ByteCounter()
        var scratch = state
        scratch.moveRight(by: gap, into: &forward)
        scratch = state
        scratch.moveTo(row: row, column: column, into: &jump)
        let useForward = forward.count <= jump.count

        if gap <= RowDiffer.maxRewriteGap && RowDiffer.isPlain(shown + from, count: gap) {
            // Cost of moving: the move plus the target's SGR from the current state.
            var moving = ByteCounter()
            var afterMove = state
            afterMove.setStyle(target, threshold: threshold, encoding: encoding, into: &moving)
            let moveCost = min(forward.count, jump.count) + moving.count
            // Cost of re-writing: the gap cells plus the target's SGR from where they leave it.
            var rewriting = ByteCounter()
            var afterRewrite = state
            for k in from..<column {
                afterRewrite.write(shown[k], encoding: encoding, lastColumn: columns - 1, into: &rewriting)
                if rewriting.count >= moveCost { break }
            }
            if rewriting.count < moveCost {
                afterRewrite.setStyle(target, threshold: threshold, encoding: encoding, into: &rewriting)
                if rewriting.count < moveCost {
                    for k in from..<column {
                        state.write(shown[k], encoding: encoding, lastColumn: columns - 1, into: &writer)
                    }
                    cellsRewritten += gap
                    return
                }
            }
        }
        if useForward {
            state.moveRight(by: gap, into: &writer)
        } else {
            state.moveTo(row: row, column: column, into: &writer)
        }
    }

    /// Whether the cells can be re-written one by one as they are: no wide glyph, no half of
    /// one, nothing unknown.
    @inline(__always)
    private static func isPlain(_ cells: UnsafeMutablePointer<Cell>, count: Int) -> Bool {
        for k in 0..<count {
            let cell = cells[k]
            if cell.attributes.contains(.wide) || cell.glyph >= Cell.wideContinuation { return false }
        }
        return true
    }

    @inline(__always)
    private func isClose(_ a: Cell, _ b: Cell) -> Bool {
        a.glyph == b.glyph && a.attributes == b.attributes
            && ColorQuantizer.isClose(a.foreground, b.foreground, within: threshold)
            && ColorQuantizer.isClose(a.background, b.background, within: threshold)
    }
}

extension TerminalState {
    /// `cell` with each colour replaced by the current SGR colour when that one is within
    /// `threshold` of it: close enough to look the same, and free to send.
    @inline(__always)
    func keepingCurrentColors(_ cell: Cell, threshold: Int) -> Cell {
        var cell = cell
        if keepsForeground(cell.foreground, threshold: threshold) { cell.foreground = foreground }
        if keepsBackground(cell.background, threshold: threshold) { cell.background = background }
        return cell
    }

    /// Whether the current SGR foreground serves for `color`: the same, or within `threshold`.
    @inline(__always)
    func keepsForeground(_ color: UInt32, threshold: Int) -> Bool { keeps(color, current: foreground, threshold: threshold) }

    /// Whether the current SGR background serves for `color`.
    @inline(__always)
    func keepsBackground(_ color: UInt32, threshold: Int) -> Bool { keeps(color, current: background, threshold: threshold) }

    @inline(__always)
    private func keeps(_ color: UInt32, current: UInt32, threshold: Int) -> Bool {
        color == current || (threshold > 0 && current != TerminalState.unknownColor
                             && ColorQuantizer.isClose(current, color, within: threshold))
    }

    /// `setStyle` for the colours the cell would really be written with.
    @inline(__always)
    mutating func setStyle<S: ByteSink, E: ColorEncoding>(_ target: Cell, threshold: Int, encoding: E,
                                                          into sink: inout S) {
        let cell = threshold > 0 ? keepingCurrentColors(target, threshold: threshold) : target
        setStyle(foreground: cell.foreground, background: cell.background,
                 attributes: cell.attributes.intersection(.all).rawValue,
                 encoding: encoding, into: &sink)
    }
}
