import CFFmpeg
import Foundation
import InsetCore
import InsetTestSupport
import Testing
@testable import InsetMedia

@Suite("Bad input gives a typed error and a one-line message")
struct ErrorTests {
    static let dir = try! makeBadInputs()

    static func open(_ name: String) -> MediaError? {
        do {
            let source = try MediaSource(path: dir.appendingPathComponent(name).path)
            try source.requireVideo()
            _ = try VideoDecoder(source: source, threads: 1)
            return nil
        } catch let error as MediaError {
            return error
        } catch {
            Issue.record("untyped error \(error)")
            return nil
        }
    }

    @Test("each bad input", arguments: [
        ("missing.mp4", "no such file"),
        ("empty.mp4", "not a media file (the file is empty)"),
        ("noise.mp4", "not a media file"),
        ("notes.txt", "not a media file"),
        ("truncated.mp4", "truncated"),
        ("folder.mp4", "is a directory"),
    ])
    func badInput(name: String, reason: String) throws {
        let error = try #require(Self.open(name))
        let path = Self.dir.appendingPathComponent(name).path
        #expect(error.path == path)
        #expect(error.reason.hasPrefix(reason), "\(name): \(error)")
        #expect(error.description.hasPrefix("cannot open \(path): \(reason)"))
        #expect(!error.description.contains("\n"))
        switch (name, error) {
        case ("missing.mp4", .noSuchFile), ("empty.mp4", .emptyFile), ("noise.mp4", .notMediaFile),
             ("notes.txt", .notMediaFile), ("truncated.mp4", .truncated),
             ("folder.mp4", .isDirectory):
            break
        default:
            Issue.record("\(name) gave the wrong case: \(error)")
        }
    }

    @Test("a file cut short whose index is at the front opens and says how much of it is there (it plays what is)")
    func cutShortWithIndexInFront() throws {
        let source = try MediaSource(path: Self.dir.appendingPathComponent("truncated_faststart.mp4").path)
        let cut = try #require(source.info.truncation)
        #expect((40...60).contains(cut.percentPresent))
        #expect(cut.playable > .seconds(3) && cut.playable < .seconds(6))
        _ = try VideoDecoder(source: source, threads: 1)
    }

    @Test("a file that cannot be read", .enabled(if: getuid() != 0, "root reads any file"))
    func permissionDenied() throws {
        let error = try #require(Self.open("locked.mp4"))
        #expect(error == .permissionDenied(path: Self.dir.appendingPathComponent("locked.mp4").path))
    }

    @Test("the permission check maps EACCES even for root's sake")
    func permissionMapping() {
        #expect(MediaSource.classifyOpenFailure(path: "x", location: InputLocation("x"), code: cffmpeg_averror(EACCES),
                                                interrupt: MediaInterrupt(), guard: OpenGuard(interrupt: MediaInterrupt())) == .permissionDenied(path: "x"))
        #expect(MediaError.permissionDenied(path: "x").description == "cannot open x: permission denied")
    }

    @Test("a file with sound but no picture opens for its facts but not for video")
    func noVideoStream() throws {
        let path = Self.dir.appendingPathComponent("tone.m4a").path
        _ = try run(["ffmpeg", "-v", "error", "-y", "-f", "lavfi", "-i", "sine=duration=1", "-c:a", "aac", path])
        let source = try MediaSource(path: path)
        #expect(source.info.video == nil)
        #expect(source.info.audio?.codec == "aac")
        #expect(throws: MediaError.noVideoStream(path: path)) { try source.requireVideo() }
    }

    @Test("a codec this FFmpeg cannot decode")
    func unsupportedCodec() throws {
        // A decoder-less codec id in a real container: FFmpeg can mux data it cannot decode.
        let path = Self.dir.appendingPathComponent("unsupported.nut").path
        _ = try run(["ffmpeg", "-v", "error", "-y", "-f", "lavfi", "-i", "testsrc=duration=1:size=64x64",
                     "-c:v", "rawvideo", "-f", "nut", path])
        let source = try MediaSource(path: path)
        // Rewrite the codec id to one with no decoder, the way a file from an exotic camera looks.
        source.videoStream.pointee.codecpar.pointee.codec_id = AV_CODEC_ID_NONE
        #expect(throws: MediaError.unsupportedCodec(path: path, codec: "none")) {
            _ = try VideoDecoder(source: source, threads: 1)
        }
    }

    @Test("corrupt packets are skipped and counted; decoding goes on")
    func corruptPackets() throws {
        // Overwrite bytes in the middle of the media data: frames there fail to decode.
        var data = try Data(contentsOf: URL(fileURLWithPath: sample("clock_4x3.mp4")))
        var rng = SplitMix64(seed: 7)
        for _ in 0..<400 {
            let at = Int.random(in: data.count / 4..<(data.count * 3 / 5), using: &rng)
            data[at] = UInt8.random(in: 0...255, using: &rng)
        }
        let path = Self.dir.appendingPathComponent("corrupt.mp4").path
        try data.write(to: URL(fileURLWithPath: path))
        let pipeline = try VideoPipeline(source: MediaSource(path: path), options: .init(threads: 1))
        pipeline.start()
        defer { pipeline.stop() }
        let frames = drain(pipeline)
        #expect(frames.count > 100)
        #expect(pipeline.corruptPackets + frames.filter(\.isCorrupt).count > 0)
    }
}
