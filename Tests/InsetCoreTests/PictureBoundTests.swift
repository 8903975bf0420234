import InsetCore
import Testing

/// Issue 42 item 5: a picture as large as a large terminal is bounded in pixels
/// (`PictureBound`), for every output and the visualiser, and scaled down to the bound
/// with its aspect kept. Before, a viewport's picture was its cells times the terminal's
/// cell size: 7680x4320 on an 8K screen (past the sixel palette's 16.8 million pixels, a
/// precondition), 81920x23040 for 512x512 cells on 160x45.
@Suite("Pictures bounded in pixels on large terminals (issue 42 item 5)")
struct PictureBoundTests {
    static let hd = PixelSize(width: 1920, height: 1080)

    static func fit(_ viewport: Viewport, _ coded: PixelSize = hd) -> PixelRect {
        viewport.fit(coded: coded, sampleAspect: .one, rotation: .none)
    }

    /// The shown picture's width over its height, in the terminal's own pixels.
    static func shownAspect(_ rect: PixelRect, _ raster: CellRaster) -> Double {
        Double(rect.width) * raster.pixelAspect / Double(rect.height)
    }

    @Test("issue 42 item 5: at the bound a picture is left as it is; one pixel a side past it, it is scaled down")
    func atTheBound() {
        let square = PixelSize(width: 4096, height: 4096)
        #expect(PictureBound.contains(square) && PictureBound.fitting(square) == square)
        #expect(PictureBound.contains(PixelSize(width: 8192, height: 2048)))
        #expect(!PictureBound.contains(PixelSize(width: 8193, height: 1)))
        #expect(!PictureBound.contains(PixelSize(width: 4097, height: 4096)))
        let past = PictureBound.fitting(PixelSize(width: 4097, height: 4097))
        #expect(PictureBound.contains(past) && past.width == past.height && past.width >= 4095)
        // 1024x256 cells of 8x8 are exactly the bound: a 4:1 picture fills them, untouched.
        let exact = Viewport(cells: CellSize(columns: 1024, rows: 256), raster: CellRaster(cellPixels: PixelSize(width: 8, height: 8)))
        #expect(Self.fit(exact, PixelSize(width: 4000, height: 1000)) == PixelRect(x: 0, y: 0, width: 8192, height: 2048))
    }

    @Test("issue 42 item 5: an 8K screen in sixel: the picture is inside the bound, on whole cells, centred, its aspect kept")
    func eightKSixel() {
        let viewport = Viewport(cells: CellSize(columns: 768, rows: 216), raster: CellRaster(cellPixels: PixelSize(width: 10, height: 20)))
        #expect(viewport.raster.pixelsPerCell == PixelSize(width: 10, height: 20), "sixel pixels are the screen's own")
        let rect = Self.fit(viewport)
        #expect(PictureBound.contains(rect.size))
        #expect(rect.width % 10 == 0 && rect.height % 20 == 0 && rect.x % 10 == 0 && rect.y % 20 == 0)
        #expect(abs(Self.shownAspect(rect, viewport.raster) / (16.0 / 9) - 1) < Letterbox.stretchTolerance)
        // Centred within a cell either way, and most of the bound used.
        #expect(abs((7680 - (rect.x + rect.width)) - rect.x) <= 10 && abs((4320 - (rect.y + rect.height)) - rect.y) <= 20)
        #expect(rect.width * rect.height > PictureBound.largestArea * 9 / 10)
    }

    @Test("issue 42 item 5: an 8K screen in kitty or iTerm2: fewer pixels a cell, the picture still fills the screen")
    func eightKScaledByTheTerminal() {
        let raster = CellRaster(cellPixels: PixelSize(width: 10, height: 20), scalesToCells: true)
        let viewport = Viewport(cells: CellSize(columns: 768, rows: 216), raster: raster)
        #expect(viewport.raster.pixelsPerCell == PixelSize(width: 7, height: 14))
        #expect(PictureBound.contains(viewport.pixels))
        let rect = Self.fit(viewport)
        #expect(rect.width == viewport.pixels.width && rect.height == viewport.pixels.height)
        // The terminal stretches 7x14 over 10x20: the picture seen is still 16:9.
        #expect(abs(Self.shownAspect(rect, viewport.raster) / (16.0 / 9) - 1) < Letterbox.stretchTolerance)
        // A screen inside the bound keeps the terminal's own cell size.
        #expect(Viewport(cells: CellSize(columns: 192, rows: 54), raster: raster).raster == raster)
    }

    @Test("issue 42 item 5: cells of 512x512 (the largest reply the probe takes), and huge screens, stay inside the bound",
          arguments: [CellSize(columns: 160, rows: 45), CellSize(columns: 80, rows: 24), CellSize(columns: 1, rows: 65535),
                      CellSize(columns: 65535, rows: 65535), CellSize(columns: 65535, rows: 1)])
    func largestCells(cells: CellSize) {
        for scales in [false, true] {
            for cell in [PixelSize(width: 512, height: 512), PixelSize(width: 1, height: 512), PixelSize(width: 512, height: 1),
                         PixelSize(width: 1, height: 1)] {
                let viewport = Viewport(cells: cells, raster: CellRaster(cellPixels: cell, scalesToCells: scales))
                for coded in [Self.hd, PixelSize(width: 1, height: 8000), PixelSize(width: 8000, height: 1)] {
                    let rect = Self.fit(viewport, coded)
                    #expect(PictureBound.contains(rect.size), "\(cells) of \(cell), scaled \(scales): \(rect)")
                    #expect(rect.x >= 0 && rect.y >= 0 && (rect.x + rect.width) <= viewport.pixels.width && (rect.y + rect.height) <= viewport.pixels.height)
                }
                #expect(PictureBound.contains(Visualizer.drawingSize(for: viewport.pixels)))
            }
        }
    }

    @Test("issue 42 item 5: the visualiser draws inside the bound, its picture's shape kept")
    func visualizer() {
        let size = Visualizer.drawingSize(for: PixelSize(width: 81920, height: 23040))
        #expect(PictureBound.contains(size))
        #expect(abs(Double(size.width) / Double(size.height) / (81920.0 / 23040) - 1) < 0.01)
        #expect(size.width % 2 == 0 && size.height % 2 == 0)
        // Below the bound, as before.
        #expect(Visualizer.drawingSize(for: PixelSize(width: 3840, height: 2160)) == PixelSize(width: 3840, height: 2160))
    }
}
