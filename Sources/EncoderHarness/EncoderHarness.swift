// What inset-sixel and inset-kitty share: the frames on standard input, the encoder's CPU
// time, and one file a frame. Measuring tools only; the player never links this.
#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import InsetCore
import InsetRender

public struct EncoderHarness {
    public let tool: String
    public let size: PixelSize
    public let outDirectory: String

    /// Reads `TOOL WIDTH HEIGHT OUTDIR` from the command line, or says the usage and exits.
    public init(tool: String) {
        self.tool = tool
        let arguments = CommandLine.arguments
        guard arguments.count == 4, let width = Int(arguments[1]), let height = Int(arguments[2]),
              (1...8192).contains(width), (1...8192).contains(height) else {
            fatal(tool, "usage: \(tool) WIDTH HEIGHT OUTDIR < frames.rgb")
        }
        size = PixelSize(width: width, height: height)
        outDirectory = arguments[3]
    }

    public func fail(_ message: String) -> Never { fatal(tool, message) }

    /// Calls `body` with each frame of packed RGB read from standard input into `image`, and
    /// its number, until the input ends (inside a frame: a failure).
    public func forEachFrame(into image: RGBImage, _ body: (Int) -> Void) {
        var frame = 0
        while true {
            for y in 0..<size.height where !readFully(image.bytes + y * image.bytesPerRow, 3 * size.width) {
                if y > 0 { fail("the input ended inside a frame") }
                return
            }
            body(frame)
            frame += 1
        }
    }

    /// `work`'s CPU time on this thread in milliseconds (other work on the machine does not count).
    public func cpuMilliseconds(_ work: () -> Void) -> Double {
        let start = Self.threadCPU()
        work()
        return Self.threadCPU() - start
    }

    /// Writes `output` to OUTDIR/NNNN.EXTENSION.
    public func write(_ output: OutputBuffer, frame: Int, extension suffix: String) {
        let number = String(frame)
        let path = outDirectory + "/" + String(repeating: "0", count: max(0, 4 - number.count)) + number + "." + suffix
        guard let file = fopen(path, "wb") else { fail("cannot write \(path)") }
        output.withUnsafeBytes { bytes in _ = fwrite(bytes.baseAddress, 1, bytes.count, file) }
        fclose(file)
    }

    private func readFully(_ buffer: UnsafeMutablePointer<UInt8>, _ count: Int) -> Bool {
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

    private static func threadCPU() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
        return Double(t.tv_sec) * 1000 + Double(t.tv_nsec) / 1e6
    }
}

private func fatal(_ tool: String, _ message: String) -> Never {
    let line = Array("\(tool): \(message)\n".utf8)
    _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    exit(2)
}
