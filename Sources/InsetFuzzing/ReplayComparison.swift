import InsetCore
import InsetRender

/// Whether the replayed terminal (`ReplayTerminal`) shows each cell of the pane's frame
/// as a person would see it: the same width and attributes, and a glyph painted in
/// colours that look alike after the terminal's quantisation (`CellLook`). A rasterizer
/// may send a cell otherwise than the pane holds it (a complement, a space for a glyph of
/// one colour, a colour it counts as the same); only a difference a person could see fails.
///
/// A character whose width the model's table is too old for (`ModelWidthTable`) is drawn
/// one column narrower or wider there, and the model's cursor goes on one column off the
/// rasterizer's: what it shows further along that row is the model's mistake, not the
/// rasterizer's. Such characters are counted apart and the rest of their row is not
/// compared until the screen is next drawn in full.
struct ReplayComparison {
    let rasterizer: Rasterizer
    /// What was counted apart so far.
    private(set) var outdatedModelWidths: Set<UInt32> = []
    /// Per row, the first column past a character the model's table is too old for.
    private var driftedFrom: [Int: Int] = [:]

    init(rasterizer: Rasterizer) { self.rasterizer = rasterizer }

    /// What differs between `grid` and what `replay` shows after the rasterizer's last
    /// frame, or nil when a person would see the same.
    mutating func mismatch(_ grid: CellGrid, _ replay: ReplayTerminal) -> String? {
        // A full redraw clears the screen first: no row holds what an earlier frame misplaced.
        if rasterizer.lastStats.fullRedraw { driftedFrom.removeAll() }
        let sgr: CellAttributes = [.bold, .underline, .italic, .reverse]
        for row in 0..<grid.rows {
            var column = 0
            while column < min(grid.columns, driftedFrom[row] ?? grid.columns) {
                let cell = grid[column, row]
                let shown = replay[column, row]
                let wide = cell.attributes.contains(.wide) && column + 1 < grid.columns
                    && grid[column + 1, row].glyph == Cell.wideContinuation
                var glyph = cell.glyph
                if !wide && (cell.attributes.contains(.wide) || glyph == Cell.wideContinuation) { glyph = Cell.space }
                let attributes = cell.attributes.intersection(sgr)
                let intended = CellLook(glyph: glyph, foreground: cell.foreground, background: cell.background)
                let seen = CellLook(glyph: shown.glyph == 0 ? Cell.space : shown.glyph,
                                    foreground: shown.foreground, background: shown.background)
                var problem: String?
                let shownWide = shown.width == 2
                    && (column + 1 >= grid.columns || replay[column + 1, row].glyph == ReplayTerminal.continuation)
                if wide != shownWide {
                    if seen.glyph == glyph && shown.width == (wide ? 1 : 2) && ModelWidthTable.predates(glyph) {
                        outdatedModelWidths.insert(glyph)
                        driftedFrom[row] = column + 1
                    } else {
                        problem = seen.glyph == glyph ? "width" : "glyph"
                    }
                }
                if problem == nil {
                    // The rasterizer changes no glyph with an attribute: those must be the glyph itself.
                    let alike = attributes.isEmpty ? intended.looksLike(seen, on: rasterizer)
                                                   : intended.isSame(as: seen, on: rasterizer)
                    if !alike { problem = intended.difference(from: seen, on: rasterizer) }
                }
                if problem == nil && shown.attributes != attributes { problem = "attributes" }
                if let problem {
                    let hex = TerminalFuzz.hex
                    return "cell (\(column),\(row)) \(problem) differs on the replayed terminal: intended "
                        + "\(TerminalFuzz.describe(glyph))\(wide ? " wide" : "") fg \(hex(cell.foreground))"
                        + " bg \(hex(cell.background)) attrs \(attributes.rawValue), shown \(TerminalFuzz.describe(shown.glyph))"
                        + " width \(shown.width) fg \(hex(shown.foreground)) bg \(hex(shown.background))"
                        + " attrs \(shown.attributes.rawValue)"
                }
                column += wide ? 2 : 1
            }
        }
        return nil
    }
}
