import Foundation
import InsetCore
import Testing
@testable import InsetSites

/// What a hostile page can put in yt-dlp's answer (issue 42): absurd numbers, entries that
/// are local paths, and answers so long that keeping them whole took gigabytes.
@Suite("yt-dlp's JSON from a hostile page")
struct SiteJSONHostileTests {
    static func read(_ json: String) throws -> (SiteResolution, SiteJSON.Dropped) {
        var dropped = SiteJSON.Dropped()
        let resolution = try SiteJSON.read(Data(json.utf8), dropped: &dropped)
        return (resolution, dropped)
    }

    static func onlyFormat(_ fields: String) throws -> SiteFormat {
        let (resolution, _) = try read(#"{"title": "t", "formats": [{"url": "https://c/v.mp4", \#(fields)}]}"#)
        guard case .video(let video) = resolution, let format = video.formats.first else { throw SiteJSON.Failure.nothingToPlay }
        return format
    }

    @Test("issue 42 item 3: an absurd width or height is unknown, never a trap (Int(Double) and the area's multiply trapped)", arguments: [
        #""width": 100000000000000000000000, "height": 100000000000000000000000"#,
        #""width": 1e23, "height": -1e23"#,
        #""width": -1e23, "height": 1e23"#,
        #""width": 9223372036854775807, "height": 9223372036854775807"#,
        #""width": 9223372036854775808, "height": 2"#,
        #""width": 4294967296, "height": 4294967296"#,
        #""width": 1.5e308, "height": 1.5e308"#,
        #""width": "nan", "height": "inf""#,
        #""width": 0, "height": -5"#,
        #""width": 640.25, "height": true"#,
    ])
    func absurdSizes(fields: String) throws {
        let format = try Self.onlyFormat(fields + #", "vcodec": "avc1", "acodec": "none", "tbr": 1e300, "abr": -1e23"#)
        if let size = format.size {
            #expect((1...SiteJSON.maximumDimension).contains(size.width) && (1...SiteJSON.maximumDimension).contains(size.height), "\(size)")
        }
        #expect(format.bitrate == nil && format.audioBitrate == nil)
        // The choice multiplies sizes and compares bitrates: it must come to an answer.
        let video = SiteVideo(title: "t", formats: [format, format], chosen: [format])
        _ = FormatChoice.ladder(of: video)
        #expect(FormatChoice.pick(for: Viewport(cells: CellSize(columns: 160, rows: 45)), in: video) != nil)
    }

    @Test("issue 42 item 3: a format made with a size past the bound (not from JSON) is of unknown size to the choice, not an overflow")
    func hugeSizeFromElsewhere() {
        let huge = SiteFormat(id: "h", url: "https://c/h.mp4", size: PixelSize(width: Int.max, height: Int.max), hasVideo: true, hasAudio: true)
        let sane = SiteFormat(id: "s", url: "https://c/s.mp4", size: PixelSize(width: 640, height: 360), hasVideo: true, hasAudio: true)
        let video = SiteVideo(title: "t", formats: [huge, sane], chosen: [huge])
        #expect(FormatChoice.ladder(of: video).map(\.id) == ["s"])
        #expect(FormatChoice.pick(for: Viewport(cells: CellSize(columns: 160, rows: 45)), in: video)?.video.id == "s")
    }

    @Test("issue 42 item 3: a size in range is kept, a height alone stands for 16:9, fractions round")
    func saneSizes() throws {
        #expect(try Self.onlyFormat(#""width": 1280, "height": 720"#).size == PixelSize(width: 1280, height: 720))
        #expect(try Self.onlyFormat(#""height": 360"#).size == PixelSize(width: 640, height: 360))
        #expect(try Self.onlyFormat(#""width": 640.4, "height": 359.6"#).size == PixelSize(width: 640, height: 360))
        #expect(try Self.onlyFormat(#""width": 32769, "height": 360"#).size == PixelSize(width: 640, height: 360))
    }

    @Test("issue 42 item 3: absurd chapter times and durations are left out, not trapped on")
    func absurdTimes() throws {
        let json = """
        {"title": "t", "url": "https://c/v.mp4", "duration": 1e23,
         "chapters": [{"start_time": 1e23}, {"start_time": -1e300, "end_time": 1e300}, {"start_time": 5, "end_time": 1e23},
                      {"start_time": 10, "title": "ten"}]}
        """
        guard case (.video(let video), _) = try Self.read(json) else { Issue.record("not a video"); return }
        #expect(video.chapters.map(\.start) == [.seconds(5), .seconds(10)])
        #expect(video.chapters.last?.end == .seconds(10), "no duration believed: the last ends where it starts")
    }

    @Test("issue 42 item 4: list entries that are not http(s) or ytdl:// are dropped, counted in one line", arguments: [
        "/dev/tty", "/dev/zero", "file:///dev/zero", "fifo", "concat:a|b", "sftp://h/x", "tcp://127.0.0.1:1?listen=1", "ytdl://",
    ])
    func localEntries(url: String) throws {
        let json = """
        {"_type": "playlist", "title": "feed", "entries": [
          {"_type": "url", "url": "\(url)", "title": "bad"},
          {"_type": "url_transparent", "url": "\(url)", "webpage_url": "\(url)"},
          {"_type": "url", "url": "https://v.example/1"},
          {"_type": "url", "url": "ytdl://ytsearch1:cats"},
          {"_type": "url", "url": "42", "webpage_url": "https://v.example/42"}]}
        """
        let (resolution, dropped) = try Self.read(json)
        guard case .list(_, let entries) = resolution else { Issue.record("not a list"); return }
        #expect(entries == [.page(url: "https://v.example/1", title: nil), .page(url: "ytdl://ytsearch1:cats", title: nil),
                            .page(url: "https://v.example/42", title: nil)])
        #expect(dropped.entriesNotWeb == 2)
        let line = try #require(dropped.line)
        #expect(line.contains("2 list entries that are not http(s) or ytdl://") && !line.contains("\n"), "\(line)")
    }

