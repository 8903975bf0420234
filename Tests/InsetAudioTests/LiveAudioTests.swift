import Foundation
import InsetCore
import InsetMedia
import Testing
@testable import InsetAudio
import InsetTestSupport

/// The sound of live input skips back with the picture: a live playlist (no end list) made
/// from av_sync_markers.mp4, read by the real hls demuxer into a bare ring.
@Suite("Live audio skipping", .serialized, .tags(.timed))
struct LiveAudioTests {
    static let playlist: String = {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("inset-live-audio-\(getpid())")
        try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let full = dir.appendingPathComponent("full.m3u8").path
        try? runFFmpeg(["-i", sample("av_sync_markers.mp4"), "-c", "copy", "-f", "hls", "-hls_time", "2", "-hls_list_size", "0",
                        "-hls_segment_filename", dir.appendingPathComponent("s%d.ts").path, full])
        let live = dir.appendingPathComponent("live.m3u8").path
        let text = (try? String(contentsOfFile: full, encoding: .utf8)) ?? ""
        try? text.replacingOccurrences(of: "#EXT-X-ENDLIST\n", with: "").write(toFile: live, atomically: true, encoding: .utf8)
        return live
    }()

    /// Reads up to `frames` frames of the ring's current serial, waiting for the first.
    static func read(_ ring: AudioRing, frames: Int) -> AudioRing.ReadResult? {
        var buffer = [Float](repeating: 0, count: frames * ring.format.channels)
        let deadline = Date(timeIntervalSinceNow: 5)
        while Date() < deadline {
            let got = buffer.withUnsafeMutableBufferPointer { ring.read(into: $0.baseAddress!, frames: frames) }
            if got.frames > 0 { return got }
            usleep(1_000)
        }
        return nil
    }

    @Test("a seek back in live sound starts exactly at the target, from what was kept")
    func seekBack() throws {
        let ring = AudioRing(format: stereo48k)
        let pipeline = try AudioPipeline(path: Self.playlist, sink: ring)
        #expect(pipeline.info.isLive)
        pipeline.start()
        defer { pipeline.stop() }
        // Three seconds of sound from where the demuxer began (three segments from the end).
        let first = try #require(Self.read(ring, frames: 48))
        let start = try #require(first.nextPTS) - .milliseconds(1)
        var played = first
        while let pts = played.nextPTS, pts < start + .seconds(3) {
            guard let next = Self.read(ring, frames: 4800) else { Issue.record("the sound stopped at \(pts)"); return }
            played = next
        }
        let target = start + .milliseconds(1_230)
        let (serial, _) = try #require(pipeline.seek(to: target), "live sound cannot seek")
        ring.flush(serial: serial)
        let after = try #require(Self.read(ring, frames: 48))
        #expect(after.serial == serial)
        #expect(after.nextPTS == target + .milliseconds(1))
        // Older than anything kept: the oldest sound there is, not silence or a hang.
        let (older, _) = try #require(pipeline.seek(to: start - .seconds(30)))
        ring.flush(serial: older)
        let oldest = try #require(Self.read(ring, frames: 48))
        #expect(oldest.serial == older)
        #expect(oldest.nextPTS.map { abs(($0 - start).microseconds) <= 30_000 } == true, "\(String(describing: oldest.nextPTS)) vs \(start)")
    }
}
