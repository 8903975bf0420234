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
#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import InsetCore
import InsetRender

func fail(_ message: String) -> Never {
    let line = Array("inset-kitty: \(message)\n".utf8)
    _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    exit(2)
}

let arguments = CommandLine.arguments
guard arguments.count == 4, let width = Int(arguments[1]), let height = Int(arguments[2]),
      (1...8192).contains(width), (1...8192).contains(height) else {
    fail("usage: inset-kitty WIDTH HEIGHT OUTDIR < frames.rgb")
}
let outDirectory = arguments[3]

/// Reads exactly `count` bytes into `buffer`; false at the end of the input.
func readFully(_ buffer: UnsafeMutablePointer<UInt8>, _ count: Int) -> Bool {
    var done = 0
    while done < count {
        let n = read(0, buffer + done, count - done)
        if n < 0 && errno == EINTR { continue }
        if n <= 0 {
            if done > 0 { fail("the input ended inside a frame") }
            return false
        }
        done += n
    }
    return true
}

func threadCPU() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
    return Double(t.tv_sec) * 1000 + Double(t.tv_nsec) / 1e6
}

var coding = KittyGraphicsEncoder.Coding.video
switch getenv("INSET_KITTY_CODING").map({ String(cString: $0) }) {
case nil, "video": break
case "exact": coding = .exact
case let text?:
    guard let maxError = Int(text), (0...64).contains(maxError) else { fail("INSET_KITTY_CODING is video, exact or 0-64") }
    coding = .png(maxError: maxError)
}
let image = RGBImage(size: PixelSize(width: width, height: height))
let encoder = KittyGraphicsEncoder(transmission: .direct, coding: coding)
let placement = KittyPlacement(imageID: 7_301, cells: CellSize(columns: (width + 9) / 10, rows: (height + 19) / 20),
                               zIndex: KittyZIndex.underText)
let output = OutputBuffer(capacity: 1 << 22)
var frame = 0
readFrames: while true {
    for y in 0..<height where !readFully(image.bytes + y * image.bytesPerRow, 3 * width) {
        if y > 0 { fail("the input ended inside a frame") }
        break readFrames
    }
    output.removeAll()
    let start = threadCPU()
    do { try encoder.encode(image, placement: placement, into: output) } catch { fail("\(error)") }
    let milliseconds = threadCPU() - start
    let path = outDirectory + "/" + String(repeating: "0", count: max(0, 4 - String(frame).count)) + String(frame) + ".kitty"
    guard let file = fopen(path, "wb") else { fail("cannot write \(path)") }
    output.withUnsafeBytes { bytes in _ = fwrite(bytes.baseAddress, 1, bytes.count, file) }
    fclose(file)
    print(frame, output.count, milliseconds)
    frame += 1
}