    @Test("issue 42 item 4: an answer that only names a local path (_type url) plays nothing")
    func localRedirect() {
        #expect(throws: SiteJSON.Failure.nothingToPlay) { try Self.read(#"{"_type": "url", "url": "/dev/tty"}"#) }
        #expect(throws: SiteJSON.Failure.nothingToPlay) { try Self.read(#"{"_type": "url_transparent", "url": "file:///etc/passwd"}"#) }
    }

    @Test("issue 42 item 14: at most 10,000 entries and 1,000 formats a video are kept, the rest counted")
    func bounds() throws {
        let entries = (0..<(SiteJSON.maximumEntries + 2_500)).map { #"{"_type": "url", "url": "https://v.example/\#($0)"}"# }
        let (list, listDropped) = try Self.read(#"{"_type": "playlist", "entries": [\#(entries.joined(separator: ","))]}"#)
        guard case .list(_, let kept) = list else { Issue.record("not a list"); return }
        #expect(kept.count == SiteJSON.maximumEntries)
        #expect(kept.last == .page(url: "https://v.example/\(SiteJSON.maximumEntries - 1)", title: nil))
        #expect(listDropped.entriesBeyondLimit == 2_500)
        #expect(listDropped.line?.contains("2500 list entries past the first 10000") == true, "\(listDropped.line ?? "")")

        let formats = (0..<3_000).map { #"{"format_id": "\#($0)", "url": "https://c/\#($0).mp4", "height": \#($0 % 2000 + 1)}"# }
        let subtitles = (0..<1_200).map { #""l\#($0)": [{"ext": "vtt", "url": "https://c/\#($0).vtt"}]"# }
        let (one, videoDropped) = try Self.read(#"{"title": "t", "formats": [\#(formats.joined(separator: ","))], "subtitles": {\#(subtitles.joined(separator: ","))}}"#)
        guard case .video(let video) = one else { Issue.record("not a video"); return }
        #expect(video.formats.count == SiteJSON.maximumFormats && video.formats.first?.id == "0")
        #expect(videoDropped.formatsBeyondLimit == 2_000)
        #expect(video.subtitles.count == SiteJSON.maximumSubtitles && videoDropped.subtitlesBeyondLimit == 200)
    }

    @Test("issue 42 item 14: a list of videos keeps at most 20,000 formats in all")
    func boundsInAll() throws {
        let formats = (0..<SiteJSON.maximumFormats).map { #"{"url": "https://c/\#($0).mp4", "height": 360}"# }.joined(separator: ",")
        let videos = (0..<25).map { #"{"title": "v\#($0)", "formats": [\#(formats)]}"# }
        let (list, dropped) = try Self.read(#"{"_type": "multi_video", "entries": [\#(videos.joined(separator: ","))]}"#)
        guard case .list(_, let entries) = list else { Issue.record("not a list"); return }
        let kept = entries.reduce(0) { sum, entry in if case .video(let video) = entry { return sum + video.formats.count }; return sum }
        #expect(kept == SiteJSON.maximumInAll)
        #expect(dropped.formatsBeyondLimit == 25 * SiteJSON.maximumFormats - SiteJSON.maximumInAll)
    }
}
