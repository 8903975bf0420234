import Foundation
@testable import InsetApp
@testable import InsetPlayback
import InsetMedia
import InsetTestSupport
import Testing

/// A page's subtitle is fetched as yt-dlp would fetch it, with the page's headers (issue 42
/// item 1): before, its request carried neither the page's Referer nor its User-Agent
/// (`Lavf/59.27.100`), so a site that checks them refused it.
@Suite("Director: a page's subtitle", .serialized)
struct DirectorSiteSubtitleTests {
    @Test("issue 42 item 1: the <track> of a <video> page is requested with the page's User-Agent and Referer")
    func subtitleHeaders() throws {
        let server = try TestWebServer()
        let page = server.url("sites/video.html")
        let app = try DirectorHarness(paths: [page]) { $0.allowance = InputAllowance(named: [page]) }
        #expect(app.waitUntil(timeout: 30) { DirectorSiteTests.words(app).contains("Hello from the page") },
                "\(DirectorSiteTests.words(app))")
        var subtitle: [[String]] = []
        _ = app.waitUntil(timeout: 3) {
            subtitle = server.requests.filter { $0.count >= 9 && $0[1] == "GET" && $0[2] == "/sites/clock.en.vtt" }
            return !subtitle.isEmpty
        }
        #expect(!subtitle.isEmpty, "\(server.requests.map { $0[2] })")
        for request in subtitle {
            #expect(request[7].hasPrefix("Mozilla/"), "User-Agent \(request[7]): not the page's")
            #expect(request[8] == page, "Referer \(request[8])")
        }
    }
}
