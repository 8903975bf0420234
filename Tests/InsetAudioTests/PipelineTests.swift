import Foundation
import InsetCore
import InsetMedia
import Testing
@testable import InsetAudio

/// The audio pipeline into a bare ring, drained by the test: no device involved.
@Suite("Decoding audio into the ring")
struct PipelineTests {
    /// Reads the ring until the pipeline reports the end; returns the frames read.
    func drain(_ ring: AudioRing, events: EventLog, timeout: TimeInterval = 20) -> [Float] {
        var all: [Float] = []
        var buffer = [Float](repeating: 0, count: 4096 * ring.format.channels)
        let deadline = Date(timeIntervalSinceNow: timeout)
        while Date() < deadline {
            let got = buffer.withUnsafeMutableBufferPointer { ring.read(into: $0.baseAddress!, frames: 4096) }
            all += buffer.prefix(got.frames * ring.format.channels)
            if got.frames == 0 {
                if events.all.contains(where: { if case .endOfStream = $0 { true } else { false } }), ring.bufferedFrames == 0 { break }
                usleep(1_000)
            }
        }
        return all
    }

    @Test("an audio-only file decodes whole, resampled to the ring's rate and channels")
    func audioOnlyResampled() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("inset-audio-only-\(getpid()).m4a").path
        defer { unlink(path) }
        let ffmpeg = Process()
        ffmpeg.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        ffmpeg.arguments = ["ffmpeg", "-v", "error", "-y", "-f", "lavfi", "-i", "sine=frequency=300:sample_rate=44100:duration=2",
                            "-c:a", "aac", "-b:a", "48k", path]
        try ffmpeg.run()
        ffmpeg.waitUntilExit()
        let ring = AudioRing(format: AudioFormat(sampleRate: 48_000, channels: 2))
        let events = EventLog()
        let pipeline = try AudioPipeline(path: path, sink: ring, onEvent: { events.append($0) })
        #expect(pipeline.info.video == nil)
        pipeline.start()
        defer { pipeline.stop() }
        let frames = drain(ring, events: events).count / 2
        #expect(abs(Double(frames) / 48 - 2000) <= 30, "\(Double(frames) / 48) ms")
    }

    @Test("a file without sound says so in one line")
    func noAudio() {
        #expect(throws: AudioStreamError.noAudioStream(path: sample("clock_4x3.mp4"))) {
            _ = try AudioPipeline(path: sample("clock_4x3.mp4"), sink: AudioRing(format: stereo48k))
        }
        #expect(AudioStreamError.noAudioStream(path: "x.mp4").description == "no sound from x.mp4: no audio stream")
    }

    @Test("a seek before start begins exactly at the target")
    func seekBeforeStart() throws {
        let ring = AudioRing(format: stereo48k)
        let events = EventLog()
        let pipeline = try AudioPipeline(path: sample("av_sync_markers.mp4"), sink: ring, onEvent: { events.append($0) })
        let (serial, _) = try #require(pipeline.seek(to: .milliseconds(2990)))
        pipeline.start()
        defer { pipeline.stop() }
        var buffer = [Float](repeating: 0, count: 48 * 2)
        #expect(waitUntil(timeout: 5) { ring.bufferedFrames > 48 })
        let got = buffer.withUnsafeMutableBufferPointer { ring.read(into: $0.baseAddress!, frames: 48) }
        #expect(got.serial == serial)
        #expect(got.nextPTS == .milliseconds(2991))
        // The burst at 3 s starts 10 ms (480 frames) in.
        let samples = drain(ring, events: events)
        let onset = stride(from: 0, to: samples.count, by: 2).first { abs(samples[$0]) > 0.1 }.map { $0 / 2 + 48 }
        #expect(onset.map { abs($0 - 480) <= 48 } == true, "onset at frame \(String(describing: onset))")
    }
}
