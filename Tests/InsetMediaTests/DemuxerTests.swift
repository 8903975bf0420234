import CFFmpeg
import Foundation
import InsetCore
import Testing
@testable import InsetMedia

/// The one reader of an input: how far it reads ahead, its bounds whatever the input, and
/// one seek for every lane.
@Suite("Demuxer", .serialized)
struct DemuxerTests {
    /// Waits until `condition` holds or `seconds` pass.
    static func eventually(_ seconds: Double, _ condition: () -> Bool) -> Bool {
        let deadline = Date(timeIntervalSinceNow: seconds)
        while Date() < deadline {
            if condition() { return true }
            usleep(10_000)
        }
        return condition()
    }

    static func lane(_ demuxer: Demuxer, _ lane: Demuxer.Lane) -> PacketLane {
        demuxer.condition.withLock { demuxer.lanes[lane.rawValue] }
    }

    @Test("nobody taking: it reads the read-ahead (2 s of a file) and waits, not the whole file")
    func readsAheadThenWaits() throws {
        let source = try MediaSource(path: sample("long_gop.mp4"))
        let demuxer = Demuxer(source: source)
        demuxer.attach(.video, streams: [source.videoStreamIndex], shown: source.videoStreamIndex)
        demuxer.start()
        defer { demuxer.stop() }
        #expect(Self.eventually(5) { Self.lane(demuxer, .video).duration >= demuxer.readAhead })
        usleep(300_000)
        let held = Self.lane(demuxer, .video)
        #expect(held.duration >= demuxer.readAhead && held.duration <= demuxer.readAhead + .milliseconds(100), "\(held.duration)")
        #expect(demuxer.readAhead == .seconds(2))
        #expect(demuxer.waitingForInput == .zero)
    }

    /// A minute of small picture, longer than the bound in time.
    static let minute: String = {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("inset-minute-\(getpid()).mp4").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["ffmpeg", "-v", "error", "-nostdin", "-y", "-f", "lavfi", "-i", "testsrc=size=64x36:rate=10:duration=60",
                             "-c:v", "libx264", "-preset", "ultrafast", "-g", "20", path]
        try? process.run()
        process.waitUntilExit()
        return path
    }()

    @Test("a lane whose stream never comes does not make another hold more than the bound in time")
    func boundedWhateverTheInput() throws {
        let source = try MediaSource(path: Self.minute)
        let demuxer = Demuxer(source: source)
        demuxer.attach(.video, streams: [source.videoStreamIndex], shown: source.videoStreamIndex)
        // A sound lane waiting for a stream the file does not have: it always wants more.
        demuxer.attach(.audio, streams: [99], shown: 99)
        demuxer.start()
        defer { demuxer.stop() }
        #expect(Self.eventually(10) { Self.lane(demuxer, .video).duration > Demuxer.maximumDuration })
        usleep(300_000)
        let held = Self.lane(demuxer, .video)
        // One packet past the bound at most, then it waits: not the whole minute, nor its end.
        #expect(held.duration <= Demuxer.maximumDuration + .milliseconds(100), "\(held.duration)")
        #expect(held.bytes <= Demuxer.maximumBytes)
        var sawEnd = false
        while let item = demuxer.tryPop(.audio) { if case .end = item { sawEnd = true } }
        #expect(!sawEnd)
    }

    @Test("one seek for every lane: each gets the marker with the serial, then packets from the keyframe before the target")
    func oneSeekEveryLane() throws {
        let source = try MediaSource(path: sample("clock_16x9_aac.mp4"))
        let audio = try #require(source.audioStreamIndex)
        let demuxer = Demuxer(source: source)
        demuxer.attach(.video, streams: [source.videoStreamIndex], shown: source.videoStreamIndex)
        demuxer.attach(.audio, streams: [audio], shown: audio)
        demuxer.start()
        defer { demuxer.stop() }
        #expect(Self.eventually(5) { !Self.lane(demuxer, .audio).isEmpty })
        let serial = demuxer.seek(to: .seconds(5))
        for lane in [Demuxer.Lane.video, .audio] {
            guard case .seek(let target, let marked, let stream, let flush)? = demuxer.pop(lane) else {
                Issue.record("no marker first in \(lane)")
                continue
            }
            #expect(target == .seconds(5) && marked == serial && flush)
            #expect(stream == (lane == .video ? source.videoStreamIndex : audio))
            guard case .packet(let packet)? = demuxer.pop(lane) else { Issue.record("no packet after the marker"); continue }
            let time = StreamTime.of(packet, in: source.stream(packet.pointee.stream_index).pointee.time_base)
            // Sought 200 ms early for the sound's decoder, to the keyframe at or before that.
            #expect(time.map { $0 <= .seconds(5) - Demuxer.audioPreroll && $0 >= .seconds(3) } == true, "\(lane): \(String(describing: time))")
            Demuxer.free(packet)
        }
    }
}
