import Foundation
import InsetCore
import Testing
@testable import InsetSites

@Suite("yt-dlp's JSON as the player reads it")
struct SiteJSONTests {
    static func read(_ json: String) throws -> SiteResolution { try SiteJSON.read(Data(json.utf8)) }

    @Test("a video: title, headers on each format, the chosen pair, subtitles, chapters")
    func video() throws {
        let json = """
        {"title": "A talk", "duration": 100.5, "is_live": false, "webpage_url": "https://v.example/w",
         "http_headers": {"User-Agent": "UA", "Cookie": "a=1", "Bad": "x\\r\\nInjected: y"},
         "formats": [
           {"format_id": "a", "url": "https://c/a.m4a", "protocol": "https", "vcodec": "none", "acodec": "mp4a", "abr": 128},
           {"format_id": "v", "url": "https://c/v.mp4", "protocol": "https", "vcodec": "avc1", "acodec": "none", "width": 640, "height": 360,
            "http_headers": {"Referer": "https://v.example/"}}],
         "requested_formats": [{"format_id": "v", "url": "https://c/v.mp4", "vcodec": "avc1", "acodec": "none"},
                               {"format_id": "a", "url": "https://c/a.m4a", "vcodec": "none", "acodec": "mp4a"}],
         "subtitles": {"fr": [{"ext": "json3", "url": "https://c/fr.json"}, {"ext": "vtt", "url": "https://c/fr.vtt"}],
                       "de": [{"ext": "vtt", "url": "file:///etc/passwd"}]},
         "chapters": [{"start_time": 0, "title": "Intro"}, {"start_time": 30, "end_time": 60, "title": "Middle"}, {"start_time": 60}]}
        """
        guard case .video(let video) = try Self.read(json) else { Issue.record("not a video"); return }
        #expect(video.title == "A talk")
        #expect(video.formats.map(\.id) == ["a", "v"])
        #expect(video.formats[0].headers == ["User-Agent": "UA", "Cookie": "a=1"])
        #expect(video.formats[1].headers == ["Referer": "https://v.example/"])
        #expect(video.formats[1].size == PixelSize(width: 640, height: 360))
        #expect(video.formats[0].isAudioOnly && video.formats[1].isVideoOnly)
        #expect(video.chosen.map(\.id) == ["v", "a"])
        #expect(video.subtitles == [SiteSubtitle(language: "fr", ext: "vtt", url: "https://c/fr.vtt", name: nil)])
        #expect(video.chapters.map(\.title) == ["Intro", "Middle", nil])
        #expect(video.chapters.map { $0.end.seconds } == [30, 60, 100.5])
    }

    @Test("a list: entries resolved or still pages, in order; a search's flat results")
    func list() throws {
        let json = """
        {"_type": "playlist", "title": "Results", "entries": [
          {"_type": "url", "url": "https://www.youtube.com/watch?v=1", "title": "One"},
          {"title": "Two", "url": "https://c/two.mp4", "formats": [{"url": "https://c/two.mp4"}]},
          {"_type": "url", "url": "3", "webpage_url": "https://v.example/3"}, null, 7]}
        """
        guard case .list(let title, let entries) = try Self.read(json) else { Issue.record("not a list"); return }
        #expect(title == "Results")
        #expect(entries.count == 3)
        #expect(entries[0] == .page(url: "https://www.youtube.com/watch?v=1", title: "One"))
        if case .video(let two) = entries[1] { #expect(two.title == "Two") } else { Issue.record("\(entries[1])") }
        #expect(entries[2] == .page(url: "https://v.example/3", title: nil))
    }

    @Test("not JSON, or nothing to open, is one line")
    func failures() {
        #expect(throws: SiteJSON.Failure.notJSON) { try Self.read("<html>") }
        #expect(throws: SiteJSON.Failure.nothingToPlay) { try Self.read(#"{"title": "x"}"#) }
        #expect(throws: SiteJSON.Failure.nothingToPlay) { try Self.read(#"{"_type": "playlist", "entries": []}"#) }
    }
}
