import CFFmpeg
import Foundation
import InsetCore
import Testing
@testable import InsetMedia

/// Blocking I/O gives way: a live playlist nobody updates, waited on by libavformat, lets
/// go of the decode thread as soon as the pipeline is stopped; and what a cut-short file
/// and a still picture say about themselves.
@Suite("Interruptible input")
struct InterruptTests {
    static let dir: URL = {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("inset-interrupt-\(UUID().uuidString)")
        try! FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }()

    /// Three seconds of video in a playlist with no end marker.
    static let livePlaylist: String = {
        let full = dir.appendingPathComponent("full.m3u8").path
        _ = try? run(["ffmpeg", "-v", "error", "-y", "-i", sample("clock_4x3.mp4"), "-t", "3", "-c", "copy", "-f", "hls",
                      "-hls_time", "1", "-hls_list_size", "0", "-hls_segment_filename",
                      dir.appendingPathComponent("seg%d.ts").path, full])
        let live = dir.appendingPathComponent("live.m3u8").path
        let text = (try? String(contentsOfFile: full, encoding: .utf8)) ?? ""
        try? text.replacingOccurrences(of: "#EXT-X-ENDLIST\n", with: "").write(toFile: live, atomically: true, encoding: .utf8)
        return live
    }()

    @Test("stopping a pipeline whose demuxer waits for a live playlist's next segment returns within 300 ms")
    func stopWhileWaiting() throws {
        let source = try MediaSource(path: Self.livePlaylist)
        #expect(source.info.isLive)
        let pipeline = try VideoPipeline(source: source, options: .init(threads: 1, queueCapacity: 2))
        pipeline.start()
        // Take every frame there is; then the decode thread is inside av_read_frame, waiting.
        var frames = 0
        while case .frame? = pipeline.frames.pop(timeout: 3) { frames += 1 }
        #expect(frames > 50)
        Thread.sleep(forTimeInterval: 1)
        let started = ContinuousClock.now
        pipeline.stop()
        let took = ContinuousClock.now - started
        #expect(took < .milliseconds(300), "stop took \(took)")
    }

    @Test("an interrupt stopped before opening gives up at once with its own error")
    func cancelledOpen() {
        let interrupt = MediaInterrupt()
        interrupt.stop()
        #expect(throws: MediaError.interrupted(path: Self.livePlaylist)) {
            _ = try MediaSource(path: Self.livePlaylist, interrupt: interrupt)
        }
    }

    @Test("a file cut short opens, says how much is there, and decodes up to the cut")
    func cutShort() throws {
        let fast = Self.dir.appendingPathComponent("fast.mp4").path
        _ = try run(["ffmpeg", "-v", "error", "-y", "-i", sample("clock_4x3.mp4"), "-c", "copy", "-movflags", "+faststart", fast])
        let data = try Data(contentsOf: URL(fileURLWithPath: fast))
        let half = Self.dir.appendingPathComponent("half.mp4").path
        try data.prefix(data.count / 2).write(to: URL(fileURLWithPath: half))
        let source = try MediaSource(path: half)
        let cut = try #require(source.info.truncation)
        #expect((45...55).contains(cut.percentPresent))
        let range = source.info.playableRange
        #expect(range.end! < source.info.start + source.info.duration!)
        let pipeline = try VideoPipeline(source: source, options: .init(threads: 1))
        pipeline.start()
        defer { pipeline.stop() }
        let frames = drain(pipeline)
        let last = try #require(frames.last).time
        // Every frame whose data is there, and none past the cut.
        #expect(abs((last - cut.playable - source.info.start).seconds) < 0.2, "last \(last), playable \(cut.playable)")
        #expect(frames.count > 50)
    }

    @Test("a PNG is a still picture: no duration, nothing to play past its one frame")
    func stillPicture() throws {
        let png = Self.dir.appendingPathComponent("still.png").path
        _ = try run(["ffmpeg", "-v", "error", "-y", "-f", "lavfi", "-i", "testsrc=size=64x48:rate=1", "-frames:v", "1", png])
        let source = try MediaSource(path: png)
        #expect(source.info.isStillImage)
        #expect(source.info.playableRange == PlayableRange(start: source.info.start, end: source.info.start))
        #expect(try MediaSource(path: sample("clock_4x3.mp4")).info.isStillImage == false)
        let pipeline = try VideoPipeline(source: source, options: .init(threads: 1, viewport: Viewport(cells: CellSize(columns: 32, rows: 12))))
        pipeline.start()
        defer { pipeline.stop() }
        #expect(drain(pipeline).count == 1)
    }
}
