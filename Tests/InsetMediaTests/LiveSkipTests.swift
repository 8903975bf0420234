import Foundation
import InsetCore
import Testing
@testable import InsetMedia

/// Skipping back in live input through the real hls demuxer: samples/hls/live.m3u8 is a
/// live playlist (no end list) of 5 segments of 2 s, 25 fps, a keyframe every second; the
/// demuxer starts three segments from the end (5.48 s) and, past 11.44 s, waits for more.
@Suite("Live skipping", .serialized)
struct LiveSkipTests {
    static let live = sample("hls/live.m3u8")
    static let window = Viewport(cells: CellSize(columns: 40, rows: 12))

    /// Frames popped until one at or after `time` (inclusive), or nil on a timeout.
    static func frames(of pipeline: VideoPipeline, until time: MediaTime) -> [VideoFrame] {
        var frames: [VideoFrame] = []
        while case .frame(let frame)? = pipeline.frames.pop(timeout: 5) {
            frames.append(frame)
            if frame.time >= time { break }
        }
        return frames
    }

    @Test("live input keeps what it read: a seek back re-decodes from the kept keyframe and lands on the frame at the target")
    func skipBack() throws {
        let source = try MediaSource(path: Self.live)
        #expect(source.info.isLive)
        let pipeline = try VideoPipeline(source: source, options: .init(threads: 2, queueCapacity: 4, viewport: Self.window))
        #expect(pipeline.isSeekable)
        pipeline.start()
        defer { pipeline.stop() }
        let played = Self.frames(of: pipeline, until: .milliseconds(10_000))
        #expect(played.first?.time == .milliseconds(5_480))
        #expect(played.last?.time == .milliseconds(10_000))
        let buffered = try #require(pipeline.bufferedRange)
        #expect(buffered.oldest == .milliseconds(5_480))
        #expect(buffered.newest >= .milliseconds(10_000))

        // Back to 7.01 s: the frame on screen then is the one at 7.00 s, between keyframes.
        let (serial, _) = try #require(pipeline.seek(to: .milliseconds(7_010)))
        let again = Self.frames(of: pipeline, until: .milliseconds(8_000))
        #expect(again.first?.serial == serial)
        #expect(again.first?.time == .milliseconds(7_000))
        #expect(again.map(\.time.microseconds) == Array(stride(from: 7_000_000, through: 8_000_000, by: 40_000)))

        // Older than anything kept: the oldest frame kept.
        pipeline.seek(to: .milliseconds(1_000))
        #expect(Self.frames(of: pipeline, until: .zero).first?.time == .milliseconds(5_480))

        // Forward past what was replayed: on through the kept packets into the input's.
        pipeline.seek(to: .milliseconds(9_500))
        let onward = Self.frames(of: pipeline, until: .milliseconds(11_000))
        #expect(onward.first?.time == .milliseconds(9_480))
        #expect(onward.last?.time == .milliseconds(11_000))
        #expect(Set(zip(onward, onward.dropFirst()).map { ($1.time - $0.time).microseconds }) == [40_000])
    }

    @Test("a seek to the newest frame read shows a frame half a second short of it at once")
    func liveEdge() throws {
        let pipeline = try VideoPipeline(source: MediaSource(path: Self.live),
                                         options: .init(threads: 2, queueCapacity: 4, viewport: Self.window))
        pipeline.start()
        defer { pipeline.stop() }
        _ = Self.frames(of: pipeline, until: .milliseconds(8_000))
        pipeline.seek(to: .milliseconds(6_000))
        _ = Self.frames(of: pipeline, until: .milliseconds(6_500))
        let newest = try #require(pipeline.bufferedRange?.newest)
        let (serial, _) = try #require(pipeline.seek(to: newest))
        guard case .frame(let first)? = pipeline.frames.pop(timeout: 2) else { Issue.record("no frame at the edge"); return }
        #expect(first.serial == serial)
        let behind = newest - first.time
        #expect(behind >= .milliseconds(500) && behind < .milliseconds(540), "edge \(newest), shown \(first.time)")
    }
}
