import Foundation
import Testing
import InsetTestSupport

/// Two sound files played as a list through SDL's disk driver: the second's first sample
/// follows the first's last one, with no silence between them (mpv's `--gapless-audio`).
///
/// The disk driver opens its file anew (truncating it) for each device, so it writes into
/// a FIFO that the test holds open and drains: whatever devices come and go, every sample
/// they wrote, silence included, lands in one capture in the order it was written.
@Suite("Gapless sound end to end", .tags(.waits))
struct GaplessEndToEndTests {
    static let rate = 48_000
    static let seconds = 1.5

    /// Two tones, 440 Hz then 880 Hz, mono FLAC: a sine of amplitude 1/8 is never below
    /// 0.001 for two samples in a row, so the files themselves hold no silence.
    static func tones(in dir: URL) throws -> (String, String) {
        let names = (dir.appendingPathComponent("a440.flac").path, dir.appendingPathComponent("b880.flac").path)
        for (path, frequency) in [(names.0, 440), (names.1, 880)] {
            _ = try runCommand(["ffmpeg", "-v", "error", "-nostdin", "-y", "-f", "lavfi", "-i",
                                "sine=frequency=\(frequency):sample_rate=\(rate):duration=\(seconds)", "-ac", "1", "-c:a", "flac", path])
        }
        return names
    }

    /// The capture's samples from the first loud one to the last: the two files' sound and
    /// whatever came between them.
    static func heard(_ samples: [Float]) -> ArraySlice<Float> {
        guard let first = samples.firstIndex(where: { abs($0) > 0.01 }),
              let last = samples.lastIndex(where: { abs($0) > 0.01 }) else { return [] }
        return samples[first...last]
    }

    /// The longest run of samples within 0.001 of zero.
    static func longestSilence(_ samples: ArraySlice<Float>) -> Int {
        var longest = 0, run = 0
        for sample in samples {
            run = abs(sample) < 0.001 ? run + 1 : 0
            longest = max(longest, run)
        }
        return longest
    }

    /// The frequency of the first 100 ms of `samples`, from its rising zero crossings.
    static func frequency(_ samples: ArraySlice<Float>) -> Int {
        let window = Array(samples.prefix(rate / 10))
        return zip(window, window.dropFirst()).filter { $0.0 < 0 && $0.1 >= 0 }.count * 10
    }

    /// Plays the two tones as a list until the player ends; what the device
    /// was given from the first sound to the last.
    static func playBoth() throws -> ArraySlice<Float> {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("inset-gapless-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let (first, second) = try tones(in: dir)
        let fifo = dir.appendingPathComponent("audio.fifo").path
        let capture = try FIFOCapture(path: fifo)
        let tmux = try Tmux(environment: ["SDL_AUDIODRIVER": "disk", "SDL_DISKAUDIOFILE": fifo, "SDL_AUDIO_FREQUENCY": "\(rate)"])
        try tmux.run("\(try insetBinary()) \(first) \(second); echo \"ex\"\"it=$?\"")
        try tmux.waitFor(timeout: 10, "the end of the list") { $0.text.contains("exit=0") }
        return heard(capture.finish())
    }

    static let expected = Int(seconds * 2 * Double(rate))
    static let tolerance = rate * 5 / 1000

    @Test("two sound files as a list: no silence between them beyond 5 ms, nothing of either lost")
    func twoTonesFollowEachOther() throws {
        let heard = try Self.playBoth()
        let silence = Self.longestSilence(heard)
        print("gapless: \(silence) silent samples (\(silence * 1000 / Self.rate) ms) between the files; \(heard.count - Self.expected) samples more than the files hold")
        #expect(silence <= Self.tolerance + 2, "\(silence) silent samples (\(silence * 1000 / Self.rate) ms) between the files")
        // Both files whole: from the first's first sample to the second's last, their length.
        #expect(abs(heard.count - Self.expected) <= Self.tolerance,
                "\(heard.count) samples from the first sound to the last, \(Self.expected) in the files")
        #expect(abs(Self.frequency(heard) - 440) <= 20, "the first file first")
        #expect(abs(Self.frequency(heard.suffix(Self.rate / 10)) - 880) <= 20, "the second file last")
    }
}

/// A FIFO the test keeps open for reading and writing (so a writer closing it is no end of
/// file) and drains on a thread of its own into memory, as 32-bit floats.
final class FIFOCapture: @unchecked Sendable {
    private let descriptor: Int32
    private let lock = NSLock()
    private var bytes = Data()
    private var stopping = false
    private let done = DispatchSemaphore(value: 0)

    init(path: String) throws {
        guard mkfifo(path, 0o600) == 0 else { throw E2EError.missing("mkfifo \(path): errno \(errno)") }
        descriptor = open(path, O_RDWR | O_NONBLOCK)
        guard descriptor >= 0 else { throw E2EError.missing("open \(path): errno \(errno)") }
        let thread = Thread { [self] in drain() }
        thread.start()
    }

    private func drain() {
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while !lock.withLock({ stopping }) {
            var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&request, 1, 50) > 0 else { continue }
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 { lock.withLock { bytes.append(contentsOf: buffer[0..<count]) } }
        }
        done.signal()
    }

    /// Stops draining (after what is waiting in the pipe) and returns the samples.
    func finish() -> [Float] {
        Thread.sleep(forTimeInterval: 0.2)
        lock.withLock { stopping = true }
        done.wait()
        close(descriptor)
        let data = lock.withLock { bytes }
        return data.withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
    }
}
