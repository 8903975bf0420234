import InsetCore

/// UI drawing on a grid (a plane's grid, usually): fills, text, box borders. Everything is
/// clipped to the grid, and to an optional clip rectangle, so callers can draw at
/// coordinates that run off the edge. Text is a Swift `String` here: UI text is a few
/// dozen cells per frame, not the hot path.
extension CellGrid {
    /// Sets every cell of `rect` (clipped) to `cell`.
    public mutating func fill(_ rect: CellRect, with cell: Cell) {
        let r = rect.intersection(bounds)
        guard !r.isEmpty else { return }
        let w = size.columns
        withUnsafeMutableCells { cells in
            for row in r.minRow..<r.maxRow {
                (cells.baseAddress! + row * w + r.minColumn).update(repeating: cell, count: r.size.columns)
            }
        }
    }

    /// Copies `source` whole onto this grid with its top-left at `origin`, clipped.
    public mutating func place(_ source: CellGrid, at origin: CellPoint) {
        let target = CellRect(origin: origin, size: source.size).intersection(bounds)
        guard !target.isEmpty else { return }
        for row in target.minRow..<target.maxRow {
            for column in target.minColumn..<target.maxColumn {
                self[column, row] = source[column - origin.column, row - origin.row]
            }
        }
    }

    /// Paints `rect` with spaces on `color`.
    public mutating func fill(_ rect: CellRect, color: RGB) {
        fill(rect, with: Cell(" ", foreground: .white, background: color))
    }

    /// Writes `text` from `position` to the right on one row, clipped to the grid and to
    /// `clip`. Wide characters become `?` and zero-width ones are dropped (see `GlyphWidth`).
    /// Returns the column after the last character, whether or not it was visible, so
    /// callers can continue a line.
    @discardableResult
    public mutating func put(_ text: String, at position: CellPoint, style: CellStyle = .plain,
                             clip: CellRect? = nil) -> Int {
        let area = clip.map { $0.intersection(bounds) } ?? bounds
        var column = position.column
        let row = position.row
        let rowVisible = row >= area.minRow && row < area.maxRow
        for scalar in text.unicodeScalars {
            guard let glyph = GlyphWidth.cellGlyph(for: scalar) else { continue }
            if rowVisible && column >= area.minColumn && column < area.maxColumn {
                self[column, row] = Cell(glyph: glyph, foreground: style.foreground.packed,
                                         background: style.background.packed, attributes: style.attributes)
            }
            column += 1
        }
        return column
    }

    /// How many columns `text` takes once reduced to single-column glyphs.
    public static func columns(of text: String) -> Int {
        text.unicodeScalars.reduce(0) { $0 + (GlyphWidth.cellGlyph(for: $1) == nil ? 0 : 1) }
    }

    /// `text` cut to at most `limit` columns, ending in `…` when something was cut.
    public static func truncated(_ text: String, toColumns limit: Int) -> String {
        guard limit > 0 else { return "" }
        guard columns(of: text) > limit else { return text }
        var out = String.UnicodeScalarView()
        var used = 0
        for scalar in text.unicodeScalars where GlyphWidth.cellGlyph(for: scalar) != nil {
            if used == limit - 1 { break }
            out.append(scalar)
            used += 1
        }
        out.append("…")
        return String(out)
    }

    /// `text` cut to at most `limit` columns by taking out its middle, marked `…`: a third
    /// of what fits from its start, the rest from its end. For messages whose end matters,
    /// as a path's file name does in "saved /a/deep/folder/clip_0-01.88.png", which cutting
    /// the end would lose.
    public static func middleTruncated(_ text: String, toColumns limit: Int) -> String {
        guard limit > 1 else { return truncated(text, toColumns: limit) }
        let glyphs = text.unicodeScalars.filter { GlyphWidth.cellGlyph(for: $0) != nil }
        guard glyphs.count > limit else { return text }
        let head = (limit - 1) / 3
        var out = String.UnicodeScalarView(glyphs.prefix(head))
        out.append("…")
        out.append(contentsOf: glyphs.suffix(limit - 1 - head))
        return String(out)
    }

    /// Draws a light box border (`┌─┐│└┘`) along the edges of `rect`, with `title` in the
    /// top edge (`┌─ Title ───┐`, cut with `…` when too long). The inside is painted with
    /// the style's background when `fillInterior` is set, else left as it was. Rectangles
    /// smaller than 2x2 draw nothing; the whole box is clipped to the grid.
    public mutating func drawBox(_ rect: CellRect, title: String? = nil, style: CellStyle = .plain,
                                 titleStyle: CellStyle? = nil, fillInterior: Bool = false) {
        guard rect.size.columns >= 2, rect.size.rows >= 2 else { return }
        let fg = style.foreground.packed, bg = style.background.packed, attrs = style.attributes
        func set(_ c: Int, _ r: Int, _ g: UInt32) {
            if contains(column: c, row: r) {
                self[c, r] = Cell(glyph: g, foreground: fg, background: bg, attributes: attrs)
            }
        }
        let left = rect.minColumn, right = rect.maxColumn - 1
        let top = rect.minRow, bottom = rect.maxRow - 1
        if fillInterior {
            fill(CellRect(column: left + 1, row: top + 1, columns: rect.size.columns - 2, rows: rect.size.rows - 2),
                 with: Cell(glyph: Cell.space, foreground: fg, background: bg, attributes: attrs))
        }
        for c in (left + 1)..<right {
            set(c, top, BoxGlyph.horizontal)
            set(c, bottom, BoxGlyph.horizontal)
        }
        for r in (top + 1)..<bottom {
            set(left, r, BoxGlyph.vertical)
            set(right, r, BoxGlyph.vertical)
        }
        set(left, top, BoxGlyph.topLeft)
        set(right, top, BoxGlyph.topRight)
        set(left, bottom, BoxGlyph.bottomLeft)
        set(right, bottom, BoxGlyph.bottomRight)

        // "┌─ Title ─┐": one rule cell, a space each side of the title.
        guard let title, !title.isEmpty, rect.size.columns >= 6 else { return }
        let room = rect.size.columns - 6
        let shown = " " + CellGrid.truncated(title, toColumns: room) + " "
        put(shown, at: CellPoint(column: left + 2, row: top), style: titleStyle ?? style,
            clip: CellRect(column: left + 1, row: top, columns: rect.size.columns - 2, rows: 1))
    }
}

/// Light box-drawing characters.
public enum BoxGlyph {
    public static let horizontal: UInt32 = 0x2500  // ─
    public static let vertical: UInt32 = 0x2502    // │
    public static let topLeft: UInt32 = 0x250C     // ┌
    public static let topRight: UInt32 = 0x2510    // ┐
    public static let bottomLeft: UInt32 = 0x2514  // └
    public static let bottomRight: UInt32 = 0x2518 // ┘
}
