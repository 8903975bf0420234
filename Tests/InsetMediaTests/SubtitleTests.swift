import CFFmpeg
import Foundation
import InsetCore
import Testing
@testable import InsetMedia

/// What ffprobe says a file's subtitle packets are: stream, start and duration (µs), with
/// the empty ones (mov_text's gaps, two bytes) left out.
func ffprobeSubtitlePackets(_ path: String) throws -> [(stream: Int, start: Int64, duration: Int64)] {
    let out = try run(["ffprobe", "-v", "error", "-select_streams", "s", "-show_entries",
                       "packet=stream_index,pts_time,duration_time,size", "-of", "csv=p=0", path])
    return out.split(whereSeparator: \.isNewline).compactMap { line in
        let f = line.split(separator: ",").map(String.init)
        // DVD pictures carry their display time inside: ffprobe says N/A (0 here).
        guard f.count == 4, let stream = Int(f[0]), let start = Double(f[1]), let size = Int(f[3]), size > 2 else { return nil }
        return (stream, Int64((start * 1e6).rounded()), Int64(((Double(f[2]) ?? 0) * 1e6).rounded()))
    }
}

/// Plays `source` through to its end with a subtitle store attached, as the player does;
/// returns the store with every cue the decode loop read.
func decodeAllCues(of source: MediaSource) throws -> SubtitleStore {
    let pipeline = try VideoPipeline(source: source, options: .init(threads: 1, queueCapacity: 4))
    let store = SubtitleStore()
    pipeline.decodeSubtitles(into: store)
    pipeline.start()
    _ = drain(pipeline)
    pipeline.stop()
    return store
}

