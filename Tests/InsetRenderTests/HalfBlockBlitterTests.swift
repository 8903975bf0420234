import InsetCore
import Testing
@testable import InsetRender

@Suite("Half-block blitter")
struct HalfBlockBlitterTests {
    /// A 2x4 image whose pixel (x, y) is (x, y, 100 + 10x + y): easy to read back.
    private func image(width: Int = 2, height: Int = 4) -> RGBImage {
        let image = RGBImage(size: PixelSize(width: width, height: height))
        for y in 0..<height { for x in 0..<width { image.setPixel(x: x, y: y, px(x, y)) } }
        return image
    }

    private func px(_ x: Int, _ y: Int) -> RGB { RGB(UInt8(x), UInt8(y), UInt8(100 + 10 * x + y)) }

    @Test("a 2x4 image makes 2x2 cells, top pixel foreground, bottom background")
    func knownImage() {
        var grid = CellGrid(size: CellSize(columns: 2, rows: 2))
        grid.blit(image(), as: .half)
        for row in 0..<2 {
            for column in 0..<2 {
                #expect(grid[column, row] == Cell.halfBlock(top: px(column, 2 * row).packed,
                                                            bottom: px(column, 2 * row + 1).packed))
            }
        }
        #expect(grid[0, 0].glyph == 0x2580)
        #expect(CellRaster.halfBlocks.cells(for: PixelSize(width: 2, height: 4)) == CellSize(columns: 2, rows: 2))
        #expect(CellRaster.halfBlocks.cells(for: PixelSize(width: 3, height: 5)) == CellSize(columns: 3, rows: 3))
    }

    @Test("an odd height leaves the last row's bottom pixel black")
    func oddHeight() {
        var grid = CellGrid(size: CellSize(columns: 2, rows: 2), fill: Cell("x", style: .plain))
        grid.blit(image(height: 3), as: .half)
        #expect(grid[1, 1] == Cell.halfBlock(top: px(1, 2).packed, bottom: 0))
        #expect(grid[0, 0] == Cell.halfBlock(top: px(0, 0).packed, bottom: px(0, 1).packed))
    }

    @Test("an odd-height region inside a taller image still ends in black")
    func oddRegion() {
        var grid = CellGrid(size: CellSize(columns: 2, rows: 2))
        grid.blit(image(width: 2, height: 8), as: .half, region: PixelRect(x: 0, y: 2, width: 2, height: 3))
        #expect(grid[0, 0] == Cell.halfBlock(top: px(0, 2).packed, bottom: px(0, 3).packed))
        #expect(grid[1, 1] == Cell.halfBlock(top: px(1, 4).packed, bottom: 0))
    }

    @Test("a region lands at an offset; outside it nothing changes")
    func regionOffset() {
        let src = image(width: 6, height: 6)
        var grid = CellGrid(size: CellSize(columns: 5, rows: 4), fill: Cell("x", style: .plain))
        grid.blit(src, as: .half, region: PixelRect(x: 2, y: 1, width: 3, height: 4), at: CellPoint(column: 1, row: 1))
        for row in 0..<4 {
            for column in 0..<5 {
                let inside = column >= 1 && column < 4 && row >= 1 && row < 3
                if inside {
                    let x = 2 + column - 1, y = 1 + 2 * (row - 1)
                    #expect(grid[column, row] == Cell.halfBlock(top: px(x, y).packed, bottom: px(x, y + 1).packed))
                } else {
                    #expect(grid[column, row].glyph == UInt32(UInt8(ascii: "x")))
                }
            }
        }
    }

    @Test("cells off the grid are clipped; pixels off the image are black")
    func clipping() {
        let src = image(width: 4, height: 4)
        var grid = CellGrid(size: CellSize(columns: 3, rows: 2))
        // Starts one cell left of and above the grid.
        grid.blit(src, as: .half, at: CellPoint(column: -1, row: -1))
        #expect(grid[0, 0] == Cell.halfBlock(top: px(1, 2).packed, bottom: px(1, 3).packed))
        #expect(grid[2, 0] == Cell.halfBlock(top: px(3, 2).packed, bottom: px(3, 3).packed))
        #expect(grid[0, 1] == Cell.blank)  // below the image's cells: untouched
        // A region hanging off the image's left and bottom edges.
        var other = CellGrid(size: CellSize(columns: 3, rows: 2))
        other.blit(src, as: .half, region: PixelRect(x: -1, y: 2, width: 3, height: 4))
        #expect(other[0, 0] == Cell.halfBlock(top: 0, bottom: 0))
        #expect(other[1, 0] == Cell.halfBlock(top: px(0, 2).packed, bottom: px(0, 3).packed))
        #expect(other[2, 1] == Cell.halfBlock(top: 0, bottom: 0))
    }
}
