import Testing
import InsetCore

@Suite("Letterbox geometry")
struct LetterboxTests {
    @Test("square pixels, wider and taller than the area", arguments: [
        // coded, area, expected rect
        (PixelSize(width: 1920, height: 1080), PixelSize(width: 160, height: 90), PixelRect(x: 0, y: 0, width: 160, height: 90)),
        (PixelSize(width: 1920, height: 1080), PixelSize(width: 120, height: 80), PixelRect(x: 0, y: 6, width: 120, height: 68)),
        (PixelSize(width: 640, height: 480), PixelSize(width: 160, height: 90), PixelRect(x: 20, y: 0, width: 120, height: 90)),
        (PixelSize(width: 478, height: 200), PixelSize(width: 160, height: 90), PixelRect(x: 0, y: 12, width: 160, height: 66)),
    ])
    func fits(coded: PixelSize, area: PixelSize, expected: PixelRect) {
        #expect(Letterbox.fit(coded: coded, sampleAspect: .one, rotation: .none, into: area, rowAlignment: 2) == expected)
    }

    @Test("non-square samples widen the picture (SAR 4:3 and 32:27 DVD)")
    func sampleAspect() {
        // 240x180 at SAR 4:3 is seen as 320x180: 16:9.
        #expect(Letterbox.displayAspect(coded: PixelSize(width: 240, height: 180), sampleAspect: Ratio(4, 3), rotation: .none) == 16.0 / 9.0)
        let rect = Letterbox.fit(coded: PixelSize(width: 240, height: 180), sampleAspect: Ratio(4, 3), rotation: .none,
                                 into: PixelSize(width: 160, height: 120), rowAlignment: 2)
        #expect(rect == PixelRect(x: 0, y: 14, width: 160, height: 90))
        // NTSC DVD 720x480 at 32:27 is 16:9 as well.
        let dvd = Letterbox.fit(coded: PixelSize(width: 720, height: 480), sampleAspect: Ratio(32, 27), rotation: .none,
                                into: PixelSize(width: 160, height: 90))
        #expect(dvd == PixelRect(x: 0, y: 0, width: 160, height: 90))
        // An unknown SAR (0:1) counts as square.
        #expect(Letterbox.displayAspect(coded: PixelSize(width: 200, height: 100), sampleAspect: Ratio(0, 1), rotation: .none) == 2)
    }

    @Test("a quarter turn exchanges width and height, after the SAR")
    func rotation90() {
        let aspect = Letterbox.displayAspect(coded: PixelSize(width: 240, height: 180), sampleAspect: Ratio(4, 3), rotation: .clockwise90)
        #expect(aspect == 9.0 / 16.0)
        let rect = Letterbox.fit(coded: PixelSize(width: 240, height: 180), sampleAspect: Ratio(4, 3), rotation: .clockwise90,
                                 into: PixelSize(width: 160, height: 90), rowAlignment: 2)
        #expect(rect == PixelRect(x: 54, y: 0, width: 51, height: 90))
        let upside = Letterbox.fit(coded: PixelSize(width: 1920, height: 1080), sampleAspect: .one, rotation: .upsideDown,
                                   into: PixelSize(width: 160, height: 90))
        #expect(upside == PixelRect(x: 0, y: 0, width: 160, height: 90))
    }

    @Test("display matrix angles map to clockwise turns as ffplay does", arguments: [
        (-90.0, VideoRotation.clockwise90), (90.0, .clockwise270), (180.0, .upsideDown), (-180.0, .upsideDown),
        (0.0, .none), (-89.6, .clockwise90), (270.0, .clockwise90),
    ])
    func displayMatrix(degrees: Double, expected: VideoRotation) {
        #expect(VideoRotation(displayMatrixDegrees: degrees) == expected)
    }

    @Test("half-block rows stay whole cells")
    func rowAlignment() {
        for height in 10...60 {
            let rect = Letterbox.fit(coded: PixelSize(width: 1920, height: 800), sampleAspect: .one, rotation: .none,
                                     into: PixelSize(width: 100, height: height), rowAlignment: 2)
            #expect(rect.y % 2 == 0 && rect.height % 2 == 0, "height \(height): \(rect)")
            #expect(rect.y + rect.height <= height && rect.x + rect.width <= 100)
        }
    }

    @Test("sub-cell and real-pixel viewports put the picture on whole cells both ways")
    func cellAlignment() {
        for columns in 3...40 {
            for raster in [CellRaster(blitter: .octant), CellRaster(blitter: .sextant), CellRaster(cellPixels: PixelSize(width: 6, height: 13))] {
                let viewport = Viewport(cells: CellSize(columns: columns, rows: 12), raster: raster)
                let rect = viewport.fit(coded: PixelSize(width: 1920, height: 1080), sampleAspect: .one, rotation: .none)
                let cell = raster.pixelsPerCell
                #expect(rect.x % cell.width == 0 && rect.width % cell.width == 0, "\(viewport): \(rect)")
                #expect(rect.y % cell.height == 0 && rect.height % cell.height == 0, "\(viewport): \(rect)")
                #expect(rect.x + rect.width <= viewport.pixels.width && rect.y + rect.height <= viewport.pixels.height)
            }
        }
    }

    @Test("a pixel raster drawn in cells is half blocks on its cell's shape; a blitter's stays itself")
    func inCells() {
        let pixels = CellRaster(cellPixels: PixelSize(width: 6, height: 13))
        #expect(pixels.inCells == CellRaster(blitter: .half, cellAspect: 6.0 / 13))
        #expect(pixels.inCells.pixelAspect == 12.0 / 13)
        #expect(CellRaster(blitter: .sextant).inCells == CellRaster(blitter: .sextant))
    }

