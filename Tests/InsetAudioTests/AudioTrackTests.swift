import Foundation
import InsetCore
import InsetMedia
import Testing
@testable import InsetAudio
import InsetTestSupport

/// Sound tracks read from the one demuxer the picture shares: a Matroska file made here
/// with two tones as two tracks, 440 Hz (eng, "Main") and 1000 Hz (fra, "Commentaire").
@Suite("Audio tracks", .serialized, .tags(.timed))
struct AudioTrackTests {
    static let file: String = {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("inset-two-tracks-\(getpid()).mkv").path
        try? runFFmpeg(["-f", "lavfi", "-i", "testsrc=size=160x90:rate=25:duration=6",
                             "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000:duration=6",
                             "-f", "lavfi", "-i", "sine=frequency=1000:sample_rate=48000:duration=6",
                             "-map", "0", "-map", "1", "-map", "2", "-c:v", "libx264", "-g", "25", "-c:a", "flac",
                             "-metadata:s:a:0", "language=eng", "-metadata:s:a:0", "title=Main",
                             "-metadata:s:a:1", "language=fra", "-metadata:s:a:1", "title=Commentaire", path])
        return path
    }()

    /// Up to `frames` frames of the ring's current serial (waiting for the first), with
    /// the time of the frame after them and the serial.
    static func read(_ ring: AudioRing, frames: Int) -> (samples: [Float], result: AudioRing.ReadResult)? {
        var buffer = [Float](repeating: 0, count: frames * ring.format.channels)
        let deadline = Date(timeIntervalSinceNow: 5)
        var filled = 0
        var last: AudioRing.ReadResult?
        while Date() < deadline && filled < frames {
            let got = buffer.withUnsafeMutableBufferPointer {
                ring.read(into: $0.baseAddress! + filled * ring.format.channels, frames: frames - filled)
            }
            if got.frames > 0 { filled += got.frames; last = got } else { usleep(1_000) }
        }
        return last.map { (Array(buffer[0..<(filled * ring.format.channels)]), $0) }
    }

    /// The tone's frequency from its rising zero crossings on the first channel.
    static func frequency(_ samples: [Float], channels: Int, rate: Int) -> Double {
        var crossings = 0
        var previous = samples[0]
        for frame in 1..<(samples.count / channels) {
            let value = samples[frame * channels]
            if previous < 0 && value >= 0 { crossings += 1 }
            previous = value
        }
        return Double(crossings) * Double(rate) / Double(samples.count / channels)
    }

    @Test("the tracks are listed with their language and title; a language picks one")
    func listed() throws {
        let source = try MediaSource(path: Self.file)
        let tracks = source.audioTracks
        #expect(tracks.map(\.label) == ["eng, Main", "fra, Commentaire"])
        #expect(tracks.map(\.stream.index) == [1, 2])
        #expect(tracks[1].speaks("fr") && tracks[1].speaks("FRA") && !tracks[1].speaks("en"))
        #expect(source.info.audioTracks == tracks)
    }

    @Test("a change of track while playing: the next samples are the new track's, from the time asked, with no seek of the picture")
    func switchesAtTheTime() throws {
        let demuxer = Demuxer(source: try MediaSource(path: Self.file))
        let ring = AudioRing(format: AudioFormat(sampleRate: 48_000, channels: 2))
        let pipeline = try AudioPipeline(demuxer: demuxer, sink: ring)
        pipeline.start()
        defer { pipeline.stop() }
        let before = try #require(Self.read(ring, frames: 9_600))
        #expect(abs(Self.frequency(before.samples, channels: 2, rate: 48_000) - 440) < 10)
        let target = MediaTime.milliseconds(1_500)
        let serial = pipeline.switchTrack(to: 1, at: target)
        ring.flush(serial: serial)
        let after = try #require(Self.read(ring, frames: 9_600))
        #expect(after.result.serial == serial)
        // The first sample after the change is the one at the target.
        #expect(after.result.nextPTS == target + .milliseconds(200))
        #expect(abs(Self.frequency(after.samples, channels: 2, rate: 48_000) - 1000) < 10)
        #expect(pipeline.currentTrack == 1)
    }

    @Test("a track chosen at the start is the one heard")
    func chosenAtStart() throws {
        let demuxer = Demuxer(source: try MediaSource(path: Self.file))
        let ring = AudioRing(format: AudioFormat(sampleRate: 48_000, channels: 2))
        let pipeline = try AudioPipeline(demuxer: demuxer, track: 2, sink: ring)
        pipeline.start()
        defer { pipeline.stop() }
        let heard = try #require(Self.read(ring, frames: 9_600))
        #expect(abs(Self.frequency(heard.samples, channels: 2, rate: 48_000) - 1000) < 10)
        #expect(pipeline.currentTrack == 1 && pipeline.stream.index == 2)
    }
}
