import Foundation
import InsetCore
import Testing
@testable import InsetMedia

/// HLS master playlists through libavformat's own hls demuxer, on the committed
/// samples/hls (scripts/make-hls): 180p, 360p and 720p variants, 25 fps, a keyframe
/// every second, 2 s segments.
@Suite("HLS variants", .serialized)
struct VariantTests {
    static let master = sample("hls/master.m3u8")
    /// 160x45 cells of 8x16 pixels (kitty, sixel): 1280x720 of them, which 720p fills. Half
    /// blocks would want 180p (`VariantChoice`), the stream libavformat opens first.
    static let full = Viewport(cells: CellSize(columns: 160, rows: 45), raster: CellRaster(cellPixels: PixelSize(width: 8, height: 16)))
    static let window = Viewport(cells: CellSize(columns: 56, rows: 9))
    static let p180 = PixelSize(width: 320, height: 180)
    static let p720 = PixelSize(width: 1280, height: 720)

    @Test("a master playlist lists its video variants smallest first; other inputs list none")
    func listed() throws {
        let source = try MediaSource(path: Self.master)
        #expect(source.videoVariants.map(\.size) == [Self.p180, PixelSize(width: 640, height: 360), Self.p720])
        #expect(source.videoVariants.map(\.description) == ["320x180 (1/3)", "640x360 (2/3)", "1280x720 (3/3)"])
        #expect(source.videoVariants.allSatisfy { ($0.bitRate ?? 0) > 0 })
        #expect(try MediaSource(path: sample("hls/live.m3u8")).videoVariants.isEmpty)
        #expect(try MediaSource(path: sample("clock_4x3.mp4")).videoVariants.isEmpty)
    }

    /// The first `count` frames of the master played at `viewport`.
    static func opening(at viewport: Viewport, count: Int = 30) throws -> [VideoFrame] {
        let pipeline = try VideoPipeline(source: MediaSource(path: master), options: .init(threads: 2, viewport: viewport))
        pipeline.start()
        defer { pipeline.stop() }
        var frames: [VideoFrame] = []
        while frames.count < count, case .frame(let frame)? = pipeline.frames.pop(timeout: 10) { frames.append(frame) }
        return frames
    }

    @Test("full screen at 1280x720 pixels plays 720p from the first frame; a 56x9 half-block window plays 180p")
    func opensNearestAbove() throws {
        let big = try Self.opening(at: Self.full)
        #expect(big.count == 30)
        #expect(big.allSatisfy { $0.codedSize == Self.p720 && $0.variant?.size == Self.p720 })
        // Not the first variant the input lists (the stream libavformat calls best), yet
        // from the stream's first frame: its first segment was read, not skipped.
        #expect(big.first?.time == .milliseconds(1480), "first frame at \(big.first?.time.description ?? "none")")
        let small = try Self.opening(at: Self.window)
        #expect(small.count == 30)
        #expect(small.allSatisfy { $0.codedSize == Self.p180 && $0.variant?.description == "320x180 (1/3)" })
        // From the first frame of the stream on, one frame every 40 ms.
        #expect(small.first?.time == .milliseconds(1480))
        #expect(zip(small, small.dropFirst()).allSatisfy { ($1.time - $0.time) == .milliseconds(40) })
    }

    @Test("a render size change switches variant within a segment, frame times without a gap or a repeat")
    func switchesWithoutGap() throws {
        let pipeline = try VideoPipeline(source: MediaSource(path: Self.master),
                                         options: .init(threads: 2, queueCapacity: 4, viewport: Self.window))
        pipeline.start()
        defer { pipeline.stop() }
        var frames: [VideoFrame] = []
        var askedBig: MediaTime?, askedSmall: MediaTime?
        while case .frame(let frame)? = pipeline.frames.pop(timeout: 10) {
            frames.append(frame)
            // Into full screen at 3.5 s of the stream, back into the window at 7 s.
            if askedBig == nil && frame.time >= .milliseconds(1480 + 3500) { askedBig = frame.time; pipeline.setViewport(Self.full) }
            if askedSmall == nil && frame.time >= .milliseconds(1480 + 7000) { askedSmall = frame.time; pipeline.setViewport(Self.window) }
        }
        let times = frames.map(\.time.microseconds)
        #expect(frames.count == 250, "\(frames.count) frames")
        let steps = Set(zip(times, times.dropFirst()).map { $1 - $0 })
        #expect(steps == [40_000], "steps between frames: \(steps)")
        // 180p, then 720p, then 180p: two changes, each no later than a segment (2 s) after
        // it was asked for.
        var changes: [(time: MediaTime, size: PixelSize)] = []
        for (previous, frame) in zip(frames, frames.dropFirst()) where frame.codedSize != previous.codedSize {
            changes.append((frame.time, frame.codedSize))
        }
        #expect(changes.map(\.size) == [Self.p720, Self.p180], "\(changes)")
        for (change, asked) in zip(changes, [askedBig, askedSmall]) {
            guard let asked else { Issue.record("never asked"); continue }
            #expect(change.time > asked && change.time <= asked + .seconds(2), "asked at \(asked), changed at \(change.time)")
        }
        #expect(frames.allSatisfy { $0.variant?.size == $0.codedSize })
        // The variant the pipeline says each frame is from changed twice, as the pictures did.
        #expect(zip(frames, frames.dropFirst()).filter { $1.variant?.streamIndex != $0.variant?.streamIndex }.count == 2)
    }

    @Test("a render size change before the first frame is out: the stream read so far shows until the new variant's keyframe, no frame lost")
    func switchBeforeFirstFrame() throws {
        let pipeline = try VideoPipeline(source: MediaSource(path: Self.master),
                                         options: .init(threads: 2, queueCapacity: 4, viewport: Self.window))
        // Paused, the decode thread takes nothing while the demuxer reads ahead: the 720p
        // stream's first packets are read, and let go of, before 720p is asked for.
        pipeline.setPaused(true)
        pipeline.start()
        defer { pipeline.stop() }
        Thread.sleep(forTimeInterval: 0.3)
        pipeline.setViewport(Self.full)
        pipeline.setPaused(false)
        let frames = drain(pipeline)
        #expect(frames.count == 250, "\(frames.count) frames, the first at \(frames.first?.time.description ?? "none")")
        #expect(frames.first?.time == .milliseconds(1480) && frames.first?.codedSize == Self.p180)
        let times = frames.map(\.time.microseconds)
        #expect(Set(zip(times, times.dropFirst()).map { $1 - $0 }) == [40_000])
        #expect(frames.last?.codedSize == Self.p720)
    }

    @Test("a seek after a switch goes on in the new variant, on the frame at the target")
    func seekAfterSwitch() throws {
        let pipeline = try VideoPipeline(source: MediaSource(path: Self.master),
                                         options: .init(threads: 2, viewport: Self.window))
        pipeline.start()
        defer { pipeline.stop() }
        _ = pipeline.frames.pop(timeout: 10)
        pipeline.setViewport(Self.full)
        guard let (serial, _) = pipeline.seek(to: .milliseconds(1480 + 5_520)) else { Issue.record("not seekable"); return }
        guard case .frame(let frame)? = pipeline.frames.pop(timeout: 10) else { Issue.record("no frame"); return }
        #expect(frame.serial == serial)
        #expect(frame.codedSize == Self.p720)
        #expect(abs((frame.time - .milliseconds(1480 + 5_520)).microseconds) <= 1_000_000, "showed \(frame.time)")
    }
}
