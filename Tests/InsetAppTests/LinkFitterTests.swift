import InsetCore
import InsetRender
import Testing
@testable import InsetApp

/// The app's side of `--link-rate`: the fitter sets the painter from the ladder's rung.
@Suite("Link fitter and the painter")
struct LinkFitterTests {
    static func time(_ seconds: Double) -> HostTime { HostTime(nanoseconds: UInt64(seconds * 1e9)) }

    @Test("a fast local terminal (no write waits): after many frames the painter draws as it always did")
    func fastTerminalChangesNothing() {
        var fitter = LinkFitter(setting: .auto, blitter: .octant, colorMode: .truecolor)
        let painter = FramePainter(colorMode: .truecolor)
        for frame in 0..<500 {
            if fitter.painted(bytes: 140_000, blocked: .zero, drained: nil, at: Self.time(1 + Double(frame) * 0.04), framesShown: frame + 1,
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
        for frame in 0..<60 where fitter.painted(bytes: 140_000, blocked: .zero, drained: nil, at: Self.time(1 + Double(frame) * 0.04),
                                                 framesShown: frame + 1, framesPerSecond: 25) {
            fitter.apply(to: painter)
        }
        #expect(fitter.quality == CellQuality(tolerance: 32, halfBlocks: true))
        #expect(painter.rasterizer.perceptualThreshold == 32 && painter.foldsToHalfBlocks)
        #expect(fitter.figures(framesPerSecond: 25) == "link 500 KB/s 17 KB/f ±32 half")
        // A paint without a new frame (a key's echo) is not weighed.
        let changed = fitter.painted(bytes: 10, blocked: .zero, drained: nil, at: Self.time(9), framesShown: 60, framesPerSecond: 25)
        #expect(!changed)
    }
}
