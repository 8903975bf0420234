import InsetCore
import InsetTestSupport
import Testing
@testable import InsetRender

/// The perceptual threshold must save bytes without letting the screen drift away from
/// the video: what is shown stays within the threshold of the latest frame, however long
/// colours creep by less than the threshold per frame.
@Suite("Perceptual threshold")
struct ThresholdTests {
    @Test("slow drift never accumulates", arguments: [1, 3, 6])
    func slowDrift(threshold: Int) throws {
        let size = CellSize(columns: 24, rows: 8)
        let rasterizer = Rasterizer(colorMode: .truecolor, perceptualThreshold: threshold)
        var model = TerminalModel(size: size)
        var rng = SplitMix64(seed: UInt64(threshold))
        // Each pixel drifts by at most one level per frame on each channel, mostly upward,
        // so over 400 frames colours travel far while each step is below the threshold.
        var pixels = (0..<CellRaster.halfBlocks.pixels(for: size).width * CellRaster.halfBlocks.pixels(for: size).height).map { _ in rng.nextRGB() }
        let image = RGBImage(size: CellRaster.halfBlocks.pixels(for: size))
        var frame = CellGrid(size: size)
        var bytes = 0
        for index in 0..<400 {
            for i in pixels.indices {
                func step(_ v: UInt8) -> UInt8 {
                    let r = rng.next() % 4
                    return r == 0 ? v &- 1 : r == 1 ? v : v &+ 1  // wraps now and then: a big jump
                }
                pixels[i] = RGB(step(pixels[i].r), step(pixels[i].g), step(pixels[i].b))
                image.setPixel(x: i % image.width, y: i / image.width, pixels[i])
            }
            frame.blit(image, as: .half)
            bytes += try replay(frame, through: rasterizer, into: &model).bytes
            let problem = thresholdViolation(model, frame, shown: rasterizer.baseline, threshold: threshold)
            try #require(problem == nil, "threshold \(threshold) frame \(index): \(problem ?? "")")
        }
        #expect(bytes > 0)
    }

    @Test("a threshold saves bytes on drifting colours")
    func savesBytes() {
        let size = CellSize(columns: 40, rows: 10)
        func cost(_ threshold: Int) -> Int {
            let rasterizer = Rasterizer(colorMode: .truecolor, perceptualThreshold: threshold)
            var frame = CellGrid(size: size)
            var total = 0
            for index in 0..<30 {
                let v = UInt8(100 + index)
                frame.fill(Cell.halfBlock(top: RGB(v, v, v).packed, bottom: RGB(v, 50, 50).packed))
                total += rasterizer.rasterize(frame).bytes
            }
            return total
        }
        #expect(cost(3) * 2 < cost(0))
    }

    @Test("changed cells reuse a current colour within the threshold")
    func reusesCurrentColour() throws {
        let rasterizer = Rasterizer(colorMode: .truecolor, perceptualThreshold: 2)
        var frame = CellGrid(size: CellSize(columns: 3, rows: 1), fill: Cell("a", foreground: .white, background: RGB(50, 50, 50)))
        rasterizer.rasterize(frame)
        // New glyphs (so the cells change) with a background one step off the current one.
        frame.fill(Cell("b", foreground: .white, background: RGB(51, 51, 51)))
        rasterizer.rasterize(frame)
        #expect(rasterizer.output.text == "\u{1B}[?2026h\u{1B}[Hbbb\u{1B}[?2026l")
        #expect(rasterizer.baseline[0, 0].background == RGB(50, 50, 50).packed)
    }

    /// The link's cap on one frame (`FramePainter`): a frame too large is taken back and
    /// drawn again coarser. Over a sequence of drifting frames, every third taken back and
    /// drawn at ±32: what reaches the terminal is byte for byte what a rasterizer that drew
    /// only the frames written, at their thresholds, sends, and the screen stays within the
    /// threshold of each frame as written. Nothing of a frame taken back is left behind.
    @Test("a frame taken back and drawn again coarser")
    func takenBackAndDrawnCoarser() throws {
        let size = CellSize(columns: 30, rows: 8)
        let painter = Rasterizer(colorMode: .truecolor, perceptualThreshold: 3)
        let twin = Rasterizer(colorMode: .truecolor, perceptualThreshold: 3)
        var model = TerminalModel(size: size)
        var rng = SplitMix64(seed: 7)
        let image = RGBImage(size: CellRaster.halfBlocks.pixels(for: size))
        var frame = CellGrid(size: size)
        for index in 0..<60 {
            // A scene cut every tenth frame, drift between.
            let cut = index % 10 == 0
            for y in 0..<image.height {
                for x in 0..<image.width {
                    let old = image.pixel(x: x, y: y)
                    image.setPixel(x: x, y: y, cut ? rng.nextRGB() : RGB(old.r &+ UInt8(rng.next() % 9), old.g, old.b &- UInt8(rng.next() % 9)))
                }
            }
            frame.blit(image, as: .half)
            let coarser = index % 3 == 1
            painter.keepForRedo()
            painter.rasterize(frame)
            if coarser {
                painter.takeBackLast()
                painter.perceptualThreshold = 32
                painter.rasterize(frame)
                painter.perceptualThreshold = 3
            }
            twin.perceptualThreshold = coarser ? 32 : 3
            twin.rasterize(frame)
            try #require(painter.output.array == twin.output.array, "frame \(index)")
            try model.applyFrame(painter.output.array)
            let problem = thresholdViolation(model, frame, shown: painter.baseline, threshold: coarser ? 32 : 3)
            try #require(problem == nil, "frame \(index): \(problem ?? "")")
        }
    }
}
