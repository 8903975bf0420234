import Foundation
import InsetCore
import InsetTestSupport
import Testing
@testable import InsetSites

/// yt-dlp itself (the distribution's package), offline: its generic extractor resolves the
/// pages of samples/sites served by scripts/http-serve, and the player reads its answer.
@Suite("yt-dlp resolving local pages")
struct SiteResolverTests {
    static func resolve(_ server: TestWebServer, _ page: String, _ ytdlp: Ytdlp = Ytdlp()) throws -> SiteResolution {
        try ytdlp.resolve(SiteAddress(query: server.url(page), named: false))
    }

    @Test("a page with a <video> and a <track>: its title, the file, the subtitle, and the headers to send")
    func videoPage() throws {
        let server = try TestWebServer()
        guard case .video(let video) = try Self.resolve(server, "sites/video.html") else { Issue.record("not a video"); return }
        #expect(video.title == "Clock in colour (1)")
        #expect(video.chosen.map(\.url) == [server.url("clock_16x9_aac.mp4")])
        #expect(video.subtitles.map(\.language) == ["en"])
        #expect(video.subtitles.first?.url == server.url("sites/clock.en.vtt"))
        let headers = video.chosen.first?.headers ?? [:]
        #expect(headers["Referer"] == server.url("sites/video.html"))
        #expect(headers["User-Agent"]?.isEmpty == false)
        let pick = FormatChoice.pick(for: Viewport(cells: CellSize(columns: 160, rows: 45)), in: video)
        #expect(pick?.video.url == server.url("clock_16x9_aac.mp4") && pick?.audio == nil)
    }

    @Test("a page with two <video>s is a list of both, in order")
    func twoVideos() throws {
        let server = try TestWebServer()
        guard case .list(let title, let entries) = try Self.resolve(server, "sites/two.html") else { Issue.record("not a list"); return }
        #expect(title == "Two clips")
        let urls = entries.compactMap { entry -> String? in if case .video(let video) = entry { return video.chosen.first?.url }; return nil }
        #expect(urls == [server.url("clock_4x3.mp4"), server.url("scope_239.mp4")])
    }

    @Test("a DASH page: picture-only and sound-only representations become two URLs, the picture by the terminal's size")
    func splitStreams() throws {
        let server = try TestWebServer()
        guard case .video(let video) = try Self.resolve(server, "sites/split.html") else { Issue.record("not a video"); return }
        let half = FormatChoice.pick(for: Viewport(cells: CellSize(columns: 160, rows: 45)), in: video)
        #expect(half?.video.url == server.url("sites/markers_180p.mp4"))
        #expect(half?.audio?.url == server.url("sites/markers_tone.m4a"))
        let octants = FormatChoice.pick(for: Viewport(cells: CellSize(columns: 160, rows: 45), raster: CellRaster(blitter: .octant)), in: video)
        #expect(octants?.video.url == server.url("sites/markers_360p.mp4"))
        let kitty = FormatChoice.pick(for: Viewport(cells: CellSize(columns: 120, rows: 33), raster: CellRaster(cellPixels: PixelSize(width: 10, height: 20))), in: video)
        #expect(kitty?.video.url == server.url("sites/markers_720p.mp4"))
        // yt-dlp's own choice, with --ytdl-format: the largest picture and the sound.
        #expect(FormatChoice.pick(for: nil, in: video, keepChosen: true)?.video.url == server.url("sites/markers_720p.mp4"))
    }

    @Test("a page that answers 403: yt-dlp's reason, one line")
    func forbidden() throws {
        let server = try TestWebServer(["--status", "/sites/video.html=403"])
        #expect {
            try Self.resolve(server, "sites/video.html")
        } throws: { error in
            guard case Ytdlp.Failure.refused(let line) = error else { return false }
            return line.contains("403") && !line.contains("\n")
        }
    }

    @Test("yt-dlp not installed: a line that says how to install it")
    func missing() throws {
        for program in ["yt-dlp-that-is-not-installed", "/nonexistent/yt-dlp"] {
            var ytdlp = Ytdlp()
            ytdlp.executable = program
            #expect(throws: Ytdlp.Failure.missing(program)) {
                try ytdlp.resolve(SiteAddress(query: "https://example.com/", named: false))
            }
            #expect(Ytdlp.Failure.missing(program).description.contains("apt install yt-dlp"))
        }
    }

    @Test("a slow page: stopping ends yt-dlp within 300 ms")
    func stops() throws {
        let server = try TestWebServer(["--stall-at", "0", "--only", "*.html"])
        let start = ContinuousClock.now
        var stoppedAt: ContinuousClock.Instant?
        #expect(throws: Ytdlp.Failure.stopped) {
            try Ytdlp().resolve(SiteAddress(query: server.url("sites/video.html"), named: false)) {
                if ContinuousClock.now - start > .seconds(1) { stoppedAt = stoppedAt ?? .now; return true }
                return false
            }
        }
        let latency = ContinuousClock.now - (stoppedAt ?? start)
        #expect(latency < .milliseconds(300), "\(latency)")
    }
}
