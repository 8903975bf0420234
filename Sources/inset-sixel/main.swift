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
// when nothing changed and nothing was written. Not a product: the player never runs it.
#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import InsetCore
import InsetRender

func fail(_ message: String) -> Never {
    let line = Array("inset-sixel: \(message)\n".utf8)
    _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    exit(2)
}

let arguments = CommandLine.arguments
guard arguments.count == 4, let width = Int(arguments[1]), let height = Int(arguments[2]),
      (1...8192).contains(width), (1...8192).contains(height) else {
    fail("usage: inset-sixel WIDTH HEIGHT OUTDIR < frames.rgb")
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

var cell: PixelSize? = PixelSize(width: 10, height: 20)
if let text = getenv("INSET_SIXEL_CELL").map({ String(cString: $0) }) {
    let parts = text.split(separator: "x").compactMap { Int($0) }
    guard parts.count == 2 else { fail("INSET_SIXEL_CELL is WIDTHxHEIGHT") }
    cell = parts[0] > 0 && parts[1] > 0 ? PixelSize(width: parts[0], height: parts[1]) : nil
}
let image = RGBImage(size: PixelSize(width: width, height: height))
let encoder = SixelEncoder()
if let gap = getenv("INSET_SIXEL_GAP").flatMap({ Int(String(cString: $0)) }) { encoder.splitGap = gap }
if let slack = getenv("INSET_SIXEL_SLACK").flatMap({ Int32(String(cString: $0)) }) { encoder.runSlack = slack }
if let strength = getenv("INSET_SIXEL_DITHER").flatMap({ Float(String(cString: $0)) }) { encoder.ditherStrength = strength }
let output = OutputBuffer(capacity: 1 << 22)
var frame = 0
readFrames: while true {
    for y in 0..<height where !readFully(image.bytes + y * image.bytesPerRow, 3 * width) {
        if y > 0 { fail("the input ended inside a frame") }
        break readFrames
    }
    output.removeAll()
    let start = threadCPU()
    let rect = encoder.prepare(image, changesOnly: frame > 0 ? cell : nil)
    encoder.write(into: output)
    let milliseconds = threadCPU() - start
    guard let rect else {
        print(frame, 0, milliseconds, "-", "-")
        frame += 1
        continue
    }
    let path = outDirectory + "/" + String(repeating: "0", count: max(0, 4 - String(frame).count)) + String(frame) + ".six"
    guard let file = fopen(path, "wb") else { fail("cannot write \(path)") }
    output.withUnsafeBytes { bytes in _ = fwrite(bytes.baseAddress, 1, bytes.count, file) }
    fclose(file)
    print(frame, output.count, milliseconds, rect.x, rect.y)
    frame += 1
}
