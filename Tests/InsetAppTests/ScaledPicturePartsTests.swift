import InsetCore
import Testing
@testable import InsetApp

/// Sixel at the link's smaller scale with the PiP window over the full-screen video (the real
/// xterm 'two' scene under load): the parts nothing covers are pieces of one smaller picture,
/// centred in the video's cells, as the presenter places them; not each part shrunk into its
/// own cells.
@Suite("Scaled sixel picture parts")
struct ScaledPicturePartsTests {
    /// The 'two' scene's screen: 6x13 cells, the video's 960x532 pixels at 160x41 cells
    /// (row 2 on), the window over columns 119-157, rows 31-42.
    static let perCell = PixelSize(width: 6, height: 13)
    static let onScreen = CellRect(column: 0, row: 2, columns: 160, rows: 41)
    static let window = CellRect(column: 119, row: 31, columns: 39, rows: 12)

    static func picture() -> VideoLayer.Picture {
        .init(image: RGBImage(size: PixelSize(width: 960, height: 532)), region: PixelRect(x: 0, y: 0, width: 960, height: 532),
              cells: CellRect(column: 0, row: 0, columns: 160, rows: 41), frame: (1, .zero),
              raster: CellRaster(cellPixels: perCell))
    }

    /// Each part as the presenter places it at `scale`, beside the part it was cut for.
    static func placed(scale: Double) -> (whole: CellRect, parts: [(part: CellRect, cut: PicturePresenter.Picture, cells: CellRect, size: PixelSize)]) {
        let presenter = PicturePresenter(output: .sixel, waker: LoopWaker())
        defer { presenter.stop() }
        let picture = picture()
        let whole = App.scaledCells(of: picture, at: onScreen, scale: scale)
        let parts = OpenRectangles.find(in: whole, limit: PicturePresenter.LayerImages.partsPerLayer) { column, row in
            !window.contains(CellPoint(column: column, row: row))
        }
        return (whole, parts.compactMap { part in
            guard let cut = App.scaledPart(of: picture, at: onScreen, scale: scale, showing: part) else { return nil }
            let placed = presenter.placement(of: cut, scale: scale)
            return (part, cut, placed.cells, placed.size)
        })
    }

    @Test("at 1/4, 3/8, 1/2 and 3/4 each part fills its own cells of the smaller picture, and the parts fill it around the window",
          arguments: [0.25, 0.375, 0.5, 0.75])
    func partsOfOneSmallerPicture(scale: Double) {
        let (whole, parts) = Self.placed(scale: scale)
        // The smaller picture centred in the video's cells.
        #expect(whole.size.columns == (Int((960 * scale).rounded()) + 5) / 6)
        #expect(abs((whole.minColumn + whole.maxColumn) - (Self.onScreen.minColumn + Self.onScreen.maxColumn)) <= 1)
        var covered = 0
        for (part, cut, cells, size) in parts {
            // Shown at the part's cells, not shrunk again into their middle, nor over their edge.
            #expect(cells == part, "part \(part) placed at \(cells)")
            #expect(size.width <= part.size.columns * 6 && size.width > (part.size.columns - 1) * 6)
            #expect(size.height <= part.size.rows * 13 && size.height > (part.size.rows - 1) * 13)
            // Its pixels are those of the picture at that place: a part further right shows pixels further right.
            let expectedX = Double((part.minColumn - whole.minColumn) * 6) / scale
            #expect(abs(Double(cut.region.x) - expectedX) <= 1, "part \(part) shows source x \(cut.region.x)")
            let expectedY = Double((part.minRow - whole.minRow) * 13) / scale
            #expect(abs(Double(cut.region.y) - expectedY) <= 1, "part \(part) shows source y \(cut.region.y)")
            covered += part.size.columns * part.size.rows
        }
        let underWindow = whole.intersection(Self.window)
        #expect(covered == whole.size.columns * whole.size.rows - underWindow.size.columns * underWindow.size.rows)
    }

    @Test("at the whole scale the parts are the video's own cells and pixels, as before")
    func wholeScale() {
        let (whole, parts) = Self.placed(scale: 1)
        #expect(whole == Self.onScreen)
        for (part, cut, cells, size) in parts {
            #expect(cells == part)
            #expect(size == PixelSize(width: part.size.columns * 6, height: part.size.rows * 13) || part.maxRow == Self.onScreen.maxRow
                    || part.maxColumn == Self.onScreen.maxColumn)
            #expect(cut.region.x == (part.minColumn - whole.minColumn) * 6)
        }
    }
}
