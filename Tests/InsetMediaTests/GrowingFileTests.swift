import Foundation
import InsetCore
import Testing
@testable import InsetMedia

/// A file still being written plays as live input: ffmpeg writes clock_4x3.mp4 (6 s,
/// 25 fps) as MPEG-TS at real speed (-re) while the pipeline reads it.
@Suite("Growing files", .serialized)
struct GrowingFileTests {
    /// Starts ffmpeg writing the clip into a fresh file; returns the path and the process.
    static func startWriting() throws -> (path: String, writer: Process) {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("inset-growing-\(UUID().uuidString).ts").path
        let writer = Process()
        writer.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        writer.arguments = ["ffmpeg", "-v", "error", "-nostdin", "-re", "-i", sample("clock_4x3.mp4"), "-c", "copy",
                            "-f", "mpegts", "-flush_packets", "1", path]
        writer.standardError = FileHandle.nullDevice
        try writer.run()
        // About 1 s of the clip written before it is opened: ffmpeg's own start counts from
        // when the file appears, which on a loaded machine (every group of scripts/test at
        // once) came after the 1.2 s this waited before, and the open found no file.
        let deadline = Date().addingTimeInterval(15)
        while !FileManager.default.fileExists(atPath: path), Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        Thread.sleep(forTimeInterval: 1.2)
        return (path, writer)
    }

    @Test("a file being written is live: no duration, and it plays what is written after it was opened")
    func followsTheWriter() throws {
        let (path, writer) = try Self.startWriting()
        defer { writer.terminate(); unlink(path) }
        let source = try MediaSource(path: path)
        #expect(source.info.isLive)
        #expect(source.info.duration == nil)
        let pipeline = try VideoPipeline(source: source, options: .init(threads: 2))
        pipeline.start()
        defer { pipeline.stop() }
        let started = Date()
        let frames = drain(pipeline, timeout: 20)
        let took = Date().timeIntervalSince(started)
        // All 6 s of it (150 frames), though about 1 s was there at opening; the end comes
        // once the writer has stopped and the file has not grown for 3 s.
        #expect(frames.count >= 140, "\(frames.count) frames")
        #expect(took > 4 && took < 12, "took \(took) s")
    }

    @Test("stopping while the reader waits for the file to grow returns at once")
    func stopsWhileWaiting() throws {
        let (path, writer) = try Self.startWriting()
        defer { writer.terminate(); unlink(path) }
        let pipeline = try VideoPipeline(source: MediaSource(path: path), options: .init(threads: 1, queueCapacity: 2))
        pipeline.start()
        _ = pipeline.frames.pop(timeout: 5)
        // The writer holds still: the file stops growing and the reader waits at its end.
        kill(writer.processIdentifier, SIGSTOP)
        defer { kill(writer.processIdentifier, SIGCONT) }
        while case .frame? = pipeline.frames.pop(timeout: 0.5) {}
        let started = ContinuousClock.now
        pipeline.stop()
        let took = ContinuousClock.now - started
        #expect(took < .milliseconds(300), "stop took \(took)")
    }

    @Test("a finished file written long ago is not live")
    func finishedFile() throws {
        #expect(try MediaSource(path: sample("clock_4x3.mp4")).info.isLive == false)
        #expect(MediaSource.isGrowing(sample("clock_4x3.mp4")) == false)
    }
}
