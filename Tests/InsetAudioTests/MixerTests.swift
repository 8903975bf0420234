import CSDL2
import Foundation
import InsetCore
import Testing
@testable import InsetAudio
import InsetTestSupport

/// Several outputs into one device, through SDL's disk driver (which, as raw ALSA hardware
/// and many USB and Bluetooth devices, can be opened only once): what each writes is mixed
/// at its gain, and each clock counts only its own samples. And the device going away
/// under the player (its FIFO's reader gone) and coming back.
@Suite("Mixing into one device", .serialized, .tags(.timed))
struct MixerTests {
    /// Writes `seconds` of a sine of `frequency` Hz at amplitude 0.5 into `output`'s ring,
    /// as the decoder would, as fast as it takes them.
    static func feed(_ output: AudioOutput, frequency: Double, seconds: Double, serial: Int = 1) {
        let format = output.format, frames = Int(seconds * Double(format.sampleRate))
        var samples = [Float](repeating: 0, count: frames * format.channels)
        for frame in 0..<frames {
            let value = Float(0.5 * sin(2 * Double.pi * frequency * Double(frame) / Double(format.sampleRate)))
            for channel in 0..<format.channels { samples[frame * format.channels + channel] = value }
        }
        var written = 0
        let deadline = Date(timeIntervalSinceNow: seconds + 5)
        while written < frames && Date() < deadline {
            let result = samples.withUnsafeBytes { bytes in
                output.ring.write(UnsafeRawBufferPointer(rebasing: bytes[(written * format.bytesPerFrame)...]),
                                  pts: format.duration(ofFrames: written), serial: serial)
            }
            guard case .accepted(let count) = result else { return }
            written += count
            if count == 0 { usleep(5_000) }
        }
    }

    @Test("two outputs share one device: both tones in its output, the second at its mix level, each clock its own")
    func twoVoicesOneDevice() throws {
        let path = temporaryPath("mix")
        defer { unlink(path) }
        try withAudioEnvironment(["SDL_AUDIODRIVER": "disk", "SDL_DISKAUDIOFILE": path]) {
            let first = try AudioOutput(wanted: stereo48k)
            let second = try AudioOutput(wanted: AudioFormat(sampleRate: 44_100, channels: 1))
            #expect(second.format == first.format, "the second joins the device at its format")
            second.setMixLevel(50)
            let feeders = [(first, 440.0), (second, 880.0)].map { output, frequency in
                Thread { Self.feed(output, frequency: frequency, seconds: 1.5) }
            }
            feeders.forEach { $0.start() }
            #expect(waitUntil(timeout: 2) { first.ring.bufferedFrames > 4_800 && second.ring.bufferedFrames > 4_800 })
            first.pause(false)
            second.pause(false)
            #expect(waitUntil(timeout: 3) { (first.clockTimeNow() ?? .zero) > .milliseconds(900) })
            // The second started a moment later and was paused for a while: its clock is its own.
            second.pause(true)
            let held = second.clockTimeNow()
            usleep(200_000)
            #expect(second.clockTimeNow() == held)
            #expect((first.clockTimeNow() ?? .zero) > (held ?? .zero) + .milliseconds(150))
            first.close()
            second.close()
        }
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let samples: [Float] = data.withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
        let from = 48_000 * 2 * 3 / 10, to = 48_000 * 2 * 8 / 10
        try #require(samples.count > to)
        let middle = Array(samples[from..<to])
        let low = Self.amplitude(middle, 440), high = Self.amplitude(middle, 880)
        #expect(abs(low - 0.5) < 0.03, "440 Hz at its level: \(low)")
        #expect(abs(high / low - 0.125) < 0.02, "880 Hz at 0.5³ of it: \(high)")
    }

    /// Goertzel's amplitude of `frequency` in the first channel of stereo samples at 48 kHz.
    static func amplitude(_ stereo: [Float], _ frequency: Double) -> Double {
        let c = 2 * cos(2 * Double.pi * frequency / 48_000)
        var s1 = 0.0, s2 = 0.0, count = 0
        for index in stride(from: 0, to: stereo.count, by: 2) {
            (s1, s2) = (Double(stereo[index]) + c * s1 - s2, s1)
            count += 1
        }
        return 2 * (s1 * s1 + s2 * s2 - c * s1 * s2).squareRoot() / Double(count)
    }

    /// The disk driver writing into a FIFO: its reader closing is the device going away
    /// (the write fails, SDL marks the device disconnected); a new reader and SDL's
    /// "device added" event bring it back. SDL's drivers post that event when a device
    /// appears; the disk driver has no hotplug, so the test posts it as they would.
    @Test("a device that goes away is said once; on SDL's device-added event it is opened again and plays")
    func deviceLostAndBack() throws {
        let fifo = temporaryPath("fifo")
        unlink(fifo)
        #expect(mkfifo(fifo, 0o600) == 0)
        defer { unlink(fifo) }
        signal(SIGPIPE, SIG_IGN)
        let firstReader = FIFOReader(path: fifo, stopAfter: 48_000 * 8 / 2)
        try withAudioEnvironment(["SDL_AUDIODRIVER": "disk", "SDL_DISKAUDIOFILE": fifo]) {
            let output = try AudioOutput(wanted: stereo48k)
            let feeder = Thread { Self.feed(output, frequency: 440, seconds: 4) }
            feeder.start()
            #expect(waitUntil(timeout: 2) { output.ring.bufferedFrames > 4_800 })
            output.pause(false)
            var change: AudioDeviceChange?
            #expect(waitUntil(timeout: 3) { change = AudioOutput.watchDevice(); return change != nil },
                    "the reader took half a second and closed")
            #expect(change == .lost(driver: "disk") && output.deviceLost)
            #expect(AudioOutput.watchDevice() == nil, "said once")
            #expect(firstReader.finish() == 48_000 * 8 / 2)

            let secondReader = FIFOReader(path: fifo, stopAfter: 48_000 * 8 / 4)
            var added = SDL_Event()
            added.adevice.type = SDL_AUDIODEVICEADDED.rawValue
            added.adevice.which = 0
            added.adevice.iscapture = 0
            #expect(SDL_PushEvent(&added) == 1)
            #expect(AudioOutput.watchDevice() == .back(driver: "disk"))
            #expect(!output.deviceLost)
            #expect(secondReader.finish() == 48_000 * 8 / 4, "the sound reaches the device again")
            output.close()
        }
    }
}

/// Reads a FIFO on a thread until `stopAfter` bytes, then closes it.
final class FIFOReader: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var count = 0

    init(path: String, stopAfter limit: Int) {
        Thread { [self] in
            let fd = open(path, O_RDONLY)
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while fd >= 0 && count < limit {
                let got = read(fd, &buffer, min(buffer.count, limit - count))
                if got <= 0 { break }
                count += got
            }
            if fd >= 0 { close(fd) }
            done.signal()
        }.start()
    }

    /// Bytes read, once the reader has closed (at most 10 s).
    func finish() -> Int {
        _ = done.wait(timeout: DispatchTime.now() + .seconds(10))
        return count
    }
}
