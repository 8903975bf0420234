import Testing
import InsetCore

/// Where a seek's picture goes: its size from the video's width and shape, and its box
/// over the target's column, above the progress line, inside the screen.
@Suite("Seek preview placement")
struct ThumbnailPlacementTests {
    let screen = CellRect(column: 0, row: 0, columns: 120, rows: 40)

    @Test("a quarter of the video's width, rows for its shape in each raster; at least 16 columns",
          arguments: [
            (120, 16.0 / 9.0, CellRaster.halfBlocks, CellSize(columns: 30, rows: 8)),
            (120, 4.0 / 3.0, CellRaster.halfBlocks, CellSize(columns: 30, rows: 11)),
            (120, 16.0 / 9.0, CellRaster(blitter: .sextant), CellSize(columns: 30, rows: 8)),
            (120, 16.0 / 9.0, CellRaster(cellPixels: PixelSize(width: 10, height: 20)), CellSize(columns: 30, rows: 8)),
            (200, 2.39, CellRaster.halfBlocks, CellSize(columns: 50, rows: 10)),
            (40, 2.0, CellRaster.halfBlocks, CellSize(columns: 16, rows: 4)),
            (120, .nan, CellRaster.halfBlocks, CellSize(columns: 30, rows: 8)),
          ])
    func size(videoColumns: Int, aspect: Double, raster: CellRaster, expected: CellSize) {
        #expect(ThumbnailPlacement.pictureSize(videoColumns: videoColumns, aspect: aspect, raster: raster) == expected)
    }

    @Test("framed, centred over the target's column, the frame's bottom (the caption) on the row just above the line")
    func centred() throws {
        let placement = try #require(ThumbnailPlacement(pictureSize: CellSize(columns: 30, rows: 8), column: 60, lineRow: 38,
                                                        bounds: screen))
        #expect(placement.frame == CellRect(column: 44, row: 28, columns: 32, rows: 10))
        #expect(placement.picture == CellRect(column: 45, row: 29, columns: 30, rows: 8))
        #expect(placement.caption == CellRect(column: 44, row: 37, columns: 32, rows: 1))
    }

    @Test("moved in from the screen's sides at either end of the line")
    func keptOnScreen() throws {
        let size = CellSize(columns: 30, rows: 8)
        let left = try #require(ThumbnailPlacement(pictureSize: size, column: 1, lineRow: 38, bounds: screen))
        #expect(left.frame.minColumn == 0)
        let right = try #require(ThumbnailPlacement(pictureSize: size, column: 118, lineRow: 38, bounds: screen))
        #expect(right.frame.maxColumn == 120)
    }

    @Test("shortened to the rows above the line, narrowed to the screen, and none without room for a row of picture")
    func cramped() throws {
        let low = try #require(ThumbnailPlacement(pictureSize: CellSize(columns: 30, rows: 8), column: 60, lineRow: 4, bounds: screen))
        #expect(low.frame == CellRect(column: 44, row: 0, columns: 32, rows: 4) && low.picture.size.rows == 2)
        let narrow = CellRect(column: 0, row: 0, columns: 20, rows: 40)
        let wide = try #require(ThumbnailPlacement(pictureSize: CellSize(columns: 30, rows: 8), column: 10, lineRow: 38, bounds: narrow))
        #expect(wide.frame.minColumn == 0 && wide.frame.size.columns == 20 && wide.picture.size.columns == 18)
        #expect(ThumbnailPlacement(pictureSize: CellSize(columns: 30, rows: 8), column: 60, lineRow: 3, bounds: screen) != nil)
        #expect(ThumbnailPlacement(pictureSize: CellSize(columns: 30, rows: 8), column: 60, lineRow: 2, bounds: screen) == nil)
    }
}