@Suite("Subtitle decoding", .serialized)
struct SubtitleDecodingTests {
    @Test("subtitled.mp4: the tracks, with their languages, as ffprobe lists them")
    func tracks() throws {
        let source = try MediaSource(path: sample("subtitled.mp4"))
        #expect(source.subtitleTracks == [SubtitleTrack(id: 1, language: "eng", codec: "mov_text"),
                                          SubtitleTrack(id: 2, language: "fre", codec: "mov_text")])
        #expect(try MediaSource(path: sample("clock_4x3.mp4")).subtitleTracks.isEmpty)
    }

    @Test("the decode loop decodes the subtitle packets it reads: the cues start and last what ffprobe says, with the text")
    func embeddedCues() throws {
        let path = sample("subtitled.mp4")
        let source = try MediaSource(path: path)
        let store = try decodeAllCues(of: source)
        let expected = try ffprobeSubtitlePackets(path)
        #expect(expected.count == 6, "ffprobe: \(expected)")
        for stream in [1, 2] {
            let cues = store.cues(track: stream)
            let probed = expected.filter { $0.stream == stream }
            #expect(cues.map(\.start.microseconds) == probed.map(\.start), "stream \(stream)")
            #expect(cues.map { ($0.end! - $0.start).microseconds } == probed.map(\.duration), "stream \(stream)")
        }
        #expect(store.cues(track: 1).compactMap(\.text) == [
            "First line", "Second line", "Third line",
            "A much longer fourth line that is long enough to wrap across the width of a small picture"])
        #expect(store.cues(track: 2).compactMap(\.text) == ["Première ligne", "Deuxième ligne"])
        #expect(store.active(track: 1, at: .seconds(4)).compactMap(\.text) == ["Second line"])
        #expect(store.active(track: 1, at: .seconds(5)).isEmpty)
    }

    @Test("SubRip, ASS and WebVTT streams in Matroska (the mov_text tracks converted by ffmpeg) decode to the same cues and text",
          arguments: ["srt", "ass", "webvtt"])
    func embeddedTextCodecs(_ codec: String) throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("inset-subs-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("subtitled.\(codec == "webvtt" ? "webm" : "mkv")").path
        let video = codec == "webvtt" ? ["-c:v", "libvpx-vp9", "-b:v", "50k", "-deadline", "realtime", "-cpu-used", "8"] : ["-c:v", "copy"]
        _ = try run(["ffmpeg", "-v", "error", "-y", "-i", sample("subtitled.mp4"), "-map", "0:v", "-map", "0:s:0"] + video
                    + ["-c:s", codec, path])
        let source = try MediaSource(path: path)
        #expect(source.subtitleTracks.map(\.codec) == [codec == "srt" ? "subrip" : codec])
        let store = try decodeAllCues(of: source)
        let track = try #require(source.subtitleTracks.first).id
        #expect(store.cues(track: track).compactMap(\.text) == [
            "First line", "Second line", "Third line",
            "A much longer fourth line that is long enough to wrap across the width of a small picture"])
        let probed = try ffprobeSubtitlePackets(path)
        #expect(store.cues(track: track).map(\.start.microseconds) == probed.map(\.start))
        #expect(store.active(track: track, at: .seconds(7)).compactMap(\.text) == ["Third line"])
    }

    @Test("after a seek the cues already known stay, and reading them again adds none")
    func seekKeepsCues() throws {
        let source = try MediaSource(path: sample("subtitled.mp4"))
        let pipeline = try VideoPipeline(source: source, options: .init(threads: 1, queueCapacity: 4))
        let store = SubtitleStore()
        pipeline.decodeSubtitles(into: store)
        pipeline.start()
        _ = drain(pipeline)
        #expect(store.count(track: 1) == 4)
        pipeline.seek(to: .seconds(2.5))
        _ = drain(pipeline)
        pipeline.stop()
        #expect(store.count(track: 1) == 4)
        #expect(store.active(track: 1, at: .seconds(1)).compactMap(\.text) == ["First line"])
    }

    @Test("a file beside the video: found by name, read whole at open (SubRip)")
    func sidecar() throws {
        let found = SubtitleFile.beside(sample("sidecar.mp4"))
        #expect(found == [sample("sidecar.en.srt")])
        #expect(SubtitleFile.beside(sample("clock_4x3.mp4")).isEmpty)
        var (track, cues) = try SubtitleFile.load(found[0], id: -1)
        // The SubRip file comes with libavcodec's ASS header, for libass.
        #expect(track.styleHeader?.contains("[V4+ Styles]") == true)
        track.styleHeader = nil
        #expect(track == SubtitleTrack(id: -1, language: "en", codec: "subrip", file: found[0]))
        #expect(cues == [SubtitleCue(start: .zero, end: .seconds(4), text: "Found beside the video"),
                         SubtitleCue(start: .seconds(5), end: .seconds(9), text: "Second cue")])
    }

    @Test("WebVTT and ASS files: the words, without tags, at their times", arguments: [
        ("vtt", "WEBVTT\n\n00:00:01.000 --> 00:00:02.500\n<i>Hello</i> there\nsecond row\n\n00:00:03.000 --> 00:00:04.000\nBye\n",
         "webvtt"),
        ("ass", """
        [Script Info]
        ScriptType: v4.00+

        [V4+ Styles]
        Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding
        Style: Default,Arial,20,&H00FFFFFF,&H000000FF,&H00000000,&H00000000,0,0,0,0,100,100,0,0,1,1,0,2,10,10,10,1

        [Events]
        Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text
        Dialogue: 0,0:00:01.00,0:00:02.50,Default,,0,0,0,,{\\i1}Hello{\\i0} there\\Nsecond row
        Dialogue: 0,0:00:03.00,0:00:04.00,Default,,0,0,0,,Bye

        """, "ass"),
    ])
    func otherFormats(ext: String, content: String, codec: String) throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("inset-subs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("movie.\(ext)").path
        try content.write(toFile: path, atomically: true, encoding: .utf8)
        let (track, cues) = try SubtitleFile.load(path, id: -1, offset: .seconds(1))
        #expect(track.codec == codec)
        #expect(cues == [SubtitleCue(start: .seconds(2), end: .seconds(3.5), text: "Hello there\nsecond row"),
                         SubtitleCue(start: .seconds(4), end: .seconds(5), text: "Bye")])
    }

    @Test("DVD subtitles (dvd_subtitles.mkv): pictures at ffprobe's packet times, palette applied, in the stream's 320x180 frame")
    func dvdPictures() throws {
        let path = sample("dvd_subtitles.mkv")
        let source = try MediaSource(path: path)
        #expect(source.subtitleTracks == [SubtitleTrack(id: 1, language: "eng", codec: "dvd_subtitle")])
        let store = try decodeAllCues(of: source)
        let cues = store.cues(track: 1)
        #expect(cues.map(\.start.microseconds) == (try ffprobeSubtitlePackets(path)).map(\.start))
        #expect(cues.map(\.start) == [.seconds(1), .seconds(4)])
        // The SPU's stop command: 175 ticks of 1024/90000 s, 1991 ms.
        #expect(cues.map { ($0.end ?? .zero) - $0.start } == [.milliseconds(1991), .milliseconds(1991)])
        for (cue, fill) in zip(cues, [[255, 0, 0, 255], [0, 255, 0, 255]] as [[UInt8]]) {
            guard case .bitmaps(let bitmaps) = cue.content, let b = bitmaps.first else { Issue.record("not a picture"); continue }
            #expect(bitmaps.count == 1)
            #expect(b.x == 80 && b.y == 120 && b.width == 160 && b.height == 40 && b.frameSize == PixelSize(width: 320, height: 180))
            let middle = (20 * b.width + 80) * 4
            #expect(Array(b.rgba[middle..<middle + 4]) == fill)
            #expect(Array(b.rgba[0..<4]) == [255, 255, 255, 255], "the outline")
        }
    }

    @Test("a paletted picture (DVD, PGS) becomes straight RGBA in the stream's frame")
    func bitmapRect() throws {
        var rect = AVSubtitleRect()
        let indices: [UInt8] = [0, 1, 2, 1, 0, 3]  // 3x2, stride 4 below
        let stride = 4
        var plane = [UInt8](repeating: 9, count: stride * 2)
        for y in 0..<2 { for x in 0..<3 { plane[y * stride + x] = indices[y * 3 + x] } }
        var palette: [UInt32] = [0x0000_0000, 0xFFFF_FFFF, 0x80FF_0000, 0xFF00_00FF]
        let bitmap: SubtitleBitmap? = plane.withUnsafeMutableBufferPointer { planeBuffer in
            palette.withUnsafeMutableBytes { paletteBytes in
                rect.x = 100; rect.y = 400; rect.w = 3; rect.h = 2; rect.nb_colors = 4
                rect.type = SUBTITLE_BITMAP
                rect.data.0 = planeBuffer.baseAddress
                rect.data.1 = paletteBytes.baseAddress!.assumingMemoryBound(to: UInt8.self)
                rect.linesize.0 = Int32(stride)
                return withUnsafeMutablePointer(to: &rect) {
                    SubtitleDecoder.bitmap(of: $0, frameSize: PixelSize(width: 720, height: 480))
                }
            }
        }
        let b = try #require(bitmap)
        #expect(b.x == 100 && b.y == 400 && b.width == 3 && b.height == 2 && b.frameSize == PixelSize(width: 720, height: 480))
        #expect(b.rgba == [0, 0, 0, 0, 255, 255, 255, 255, 255, 0, 0, 128,
                           255, 255, 255, 255, 0, 0, 0, 0, 0, 0, 255, 255])
    }
}
