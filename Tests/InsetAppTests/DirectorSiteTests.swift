import Foundation
import InsetControl
import InsetCore
@testable import InsetApp
@testable import InsetPlayback
import InsetMedia
import InsetTestSupport
import Testing

/// Page URLs through the director, untimed, resolved by yt-dlp itself (the distribution's,
/// offline) from samples/sites served by scripts/http-serve: what the screen shows of them,
/// what `inset ctl get title` answers, what the server was asked. That a failure is one line
/// on standard error and exit 1, and that q gives the terminal back, are the command's and
/// are checked end to end for every kind of failure alike.
@Suite("Director: pages through yt-dlp", .serialized)
struct DirectorSiteTests {
    /// The words painted: every visible plane's text.
    static func words(_ app: DirectorHarness) -> String {
        app.planes().filter(\.isVisible).map { $0.grid.description }.joined(separator: "\n")
    }

    /// A director for `paths`, named on the command line as the CLI names them (`ytdl://`
    /// is opened only then).
    static func director(_ paths: [String], configure: (inout AppOptions) -> Void = { _ in }) throws -> DirectorHarness {
        try DirectorHarness(paths: paths) { options in
            options.allowance = InputAllowance(named: paths)
            configure(&options)
        }
    }

    @Test("a <video> page: its title on the bar, in ctl and in the library, its subtitle on screen, the page's headers on every request of it")
    func videoPage() throws {
        let server = try TestWebServer()
        let page = server.url("sites/video.html")
        let app = try Self.director([page])
        #expect(app.waitForPlayer("Clock in colour (1)", timeout: 20))
        #expect(app.waitUntil(timeout: 10) {
            let words = Self.words(app)
            return words.contains("Clock in colour (1)") && words.contains("Hello from the page")
        }, "\(Self.words(app))")
        #expect(ControlDesk.setting("title", in: app.director.mpvState(at: app.now)) == .string("Clock in colour (1)"))
        #expect(app.director.catalog.entry(0).name == "Clock in colour (1)")
        let media = server.requests.filter { $0.count >= 9 && $0[2] == "/clock_16x9_aac.mp4" }
        #expect(!media.isEmpty)
        for request in media {
            #expect(request[7].hasPrefix("Mozilla/"), "User-Agent \(request[7]): not yt-dlp's")
            #expect(request[8] == page, "Referer \(request[8])")
        }
    }

    @Test("a page with two <video>s plays both in order with their titles, yt-dlp run once, and the list then ends")
    func twoVideos() throws {
        let server = try TestWebServer()
        let app = try Self.director([server.url("sites/two.html")])
        #expect(app.waitForPlayer("Two clips (1)", timeout: 20))
        #expect(app.director.list.labels[app.director.videos.fullScreen?.path ?? ""] == "1/2")
        #expect(app.waitForPlayer("Two clips (2)", timeout: 20))
        #expect(app.director.list.labels[app.director.videos.fullScreen?.path ?? ""] == "2/2")
        #expect(app.waitUntil(timeout: 20) { !app.isRunning }, "the end of the list quits")
        let paths = server.requests.map { $0[2] }
        let first = try #require(paths.firstIndex(of: "/clock_4x3.mp4"), "\(paths)")
        let second = try #require(paths.firstIndex(of: "/scope_239.mp4"), "\(paths)")
        #expect(first < second)
        #expect(paths.filter { $0 == "/sites/two.html" }.count <= 2, "yt-dlp ran again: \(paths)")
    }

    @Test("what yt-dlp says is the one line the command ends with: a page that answers 403, yt-dlp not installed", arguments: [
        ("", "HTTP Error 403"),
        ("/nonexistent/yt-dlp", "/nonexistent/yt-dlp is not installed"),
    ])
    func failures(program: String, line: String) throws {
        let server = try TestWebServer(["--status", "/sites/gone.html=403"])
        let app = try Self.director(["ytdl://" + server.url("sites/gone.html")]) {
            if !program.isEmpty { $0.sites.ytdlp.executable = program }
        }
        #expect(app.waitUntil(timeout: 20) { !app.isRunning })
        let said = try #require(app.director.outcome.fatalError)
        #expect(said.contains(line) && !said.contains("\n"), "\(said)")
    }

    @Test("a slow page says resolving NAME… while yt-dlp waits, and q quits at once")
    func resolvingQuits() throws {
        let server = try TestWebServer(["--stall-at", "0", "--only", "*.html"])
        let app = try Self.director(["ytdl://" + server.url("sites/video.html")])
        #expect(app.waitUntil(timeout: 10) { Self.words(app).contains("resolving video.html…") }, "\(Self.words(app))")
        let start = Date()
        app.key("q")
        #expect(app.waitUntil(timeout: 2) { !app.isRunning })
        #expect(Date().timeIntervalSince(start) < 1)
    }
}
