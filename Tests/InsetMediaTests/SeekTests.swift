import Foundation
import InsetCore
import InsetTestSupport
import Testing
@testable import InsetMedia

@Suite("Accurate seeking", .serialized)
struct SeekTests {
    /// The frame on screen at `target`: the greatest pts ≤ target, or the first frame.
    static func expectedFrame(at target: Int64, in times: [Int64]) -> Int64 {
        times.filter { $0 <= target }.max() ?? times.min()!
    }

    @Test("20 random seeks in the long-GOP sample land on the frame on screen at the target")
    func randomSeeks() throws {
        let path = sample("long_gop.mp4")
        let times = try ffprobeFrameTimes(path)
        let pipeline = try VideoPipeline(source: MediaSource(path: path), options: .init(threads: 2))
        pipeline.start()
        defer { pipeline.stop() }
        var rng = SplitMix64(seed: 20261121)
        let duration = pipeline.range.end!.microseconds
        for _ in 0..<20 {
            let target = MediaTime(microseconds: Int64.random(in: 0...duration, using: &rng))
            guard let (serial, clamped) = pipeline.seek(to: target) else { Issue.record("not seekable"); return }
            #expect(clamped == target)
            guard case .frame(let frame)? = pipeline.frames.pop(timeout: 10) else {
                Issue.record("no frame after seeking to \(target)"); continue
            }
            #expect(frame.serial == serial)
            #expect(frame.time.microseconds == Self.expectedFrame(at: target.microseconds, in: times),
                    "seek to \(target) showed \(frame.time)")
        }
    }

    @Test("seeking again before the first seek finished leaves no stale frame")
    func noStaleFrames() throws {
        let pipeline = try VideoPipeline(source: MediaSource(path: sample("long_gop.mp4")),
                                         options: .init(threads: 2, queueCapacity: 3))
        pipeline.start()
        defer { pipeline.stop() }
        _ = pipeline.frames.pop(timeout: 5)
        pipeline.seek(to: .seconds(25))
        pipeline.seek(to: .seconds(3))
        guard let (serial, _) = pipeline.seek(to: .seconds(12.34)) else { Issue.record("not seekable"); return }
        var seen = 0
        while seen < 30, let item = pipeline.frames.pop(timeout: 5) {
            #expect(item.serial == serial, "an item of serial \(item.serial) came after seek \(serial)")
            if case .frame(let f) = item {
                if seen == 0 { #expect(f.time == .milliseconds(12_320)) }
                #expect(f.time >= .milliseconds(12_320))
            }
            seen += 1
        }
        #expect(seen == 30)
    }

    @Test("skips clamp at both ends of the playable range")
    func skipClamps() throws {
        let path = sample("clock_4x3.mp4")
        let times = try ffprobeFrameTimes(path)
        let pipeline = try VideoPipeline(source: MediaSource(path: path), options: .init(threads: 1))
        pipeline.start()
        defer { pipeline.stop() }
        let back = pipeline.skip(by: .seconds(-15), from: .seconds(2))
        #expect(back?.target == .zero)
        guard case .frame(let first)? = pipeline.frames.pop(timeout: 5) else { Issue.record("no frame"); return }
        #expect(first.time == .zero)
        let forward = pipeline.skip(by: .seconds(15), from: .seconds(2))
        #expect(forward?.target == .seconds(6))
        guard case .frame(let last)? = pipeline.frames.pop(timeout: 5) else { Issue.record("no frame"); return }
        #expect(last.time.microseconds == times.max())
        guard case .endOfStream? = pipeline.frames.pop(timeout: 5) else { Issue.record("no end"); return }
    }

    @Test("seek arithmetic", arguments: [
        (10.0, 15.0, 25.0), (10.0, -15.0, 0.0), (20.0, 15.0, 30.0), (0.0, -15.0, 0.0), (29.0, 15.0, 30.0),
    ])
    func skipTarget(position: Double, delta: Double, expected: Double) {
        let range = PlayableRange(start: .zero, end: .seconds(30))
        #expect(SeekMath.skipTarget(from: .seconds(position), by: .seconds(delta), in: range) == .seconds(expected))
    }

    @Test("live input has no end: forward skips stop at the newest frame")
    func liveSkip() {
        let live = PlayableRange(start: .seconds(5), end: nil)
        #expect(SeekMath.skipTarget(from: .seconds(40), by: .seconds(15), in: live, newest: .seconds(48)) == .seconds(48))
        #expect(SeekMath.skipTarget(from: .seconds(10), by: .seconds(-15), in: live, newest: .seconds(48)) == .seconds(5))
        #expect(SeekMath.skipTarget(from: .seconds(10), by: .seconds(15), in: live) == .seconds(25))
    }
}

