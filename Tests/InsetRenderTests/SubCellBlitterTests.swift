import InsetCore
import InsetTestSupport
import Testing
@testable import InsetRender

@Suite("Sub-cell blitters")
struct SubCellBlitterTests {
    static let white = RGB(255, 255, 255), black = RGB(0, 0, 0)

    /// An image whose pixel (x, y) is `colour(x, y)`.
    static func image(_ width: Int, _ height: Int, _ colour: (Int, Int) -> RGB) -> RGBImage {
        let image = RGBImage(size: PixelSize(width: width, height: height))
        for y in 0..<height { for x in 0..<width { image.setPixel(x: x, y: y, colour(x, y)) } }
        return image
    }

    static func oneCell(_ image: RGBImage, _ blitter: Blitter) -> Cell {
        var grid = CellGrid(size: CellSize(columns: 1, rows: 1))
        grid.blit(image, as: blitter)
        return grid[0, 0]
    }

    @Test("a 2x4 checkerboard is the octant 1458, white on black, exactly")
    func checkerboard() {
        let board = Self.image(2, 4) { x, y in (x + y) % 2 == 0 ? Self.white : Self.black }
        #expect(Self.oneCell(board, .octant) == Cell(glyph: 0x1CD89, foreground: 0xFFFFFF, background: 0))
        // Any two colours come back as they were: a mean of equal values through linear light.
        let a = RGB(200, 30, 60), b = RGB(10, 120, 240)
        let coloured = Self.image(2, 4) { x, y in (x + y) % 2 == 0 ? a : b }
        #expect(Self.oneCell(coloured, .octant) == Cell(glyph: 0x1CD89, foreground: a.packed, background: b.packed))
        // The same board at 2x2 and 2x3: ▚ and sextant 1-4-5.
        #expect(Self.oneCell(Self.image(2, 2) { x, y in (x + y) % 2 == 0 ? a : b }, .quadrant)
                == Cell(glyph: 0x259A, foreground: a.packed, background: b.packed))
        #expect(Self.oneCell(Self.image(2, 3) { x, y in (x + y) % 2 == 0 ? a : b }, .sextant)
                == Cell(glyph: 0x1FB17, foreground: a.packed, background: b.packed))  // 1-4-5, after 21 is skipped
    }

    /// A diagonal edge from the top-left corner to the bottom-right of the cell's left
    /// column: sub-pixel centres below the line y = (h/1)·x… are `a`.
    static func diagonal(_ width: Int, _ height: Int, a: RGB, b: RGB) -> RGBImage {
        image(width, height) { x, y in
            Double(y) + 0.5 > Double(height) / Double(width) * (Double(x) + 0.5) ? a : b
        }
    }

    @Test("a diagonal edge gives the exact glyph and colours in each blitter")
    func diagonalEdge() {
        let a = RGB(250, 200, 20), b = RGB(20, 40, 90)
        // Quadrants: only the bottom-left is `a`; the foreground is the top-left's group (b): ▜.
        #expect(Self.oneCell(Self.diagonal(2, 2, a: a, b: b), .quadrant)
                == Cell(glyph: 0x259C, foreground: b.packed, background: a.packed))
        // Sextants: `a` at (0,1), (0,2), (1,2); b's pattern is 1-2-4: U+1FB0A.
        #expect(Self.oneCell(Self.diagonal(2, 3, a: a, b: b), .sextant)
                == Cell(glyph: 0x1FB0A, foreground: b.packed, background: a.packed))
        // Octants: `a` at (0,1), (0,2), (0,3), (1,3); b's pattern is 1-2-4-6: U+1CD22.
        #expect(Self.oneCell(Self.diagonal(2, 4, a: a, b: b), .octant)
                == Cell(glyph: 0x1CD22, foreground: b.packed, background: a.packed))
    }

    @Test("a flat cell, and one whose two means round to one colour, is a space on it")
    func flatCells() {
        let flat = Self.image(2, 4) { _, _ in RGB(90, 90, 90) }
        #expect(Self.oneCell(flat, .octant) == .halfBlock(top: 0x5A5A5A, bottom: 0x5A5A5A))
        // 0 and 1 are one linear step apart; their means stay distinct, so this one is not flat.
        let nearly = Self.image(2, 2) { x, _ in x == 0 ? RGB(0, 0, 0) : RGB(0, 0, 1) }
        #expect(Self.oneCell(nearly, .quadrant).glyph == 0x258C)
    }

    @Test("the glyph tables: every octant and sextant character once, the rest borrowed from Block Elements")
    func glyphTables() {
        let octants = SubCellGlyphs.octant
        #expect(octants.count == 256)
        let own = octants.filter { (0x1CD00...0x1CDE5).contains($0) }
        #expect(own.count == 230 && Set(own).count == 230)
        #expect(octants[0b0000_0100] == 0x1CD00 && octants[0b1111_1110] == 0x1CDE5)
        #expect(octants[0b0000_1111] == 0x2580 && octants[0b0101_0101] == 0x258C && octants[0xFF] == 0x2588)
        let sextants = SubCellGlyphs.sextant
        let ownSextants = sextants.filter { (0x1FB00...0x1FB3B).contains($0) }
        #expect(ownSextants.count == 60 && Set(ownSextants).count == 60)
        #expect(sextants[21] == 0x258C && sextants[42] == 0x2590 && sextants[62] == 0x1FB3B)
        #expect(Set(SubCellGlyphs.quadrant).count == 16)
    }

    @Test("sRGB goes through linear light and back unchanged")
    func linearRoundTrip() {
        for v in 0..<256 {
            #expect(LinearLight.toSRGB[Int(LinearLight.fromSRGB[v])] == UInt8(v))
        }
        #expect(LinearLight.fromSRGB[0] == 0 && LinearLight.fromSRGB[255] == 65535)
    }

    @Test("a group's mean by reciprocal is the exact quotient for every sum of up to 8 sub-pixels")
    func reciprocalMeans() {
        for k in 1...8 {
            let reciprocal = SubCellBlitter.reciprocals[k]
            var wrong = 0
            for sum in 0...(k * 65535) where SubCellBlitter.mean(sum, reciprocal) != sum / k { wrong += 1 }
            #expect(wrong == 0, "k = \(k)")
            #expect(840 % k == 0 && SubCellBlitter.scoreWeights[k] * k == 840)
        }
    }

    @Test("cells of two colours, any pattern, come back exactly", arguments: [Blitter.quadrant, .sextant, .octant])
    func twoColourCells(blitter: Blitter) {
        var random = SplitMix64(seed: 77)
        let sub = blitter.subPixels
        for _ in 0..<500 {
            let a = RGB(.random(in: 0...255, using: &random), .random(in: 0...255, using: &random), .random(in: 0...255, using: &random))
            let b = RGB(.random(in: 0...255, using: &random), .random(in: 0...255, using: &random), .random(in: 0...255, using: &random))
            let mask = Int.random(in: 0..<(1 << (sub.width * sub.height)), using: &random)
            let image = Self.image(sub.width, sub.height) { x, y in mask & (1 << (y * 2 + x)) != 0 ? a : b }
            let cell = Self.oneCell(image, blitter)
            let drawn = Self.subPixels(of: cell, blitter)
            for y in 0..<sub.height {
                for x in 0..<sub.width {
                    #expect(drawn[y * 2 + x] == image.pixel(x: x, y: y).packed, "mask \(mask) a \(a) b \(b)")
                }
            }
        }
    }

    @Test("on random cells the error is within 10% of the best two-colour fit on average", arguments: [Blitter.sextant, .octant])
    func nearBestFit(blitter: Blitter) {
        var random = SplitMix64(seed: 5)
        let n = blitter.subPixels.width * blitter.subPixels.height
        var ours = 0.0, best = 0.0
        for _ in 0..<300 {
            let image = Self.image(2, blitter.subPixels.height) { _, _ in
                RGB(.random(in: 0...255, using: &random), .random(in: 0...255, using: &random), .random(in: 0...255, using: &random))
            }
            let pixels = (0..<n).map { Self.linear(image.pixel(x: $0 % 2, y: $0 / 2).packed) }
            let drawn = Self.subPixels(of: Self.oneCell(image, blitter), blitter).map(Self.linear)
            ours += zip(pixels, drawn).map { Self.distance($0, $1) }.reduce(0, +)
            best += Self.bestTwoColourError(pixels)
        }
        #expect(ours <= best * 1.10, "\(blitter): \(ours) against the best \(best)")
    }

    @Test("blits land on the cells the geometry says, clipped, with black outside the image")
    func geometry() {
        // A 4x8 image at octants is 2x2 cells; drawn at (1, 1) in a 3x3 grid the bottom row and
        // right column of it are cut off.
        let image = Self.image(4, 8) { x, y in RGB(UInt8(60 * (x / 2) + 10), UInt8(100 * (y / 4) + 20), 7) }
        var grid = CellGrid(size: CellSize(columns: 3, rows: 3), fill: Cell("x", style: .plain))
        grid.blit(image, as: .octant, at: CellPoint(column: 1, row: 1))
        #expect(grid[0, 0].glyph == UInt32(UInt8(ascii: "x")))
        #expect(grid[1, 1] == .halfBlock(top: RGB(10, 20, 7).packed, bottom: RGB(10, 20, 7).packed))
        #expect(grid[2, 2] == .halfBlock(top: RGB(70, 120, 7).packed, bottom: RGB(70, 120, 7).packed))
        // A 3x5 image at quadrants is 2x3 cells: the missing sub-pixels are black.
        let odd = Self.image(3, 5) { _, _ in Self.white }
        var small = CellGrid(size: CellSize(columns: 2, rows: 3))
        small.blit(odd, as: .quadrant)
        #expect(small[0, 0] == .halfBlock(top: 0xFFFFFF, bottom: 0xFFFFFF))
        #expect(small[1, 0] == Cell(glyph: 0x258C, foreground: 0xFFFFFF, background: 0))
        #expect(small[0, 2] == Cell(glyph: 0x2580, foreground: 0xFFFFFF, background: 0))
        #expect(small[1, 2] == Cell(glyph: 0x2598, foreground: 0xFFFFFF, background: 0))
        // A region: the right half of the 4x8 image alone.
        var region = CellGrid(size: CellSize(columns: 1, rows: 2))
        region.blit(image, as: .octant, region: PixelRect(x: 2, y: 0, width: 2, height: 8))
        #expect(region[0, 0] == .halfBlock(top: RGB(70, 20, 7).packed, bottom: RGB(70, 20, 7).packed))
    }

    // MARK: - Helpers

    /// The sub-pixels a cell shows, from its glyph's pattern (the inverse of the tables).
    static func subPixels(of cell: Cell, _ blitter: Blitter) -> [UInt32] {
        let table = SubCellGlyphs.table(for: blitter)
        let n = blitter.subPixels.width * blitter.subPixels.height
        if cell.glyph == Cell.upperHalfBlock && cell.foreground == cell.background {
            return Array(repeating: cell.foreground, count: n)
        }
        guard let mask = table.firstIndex(of: cell.glyph) else { return [] }
        return (0..<n).map { mask & (1 << $0) != 0 ? cell.foreground : cell.background }
    }

    static func linear(_ packed: UInt32) -> (Double, Double, Double) {
        let c = RGB(packed: packed)
        return (Double(LinearLight.fromSRGB[Int(c.r)]), Double(LinearLight.fromSRGB[Int(c.g)]),
                Double(LinearLight.fromSRGB[Int(c.b)]))
    }

    static func distance(_ a: (Double, Double, Double), _ b: (Double, Double, Double)) -> Double {
        (a.0 - b.0) * (a.0 - b.0) + (a.1 - b.1) * (a.1 - b.1) + (a.2 - b.2) * (a.2 - b.2)
    }

    /// The least squared error of any split of the pixels into two groups, each at its mean.
    static func bestTwoColourError(_ pixels: [(Double, Double, Double)]) -> Double {
        let n = pixels.count
        var best = Double.infinity
        for mask in 1..<(1 << (n - 1)) {
            var error = 0.0
            for side in [true, false] {
                let group = (0..<n).filter { (mask & (1 << $0) != 0) == side }.map { pixels[$0] }
                let count = Double(group.count)
                let mean = (group.map(\.0).reduce(0, +) / count, group.map(\.1).reduce(0, +) / count,
                            group.map(\.2).reduce(0, +) / count)
                error += group.map { distance($0, mean) }.reduce(0, +)
            }
            best = min(best, error)
        }
        return best
    }
}
