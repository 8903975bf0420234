import InsetCore
import Testing
@testable import InsetRender

/// The quality ladder's half-block rung: finer pattern cells folded to half blocks.
@Suite("Half-block folding")
struct HalfBlockFoldingTests {
    static func ink(_ mask: Int, rows: ClosedRange<Int>) -> Int {
        rows.reduce(0) { $0 + (mask >> (2 * $1) & 1) + (mask >> (2 * $1 + 1) & 1) }
    }

    @Test("each pattern glyph's halves: the share of its sub-pixels inked, for octants, sextants and quadrants")
    func shares() {
        for mask in 1..<255 {
            let shares = HalfBlockFolding.shares(of: SubCellGlyphs.octant[mask])
            #expect(shares?.top == 6 * Self.ink(mask, rows: 0...1) && shares?.bottom == 6 * Self.ink(mask, rows: 2...3),
                    "octant \(mask)")
        }
        for mask in 1..<63 {
            let shares = HalfBlockFolding.shares(of: SubCellGlyphs.sextant[mask])
            let middle = Self.ink(mask, rows: 1...1)
            #expect(shares?.top == 8 * Self.ink(mask, rows: 0...0) + 4 * middle
                    && shares?.bottom == 4 * middle + 8 * Self.ink(mask, rows: 2...2), "sextant \(mask)")
        }
        for mask in 1..<15 {
            let shares = HalfBlockFolding.shares(of: SubCellGlyphs.quadrant[mask])
            #expect(shares?.top == 12 * Self.ink(mask, rows: 0...0) && shares?.bottom == 12 * Self.ink(mask, rows: 1...1))
        }
        #expect(HalfBlockFolding.shares(of: 0x41) == nil)
    }

    @Test("a folded cell shows each half's mix in linear light; text and default colours stay")
    func folds() {
        var grid = CellGrid(size: CellSize(columns: 3, rows: 1), fill: .transparent)
        let white: UInt32 = 0xFFFFFF, blue: UInt32 = 0x0000FF
        // The top row of an octant inked (a quarter of the cell, half of its top half).
        grid[0, 0] = Cell(glyph: SubCellGlyphs.octant[0x03], foreground: white, background: blue)
        grid[1, 0] = Cell(glyph: 0x41, foreground: white, background: blue)
        grid[2, 0] = Cell(glyph: SubCellGlyphs.octant[0x03], foreground: TerminalColor.defaultForeground, background: blue)
        let before = grid
        HalfBlockFolding.fold(&grid, in: grid.bounds)
        // Half white, half blue in linear light: 188 in sRGB for the red and green, 255 blue.
        #expect(grid[0, 0] == .halfBlock(top: 0xBCBCFF, bottom: blue))
        #expect(grid[1, 0] == before[1, 0])
        #expect(grid[2, 0] == before[2, 0])
    }
}
