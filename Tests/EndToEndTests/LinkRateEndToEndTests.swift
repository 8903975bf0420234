import Foundation
import Testing
import InsetTestSupport

/// Cells into a pty read at 0.5 MB/s (`scripts/pty-pictures --graphics cells`, its C reader
/// counting the frames that reach it): the same build with `--link-rate off` (every frame at
/// full quality, as before the ladder: the link drops them) and with `auto` (the drain
/// measured, the quality fitted), octants at 160x45 with the 1080p sample (30 fps). Measured
/// on the loaded 2-core machine: 20.2 frames a second reached at full quality, 27.9 fitted
/// (±24); fitted, at least a fifth more must reach, and the closing line say the rate
/// measured and the rung the cells went to.
@Suite("Quality fitted to the link, end to end", .serialized, .tags(.timed))
struct LinkRateEndToEndTests {
    static func frames(linkRate: String) throws -> (perSecond: Double, output: String) {
        let (status, output) = try runScript("pty-pictures", [
            "--graphics", "cells", "--blitter", "octant", "--size", "160x45", "--link-rate", linkRate,
            "--rate", "0.5", "--seconds", "5", "--clip", samplePath("bench_1080p.mp4"),
        ], environment: ["INSET_BIN": try insetBinary()])
        #expect(status == 0, "\(output)")
        let line = output.components(separatedBy: "\n").first { $0.contains("frames of cells/s reached") } ?? ""
        return (Double(line.trimmingCharacters(in: .whitespaces).components(separatedBy: " ")[0]) ?? 0, output)
    }

    @Test("at 0.5 MB/s, fitted cells get a fifth more frames to the terminal than full quality does, and say so",
          .timeLimit(.minutes(2)))
    func moreFramesReach() throws {
        let full = try Self.frames(linkRate: "off")
        let fitted = try Self.frames(linkRate: "auto")
        #expect(full.output.contains("link: off"), "\(full.output)")
        #expect(fitted.output.contains("MB/s measured, cells "), "\(fitted.output)")
        #expect(!fitted.output.contains("(rung 0 of"), "\(fitted.output)")
        #expect(fitted.perSecond >= 1.2 * full.perSecond, "fitted \(fitted.perSecond)/s, full quality \(full.perSecond)/s")
    }
}
