import InsetCore

/// Folds cells drawn with a finer blitter (quadrants, sextants, octants) into half blocks:
/// each half of the cell takes the mix, in linear light, of the two colours in the share
/// its pattern covers of that half. The picture is the same seen from afar; the detail
/// inside a half is given up. It is the quality ladder's rung for a slow link
/// (`CellQuality.halfBlocks`): a half block is a byte shorter than an octant, and cells
/// that differed only inside a half become equal, so fewer of them are sent.
///
/// Applied to a video plane's grid after the blit; cells that are not pattern glyphs, or
/// have a default or palette colour, are left as they are.
public enum HalfBlockFolding {
    /// Folds every pattern cell of `grid` inside `rect`.
    public static func fold(_ grid: inout CellGrid, in rect: CellRect) {
        let area = rect.intersection(grid.bounds)
        guard !area.isEmpty else { return }
        let columns = grid.columns
        let toLinear = LinearLight.fromSRGB.baseAddress!, toSRGB = LinearLight.toSRGB.baseAddress!
        grid.withUnsafeMutableCells { cells in
            for row in area.minRow..<area.maxRow {
                let line = cells.baseAddress! + row * columns
                for column in area.minColumn..<area.maxColumn {
                    let cell = line[column]
                    guard cell.glyph != Cell.upperHalfBlock, cell.attributes.isEmpty,
                          (cell.foreground | cell.background) < TerminalColor.paletteTag,
                          let shares = shares(of: cell.glyph) else { continue }
                    let top = mix(cell.foreground, cell.background, share: shares.top, toLinear, toSRGB)
                    let bottom = mix(cell.foreground, cell.background, share: shares.bottom, toLinear, toSRGB)
                    line[column] = .halfBlock(top: top, bottom: bottom)
                }
            }
        }
    }

    /// The share of each half a pattern glyph's ink covers, in 24ths; nil for any other glyph.
    @inline(__always)
    static func shares(of glyph: UInt32) -> (top: Int, bottom: Int)? {
        for range in ranges where glyph &- range.first < UInt32(range.table.count) {
            let value = range.table[Int(glyph &- range.first)]
            return value == 0xFFFF ? nil : (Int(value >> 8), Int(value & 0xFF))
        }
        return nil
    }

    @inline(__always)
    private static func mix(_ ink: UInt32, _ paper: UInt32, share: Int, _ toLinear: UnsafePointer<UInt16>,
                            _ toSRGB: UnsafePointer<UInt8>) -> UInt32 {
        if share == 24 { return ink }
        if share == 0 { return paper }
        // One channel at a time, unrolled: an array of the shifts would be built per cell.
        @inline(__always) func channel(_ shift: UInt32) -> UInt32 {
            let a = Int(toLinear[Int((ink >> shift) & 0xFF)]), b = Int(toLinear[Int((paper >> shift) & 0xFF)])
            return UInt32(toSRGB[(a * share + b * (24 - share)) / 24]) << shift
        }
        return channel(16) | channel(8) | channel(0)
    }

    /// Per glyph of the pattern ranges, top share << 8 | bottom share (24ths), 0xFFFF for
    /// none. Every table agrees on a glyph's pattern, so one map serves them all.
    nonisolated(unsafe) static let ranges: [(first: UInt32, table: UnsafeBufferPointer<UInt16>)] = {
        let spans: [(first: UInt32, count: Int)] = [(0x2580, 0x20), (0x1FB00, 0x100), (0x1CD00, 0x200)]
        var tables = spans.map { [UInt16](repeating: 0xFFFF, count: $0.count) }
        func ink(_ mask: Int, row: Int) -> Int { (mask >> (2 * row) & 1) + (mask >> (2 * row + 1) & 1) }
        let layouts: [(table: UnsafeBufferPointer<UInt32>, count: Int, shares: (Int) -> (Int, Int))] = [
            (SubCellGlyphs.quadrant, 16, { (12 * ink($0, row: 0), 12 * ink($0, row: 1)) }),
            (SubCellGlyphs.sextant, 64, { (8 * ink($0, row: 0) + 4 * ink($0, row: 1), 4 * ink($0, row: 1) + 8 * ink($0, row: 2)) }),
            (SubCellGlyphs.octant, 256, { (6 * (ink($0, row: 0) + ink($0, row: 1)), 6 * (ink($0, row: 2) + ink($0, row: 3))) }),
        ]
        for layout in layouts {
            for mask in 1..<(layout.count - 1) {
                let glyph = layout.table[mask]
                guard let k = spans.firstIndex(where: { glyph >= $0.first && glyph - $0.first < UInt32($0.count) }) else { continue }
                let (top, bottom) = layout.shares(mask)
                tables[k][Int(glyph - spans[k].first)] = UInt16(top << 8 | bottom)
            }
        }
        return zip(spans, tables).map { ($0.first, permanent($1)) }
    }()
}
