import InsetCore
import InsetRender
import InsetTerminal
import Testing
@testable import InsetApp
@testable import InsetPlayback

/// The app's side of `--link-rate`: the fitter sets the painter from the ladder's rung.
@Suite("Link fitter and the painter")
struct LinkFitterTests {
    static func time(_ seconds: Double) -> HostTime { HostTime(nanoseconds: UInt64(seconds * 1e9)) }

    @Test("a fast local terminal (no write waits): after many frames the painter draws as it always did")
    func fastTerminalChangesNothing() {
        var fitter = LinkFitter(setting: .auto, blitter: .octant, colorMode: .truecolor)
        let painter = FramePainter(colorMode: .truecolor)
        for frame in 0..<500 {
            if fitter.painted(bytes: 140_000, at: Self.time(1 + Double(frame) * 0.04), framesShown: frame + 1,
                              framesPerSecond: 25) {
                fitter.apply(to: painter)
            }
        }
        #expect(fitter.rung == 0)
        #expect(fitter.bytesPerFrame(framesPerSecond: 25) == nil)
        fitter.apply(to: painter)
        #expect(painter.rasterizer.perceptualThreshold == CellQuality.fullTolerance && !painter.foldsToHalfBlocks)
        #expect(fitter.summary == "link: not limiting, cells ±3 (rung 0 of 6, 0 changes)")
    }

    @Test("an assumed 0.5 MB/s: the octants' frames go down the ladder to half blocks, and the painter follows")
    func slowLinkFoldsOctants() {
        var fitter = LinkFitter(setting: .fixed(bytesPerSecond: 500_000), blitter: .octant, colorMode: .truecolor)
        let painter = FramePainter(colorMode: .truecolor)
        // Frames far over 17 KB at every rung: the ladder goes to its last.
        for frame in 0..<60 where fitter.painted(bytes: 140_000, at: Self.time(1 + Double(frame) * 0.04),
                                                 framesShown: frame + 1, framesPerSecond: 25) {
            fitter.apply(to: painter)
        }
        #expect(fitter.quality == CellQuality(tolerance: 32, halfBlocks: true))
        #expect(painter.rasterizer.perceptualThreshold == 32 && painter.foldsToHalfBlocks)
        #expect(fitter.figures(framesPerSecond: 25) == "link 500 KB/s 17 KB/f ±32 half")
        // A paint without a new frame (a key's echo) is not weighed.
        let changed = fitter.painted(bytes: 10, at: Self.time(9), framesShown: 60, framesPerSecond: 25)
        #expect(!changed)
    }

    /// A screen of half blocks in random colours (every cell a change: a scene cut).
    static func cut(_ size: CellSize, seed: UInt64) -> [Plane] {
        var plane = Plane(size: size)
        var state = seed
        func next() -> UInt32 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return UInt32(truncatingIfNeeded: state >> 40) & 0xFFFFFF
        }
        for row in 0..<size.rows {
            for column in 0..<size.columns {
                plane.grid[column, row] = Cell.halfBlock(top: next(), bottom: next())
            }
        }
        return [plane]
    }

    @Test("a frame over its limit is drawn coarser, a rung at a time until it fits; the ladder weighs it at its rung")
    func tooLargeDrawnCoarser() throws {
        let size = CellSize(columns: 80, rows: 24)
        let painter = FramePainter(colorMode: .truecolor)
        let fitter = LinkFitter(setting: .fixed(bytesPerSecond: 500_000), blitter: .half, colorMode: .truecolor)
        // 17 KB a frame at 25 a second; 25.5 KB before a frame is drawn coarser.
        #expect(fitter.frameByteLimit(framesPerSecond: 25) == 25_500)
        #expect(Array(fitter.coarserRungs.map(\.tolerance)) == [6, 10, 16, 24, 32])
        // Random colours cost the same at every tolerance: drawn at the last, kept whatever it costs.
        let random = painter.paint(Self.cut(size, seed: 1), screenSize: size, byteLimit: 25_500, coarser: fitter.coarserRungs)
        let atRung = try #require(random)
        #expect(atRung > 25_500 && painter.lastStats.bytes > 25_500)
        #expect(painter.rasterizer.perceptualThreshold == CellQuality.fullTolerance, "the painter's own rung is kept")
        // A frame under the limit goes as it is.
        let small = CellSize(columns: 20, rows: 5)
        #expect(painter.paint(Self.cut(small, seed: 2), screenSize: small, byteLimit: 25_500, coarser: fitter.coarserRungs) == nil)
        // Greys 1 apart: at ±3 every cell is sent, at ±6 and wider runs of one colour.
        var greys = Plane(size: size)
        for row in 0..<size.rows {
            for column in 0..<size.columns {
                let v = UInt8((column + row) % 8 * 1 + 100)
                greys.grid[column, row] = Cell.halfBlock(top: RGB(v, v, v).packed, bottom: RGB(v, v, v &+ 1).packed)
            }
        }
        painter.invalidate()
        let full = try #require(painter.paint([greys], screenSize: size, byteLimit: 8_000, coarser: fitter.coarserRungs))
        #expect(full > 8_000 && painter.lastStats.bytes <= 8_000, "\(full) at ±3, \(painter.lastStats.bytes) sent")
    }

    @Test("before the link is measured (auto), only the first frame is held to what a pty's buffer takes; an assumed rate from the start")
    func firstFrameBeforeMeasure() {
        var fitter = LinkFitter(setting: .auto, blitter: .half, colorMode: .truecolor)
        #expect(fitter.frameByteLimit(framesPerSecond: 25) == LinkFitter.unmeasuredFirstFrame)
        _ = fitter.painted(bytes: 9_000, at: Self.time(1), framesShown: 1, framesPerSecond: 25)
        #expect(fitter.frameByteLimit(framesPerSecond: 25) == nil, "a fast terminal: nothing limits after the first")
        #expect(LinkFitter(setting: .off, blitter: .half, colorMode: .truecolor).frameByteLimit(framesPerSecond: 25) == nil)
        // A write the terminal made wait: the app's meter took its drain, and the limit is 1.5 budgets.
        fitter.budget.meter.wrote(bytes: 60_000, blocked: .milliseconds(40), at: Self.time(1.04), drainedBytes: 40_000,
                                  drainTime: .milliseconds(40))
        _ = fitter.painted(bytes: 60_000, at: Self.time(1.04), framesShown: 2, framesPerSecond: 25)
        #expect(fitter.frameByteLimit(framesPerSecond: 25) == 51_000)
    }
}
