import Foundation
import InsetCore
import InsetMedia
import Testing
@testable import InsetAudio
import InsetTestSupport

/// The audio pipeline into a bare ring, drained by the test: no device involved.
@Suite("Decoding audio into the ring", .tags(.timed))
struct PipelineTests {
    /// Reads the ring until the pipeline reports the end; returns the frames read.
    func drain(_ ring: AudioRing, events: EventLog, timeout: TimeInterval = 20) -> [Float] {
        var all: [Float] = []
        readUntilEnd(ring, events: events, frames: 4096, timeout: timeout) { _, samples in all += samples }
        return all
    }

    @Test("an audio-only file decodes whole, resampled to the ring's rate and channels")
    func audioOnlyResampled() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("inset-audio-only-\(getpid()).m4a").path
        defer { unlink(path) }
        try runFFmpeg(["-f", "lavfi", "-i", "sine=frequency=300:sample_rate=44100:duration=2", "-c:a", "aac", "-b:a", "48k", path])
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

/// The markers clip decoded at another speed into a bare ring: where each tone burst comes
/// out, by the times the ring gives for the frames read, is where it is in the file.
@Suite("Decoding audio at another speed", .tags(.timed))
struct SpeedPipelineTests {
    /// The media time of each burst's onset (a sample over 0.1 after 0.3 s of media under it),
    /// from the ring's own times; and the frames read in all.
    func onsets(speed: PlaybackSpeed) throws -> (onsets: [Double], frames: Int) {
        let ring = AudioRing(format: stereo48k)
        let events = EventLog()
        let pipeline = try AudioPipeline(path: sample("av_sync_markers.mp4"), sink: ring, onEvent: { events.append($0) })
        pipeline.setSpeed(speed)
        pipeline.start()
        defer { pipeline.stop() }
        var onsets: [Double] = []
        var quietSince = 0.0
        var frames = 0
        readUntilEnd(ring, events: events, frames: 240) { got, samples in
            frames += got.frames
            let perFrame = got.speed.factor / 48_000
            let first = got.nextPTS!.seconds - Double(got.frames) * perFrame
            for i in 0..<got.frames {
                let at = first + Double(i) * perFrame
                if abs(samples[samples.startIndex + 2 * i]) > 0.1 {
                    if at - quietSince >= 0.3 { onsets.append(at) }
                    quietSince = at
                }
            }
        }
        return (onsets, frames)
    }

    /// Measured in wall time, as sync is seen: stamped without atempo's lead (half its
    /// window) the bursts came out 21 ms of media early, 42 ms at 0.5x.
    @Test("at 0.5x, 2x and 4x each burst is stamped within 5 ms of wall time of its time in the file, on average, and 12 ms each; the sound lasts 12 s / speed",
          arguments: [50, 200, 400])
    func stampedWhereItIs(hundredths: Int) throws {
        let speed = PlaybackSpeed(clamping: hundredths)
        let (found, frames) = try onsets(speed: speed)
        // The bursts begin at every odd second of the 12 s clip; offsets in wall milliseconds.
        let offsets = found.map { at in (at - (2 * ((at - 1) / 2).rounded() + 1)) * 1000 / speed.factor }
        #expect(found.count == 6, "onsets at \(found)")
        let mean = offsets.reduce(0, +) / Double(max(1, offsets.count))
        #expect(abs(mean) <= 5, "offsets \(offsets) ms, mean \(mean)")
        #expect(offsets.allSatisfy { abs($0) <= 12 }, "offsets \(offsets) ms")
        let seconds = Double(frames) / 48_000
        #expect(abs(seconds - 12 / speed.factor) < 0.15, "\(seconds) s of sound")
    }
}

@Suite("Decoding audio at another speed, across a gap in the times", .tags(.timed))
struct SpeedGapTests {
    @Test("a 1 s gap in the audio's times at 2 s: at 2x the sound after it is stamped from 3 s on, and the last at 5 s")
    func gapRestartsTheStamps() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("inset-audio-gap-\(getpid()).mkv").path
        defer { unlink(path) }
        try runFFmpeg(["-f", "lavfi", "-i", "sine=f=1000:d=4:sample_rate=48000",
                       "-af", "asetpts='if(gte(T,2),PTS+SR,PTS)'", "-c:a", "pcm_s16le", path])
        let ring = AudioRing(format: stereo48k)
        let events = EventLog()
        let pipeline = try AudioPipeline(path: path, sink: ring, onEvent: { events.append($0) })
        pipeline.setSpeed(PlaybackSpeed(clamping: 200))
        pipeline.start()
        defer { pipeline.stop() }
        var stamps: [Double] = []
        readUntilEnd(ring, events: events, frames: 480) { got, _ in stamps.append(got.nextPTS!.seconds) }
        let last = try #require(stamps.last)
        #expect(abs(last - 5) < 0.06, "the last sample stamped at \(last) s")
        // Nothing between the end of the first part and the start of the second.
        #expect(!stamps.contains { $0 > 2.1 && $0 < 2.95 }, "\(stamps.filter { $0 > 1.9 && $0 < 3.1 })")
    }
}
