import Foundation
import Testing

/// Cells into a pty read at 0.5 MB/s (`scripts/pty-pictures --graphics cells`, its C reader
/// counting the frames that reach it): the same build with `--link-rate off` (every frame at
/// full quality, as before the ladder: the link drops them) and with `auto` (the drain
/// measured, the quality fitted). Fitted, more frames reach the terminal, and the closing
/// line says the rate measured and the rung the cells went to.
@Suite("Quality fitted to the link, end to end", .serialized)
struct LinkRateEndToEndTests {
    static func frames(linkRate: String) throws -> (perSecond: Double, output: String) {
        let (status, output) = try runScript("pty-pictures", [
            "--graphics", "cells", "--blitter", "half", "--size", "160x45", "--link-rate", linkRate,
            "--rate", "0.5", "--seconds", "5", "--clip", samplePath("bench_1080p.mp4"),
        ], environment: ["INSET_BIN": try insetBinary()])
        #expect(status == 0, "\(output)")
        let line = output.components(separatedBy: "\n").first { $0.contains("frames of cells/s reached") } ?? ""
        return (Double(line.trimmingCharacters(in: .whitespaces).components(separatedBy: " ")[0]) ?? 0, output)
    }

    @Test("at 0.5 MB/s, fitted cells get half as many frames again to the terminal as full quality does, and say so",
          .timeLimit(.minutes(2)))
    func moreFramesReach() throws {
        let full = try Self.frames(linkRate: "off")
        let fitted = try Self.frames(linkRate: "auto")
        #expect(full.output.contains("link: off"), "\(full.output)")
        #expect(fitted.output.contains("MB/s measured, cells "), "\(fitted.output)")
        #expect(!fitted.output.contains("(rung 0 of"), "\(fitted.output)")
        #expect(fitted.perSecond >= 1.5 * full.perSecond, "fitted \(fitted.perSecond)/s, full quality \(full.perSecond)/s")
    }
}
