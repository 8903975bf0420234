// inset-sixel: the sixel encoder alone, for measuring it beside libsixel (scripts/bench-sixel).
//
//     inset-sixel WIDTH HEIGHT OUTDIR < frames.rgb
//
// Reads raw RGB frames (ffmpeg's rgb24, WIDTH x HEIGHT each) from standard input until it
// ends, encodes them in order with one `SixelEncoder` as the player encodes a video (the
// palette carried from frame to frame, and after the first only the cells that changed,
// for cells of INSET_SIXEL_CELL pixels, default 10x20; 0x0 sends every frame whole),
// writes each image to OUTDIR/NNNN.six and prints one line a frame: its number, its
// bytes, the encoder's CPU time for it in milliseconds (this thread's, so other work on
// the machine does not count), and where the image goes in the frame (x y), or "- -"
// when nothing changed and nothing was written. INSET_SIXEL_THREADS maps the pixels on
// that many threads (the CPU time then is this thread's share). Not a product: the player
// never runs it.
import EncoderHarness
#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import InsetCore
import InsetRender

let harness = EncoderHarness(tool: "inset-sixel")
var cell: PixelSize? = PixelSize(width: 10, height: 20)
if let text = getenv("INSET_SIXEL_CELL").map({ String(cString: $0) }) {
    let parts = text.split(separator: "x").compactMap { Int($0) }
    guard parts.count == 2 else { harness.fail("INSET_SIXEL_CELL is WIDTHxHEIGHT") }
    cell = parts[0] > 0 && parts[1] > 0 ? PixelSize(width: parts[0], height: parts[1]) : nil
}
let image = RGBImage(size: harness.size)
let threads = getenv("INSET_SIXEL_THREADS").flatMap { Int(String(cString: $0)) } ?? 1
let encoder = SixelEncoder(threads: threads)
if let gap = getenv("INSET_SIXEL_GAP").flatMap({ Int(String(cString: $0)) }) { encoder.splitGap = gap }
if let slack = getenv("INSET_SIXEL_SLACK").flatMap({ Int32(String(cString: $0)) }) { encoder.runSlack = slack }
if let strength = getenv("INSET_SIXEL_DITHER").flatMap({ Float(String(cString: $0)) }) { encoder.ditherStrength = strength }
let output = OutputBuffer(capacity: 1 << 22)
harness.forEachFrame(into: image) { frame in
    output.removeAll()
    var rect: PixelRect?
    let milliseconds = harness.cpuMilliseconds {
        rect = encoder.prepare(image, changesOnly: frame > 0 ? cell : nil)
        encoder.write(into: output)
    }
    guard let rect else { print(frame, 0, milliseconds, "-", "-"); return }
    harness.write(output, frame: frame, extension: "six")
    print(frame, output.count, milliseconds, rect.x, rect.y)
}