    @Test("rotating pixels: a quarter turn clockwise puts the bottom-left corner top-left")
    func rotatePixels() {
        let source = RGBImage(size: PixelSize(width: 3, height: 2))
        for y in 0..<2 { for x in 0..<3 { source.setPixel(x: x, y: y, RGB(UInt8(x), UInt8(y), 0)) } }
        let turned = RGBImage(size: PixelSize(width: 2, height: 3))
        turned.copyRotated(from: source, rotation: .clockwise90)
        #expect(turned.pixel(x: 0, y: 0) == RGB(0, 1, 0))
        #expect(turned.pixel(x: 1, y: 0) == RGB(0, 0, 0))
        #expect(turned.pixel(x: 1, y: 2) == RGB(2, 0, 0))
        let back = RGBImage(size: PixelSize(width: 3, height: 2))
        back.copyRotated(from: turned, rotation: .clockwise270)
        for y in 0..<2 { for x in 0..<3 { #expect(back.pixel(x: x, y: y) == source.pixel(x: x, y: y)) } }
        let flipped = RGBImage(size: PixelSize(width: 3, height: 2))
        flipped.copyRotated(from: source, rotation: .upsideDown)
        #expect(flipped.pixel(x: 0, y: 0) == RGB(2, 1, 0))
    }
}

@Suite("Media time")
struct MediaTimeTests {
    @Test("parsing", arguments: [
        ("90", 90.0), ("1:30", 90.0), ("1:02:03", 3723.0), ("1.5", 1.5), ("1:30.25", 90.25), ("500ms", 0.5), ("12s", 12.0),
    ])
    func parses(text: String, seconds: Double) {
        #expect(MediaTime(parsing: text) == .seconds(seconds))
    }

    @Test("rejects", arguments: ["", "abc", "1:2:3:4", "-5", "1.5:30"])
    func rejects(text: String) { #expect(MediaTime(parsing: text) == nil) }

    @Test("clock strings") func clock() {
        #expect(MediaTime.seconds(0).clockString == "0:00")
        #expect(MediaTime.seconds(75.9).clockString == "1:15")
        #expect(MediaTime.seconds(3723).clockString == "1:02:03")
        #expect(MediaTime.seconds(-15).clockString == "-0:15")
    }

    @Test("clamping to the playable range") func clamp() {
        let file = PlayableRange(start: .seconds(1), end: .seconds(11))
        #expect(file.clamp(.seconds(-3)) == .seconds(1))
        #expect(file.clamp(.seconds(30)) == .seconds(11))
        #expect(file.duration == .seconds(10))
        let live = PlayableRange(start: .zero, end: nil)
        #expect(live.isLive && live.clamp(.seconds(99)) == .seconds(99))
        #expect(live.clamp(.seconds(99), newest: .seconds(50)) == .seconds(50))
    }

    @Test("the time shown beside the duration counts from a file's start and stops at its duration; live input's is its media time")
    func elapsed() {
        // MPEG-TS from scripts/make-hls: the first frame at 1.48 s, 10 s long.
        let file = PlayableRange(start: .milliseconds(1480), end: .milliseconds(11480))
        #expect(file.elapsed(at: .milliseconds(1480)) == .zero)
        #expect(file.elapsed(at: .milliseconds(6480)) == .seconds(5))
        #expect(file.elapsed(at: .milliseconds(11480)).clockString == "0:10")
        #expect(file.elapsed(at: .seconds(12)) == .seconds(10))
        #expect(file.elapsed(at: .zero) == .zero)
        let live = PlayableRange(start: .milliseconds(5480), end: nil)
        #expect(live.elapsed(at: .seconds(8)) == .seconds(8))
        #expect(PlaybackSnapshot(position: .milliseconds(11480), range: file).elapsed == .seconds(10))
        #expect(PlaybackSnapshot(position: .seconds(3)).elapsed == .seconds(3))
    }
}

@Suite("Letterbox on whole cells")
struct LetterboxWholeCellTests {
    @Test("a small window of tall cells: the width follows the height cut to whole rows, so 16:9 stays within 3%")
    func smallWindow() {
        // 38x9 cells of 6x13 px (xterm's), a 16:9 picture: 228 wide would be 128 tall, cut to 117.
        let rect = Letterbox.fit(coded: PixelSize(width: 1920, height: 1080), sampleAspect: Ratio(1, 1), rotation: .none,
                                 into: PixelSize(width: 228, height: 117), rowAlignment: 13, columnAlignment: 6)
        #expect(rect == PixelRect(x: 12, y: 0, width: 204, height: 117))
        #expect(abs(Double(rect.width) / Double(rect.height) / (16.0 / 9.0) - 1) < Letterbox.stretchTolerance)
    }

    @Test("full screen, cut by under 3%: the picture keeps the whole width")
    func fullScreen() {
        // 160x45 cells of 6x13: 960x540 cut to 533 rows of pixels, 1.3% off: kept.
        let rect = Letterbox.fit(coded: PixelSize(width: 1920, height: 1080), sampleAspect: Ratio(1, 1), rotation: .none,
                                 into: PixelSize(width: 960, height: 585), rowAlignment: 13, columnAlignment: 6)
        #expect(rect.width == 960 && rect.height == 533)
    }
}
