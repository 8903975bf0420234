import Foundation
import InsetCore
import Testing
@testable import InsetMedia

/// The decode thread's side of catching up: lighter decoding and keyframe skips, on the
/// real decoder (clock_16x9_aac.mp4: keyframes every 2 s, 174 of its 250 frames are B).
@Suite("Decoder catch-up", .serialized)
struct CatchUpTests {
    /// Every frame's time, in microseconds, until the end of the stream.
    static func drain(_ pipeline: VideoPipeline) -> [Int64] {
        var times: [Int64] = []
        while let item = pipeline.frames.pop(timeout: 10) {
            guard case .frame(let frame) = item else { break }
            times.append(frame.time.microseconds)
        }
        return times
    }

    @Test("a keyframe skip leaves out every frame up to the first keyframe at or after its target")
    func keyframeSkip() throws {
        let pipeline = try VideoPipeline(source: MediaSource(path: sample("clock_16x9_aac.mp4")),
                                         options: .init(threads: 2, queueCapacity: 2))
        pipeline.start()
        defer { pipeline.stop() }
        guard case .frame(let first)? = pipeline.frames.pop(timeout: 10) else { Issue.record("no first frame"); return }
        pipeline.catchUp(to: .seconds(3), serial: first.serial)
        let times = Self.drain(pipeline)
        let before = times.filter { $0 < 1_000_000 }
        let after = times.filter { $0 >= 1_000_000 }
        // What was queued or in the decoder's threads when the request came comes out first.
        #expect(before.count <= 8, "\(before)")
        #expect(after.first == 4_000_000, "the first frame after the skip is at \(after.first ?? -1) µs")
        #expect(after == (100..<250).map { Int64($0) * 40_000 }, "every frame from the keyframe on")
        #expect(pipeline.decodedFrames < 250 - 90, "decoded \(pipeline.decodedFrames) frames")
    }

    @Test("a keyframe skip asked for before the last seek is void")
    func staleSkip() throws {
        let pipeline = try VideoPipeline(source: MediaSource(path: sample("clock_16x9_aac.mp4")),
                                         options: .init(threads: 2, queueCapacity: 2))
        pipeline.start()
        defer { pipeline.stop() }
        guard case .frame(let first)? = pipeline.frames.pop(timeout: 10) else { Issue.record("no first frame"); return }
        pipeline.catchUp(to: .seconds(3), serial: first.serial + 1)
        let times = Self.drain(pipeline)
        #expect(times == (1..<250).map { Int64($0) * 40_000 })
    }

    /// Skipping every B-frame is exact only where no B-frame is a reference: on a B-pyramid
    /// (x264's default, `has_b_frames` 2: both samples here) the frames after a skipped
    /// reference B-frame decode from a picture that is not there, and showed ghosts of the
    /// moving line at 20 to 26 dB (`ffmpeg -skip_frame bidir` shows the same). There the
    /// lightest rate skips the frames nothing refers to, as FFmpeg's `-skip_frame noref`
    /// does, which decodes those same frames exactly; the count is FFmpeg's.
    @Test("the lightest catch-up rate skips what it can skip exactly: on a B-pyramid the frames FFmpeg's noref skips; the lighter of it and the PiP rate wins")
    func lighterDecoding() throws {
        let clip = sample("clock_16x9_aac.mp4")
        let referencedTypes = try run(["ffprobe", "-v", "error", "-skip_frame", "noref", "-select_streams", "v",
                                       "-show_frames", "-show_entries", "frame=pict_type", "-of", "csv=p=0", clip])
        let referenced = referencedTypes.split(separator: "\n").filter { !$0.isEmpty }.count
        let types = try run(["ffprobe", "-v", "error", "-select_streams", "v", "-show_frames", "-show_entries",
                             "frame=pict_type", "-of", "csv=p=0", clip])
        let nonB = types.split(separator: "\n").filter { !$0.hasPrefix("B") }.count
        let pipeline = try VideoPipeline(source: MediaSource(path: clip), options: .init(threads: 2, queueCapacity: 2))
        pipeline.setDecodeRate(.referenceFrames)
        pipeline.setCatchUpRate(.keyAndPredictedFrames)
        pipeline.start()
        defer { pipeline.stop() }
        let times = Self.drain(pipeline)
        // Some B-frames are references here: skipping every B (76 frames) would break them.
        #expect(nonB == 76 && referenced > nonB, "\(nonB) frames not B, \(referenced) referenced")
        #expect(times.count == referenced, "\(times.count) frames decoded, FFmpeg's noref \(referenced)")
        #expect(DecodeRate(DecodeLightening.skipNonReference) == .referenceFrames)
        #expect(max(DecodeRate.every, .keyAndPredictedFrames) == .keyAndPredictedFrames)
    }

    @Test("a seek during a keyframe skip ends the skip: the frame at the seek's target comes out")
    func seekEndsSkip() throws {
        let source = try MediaSource(path: sample("long_gop.mp4"))
        let frames = FrameQueue(capacity: 1_000)
        let demuxer = Demuxer(source: source)
        demuxer.attach(.video, streams: [source.videoStreamIndex], shown: source.videoStreamIndex)
        demuxer.start()
        defer { demuxer.stop() }
        var loop = DecodeLoop(demuxer: demuxer, decoder: try VideoDecoder(source: source, threads: 1), frames: frames,
                              statistics: VideoPipeline.Statistics(), scaleStage: nil)
        defer { loop.release() }
        while frames.count < 3 && !loop.atEnd { loop.step() }
        // Keyframes at 0, 10 and 20 s: a skip to 25 s would run to the end of the file.
        loop.begin(KeyframeCatchUp(target: .seconds(25), serial: 0, generation: 1))
        #expect(loop.catchUp != nil)
        loop.step()
        let serial = demuxer.seek(to: .seconds(3)) { frames.beginSerial($0) }
        #expect(serial == 1)
        while frames.count == 0 && !loop.atEnd { loop.step() }
        guard case .frame(let frame)? = frames.tryPop() else { Issue.record("no frame after the seek"); return }
        #expect(frame.time == .seconds(3) && frame.serial == 1)
        #expect(loop.catchUp == nil)
    }
}
