// inset-kitty: the kitty graphics encoder alone, for measuring it (scripts/bench-kitty).
//
//     inset-kitty WIDTH HEIGHT OUTDIR < frames.rgb
//
// Reads raw RGB frames (ffmpeg's rgb24, WIDTH x HEIGHT each) from standard input until it
// ends and encodes them in order with one `KittyGraphicsEncoder` as the player does for a
// terminal reached by its escapes alone (direct transmission, one placement of cells of
// 10x20 pixels, replaced each frame). INSET_KITTY_CODING picks the coding: `video` (the
// player's, the default), `exact` (24-bit RGB deflated, as before issue 21), or a number,
// PNG within that many levels. Writes each frame's escapes to OUTDIR/NNNN.kitty and prints
// one line a frame: its number, its bytes, and the encoder's CPU time for it in
// milliseconds (this thread's, so other work on the machine does not count). Not a
// product: the player never runs it.
import EncoderHarness
#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import InsetCore
import InsetRender

let harness = EncoderHarness(tool: "inset-kitty")
var coding = KittyGraphicsEncoder.Coding.video
switch getenv("INSET_KITTY_CODING").map({ String(cString: $0) }) {
case nil, "video": break
case "exact": coding = .exact
case let text?:
    guard let maxError = Int(text), (0...64).contains(maxError) else { harness.fail("INSET_KITTY_CODING is video, exact or 0-64") }
    coding = .png(maxError: maxError)
}
let image = RGBImage(size: harness.size)
let encoder = KittyGraphicsEncoder(transmission: .direct, coding: coding)
let placement = KittyPlacement(imageID: 7_301, cells: CellSize(columns: (harness.size.width + 9) / 10,
                                                                rows: (harness.size.height + 19) / 20),
                               zIndex: KittyZIndex.underText)
let output = OutputBuffer(capacity: 1 << 22)
harness.forEachFrame(into: image) { frame in
    output.removeAll()
    var failure: Error?
    let milliseconds = harness.cpuMilliseconds {
        do { try encoder.encode(image, placement: placement, into: output) } catch { failure = error }
    }
    if let failure { harness.fail("\(failure)") }
    harness.write(output, frame: frame, extension: "kitty")
    print(frame, output.count, milliseconds)
}
