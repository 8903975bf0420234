import Foundation
import InsetCore
import InsetMedia
@testable import InsetApp
@testable import InsetPlayback
import InsetTestSupport
import Testing

/// A podcast feed a page or a folder can serve, resolved by yt-dlp itself (the
/// distribution's, offline, its generic extractor) and played through the director
/// (issue 42 items 4 and 9).
@Suite("Director: a hostile feed through yt-dlp", .serialized)
struct DirectorSiteFeedTests {
    /// A feed whose first enclosure is `enclosures`, written once the server's port is known.
    static func feed(_ server: TestWebServer, in folder: String, enclosures: [String]) throws -> String {
        let items = enclosures.enumerated().map { index, url in
            "<item><title>Item \(index + 1)</title><enclosure url=\"\(url)\" type=\"video/mp4\" length=\"1\"/></item>"
        }
        try """
        <?xml version="1.0" encoding="UTF-8"?>
        <rss version="2.0"><channel><title>Loop feed</title><link>\(server.url(""))</link>\(items.joined())</channel></rss>
        """.write(toFile: folder + "/feed.xml", atomically: true, encoding: .utf8)
        return server.url("feed.xml")
    }

    @Test("issue 42 items 4 and 9: a feed whose enclosures are the feed itself and /dev/tty is resolved once and plays nothing, in one line")
    func feedNamingItself() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("inset-feed-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let server = try TestWebServer(root: folder)
        let feed = try Self.feed(server, in: folder, enclosures: [server.url("feed.xml"), "/dev/tty", "file:///dev/zero"])
        let app = try DirectorHarness(paths: [feed]) { $0.allowance = InputAllowance(named: [feed]) }
        #expect(app.waitUntil(timeout: 30) { !app.isRunning }, "still running: the feed was resolved again and again")
        let said = try #require(app.director.outcome.fatalError)
        #expect(said.contains("names itself") && !said.contains("\n"), "\(said)")
        // FFmpeg's look, then yt-dlp's: never again.
        let reads = server.requests.filter { $0.count > 2 && $0[2] == "/feed.xml" }.count
        #expect(reads <= 2, "feed.xml read \(reads) times")
    }

    @Test("issue 42 item 4: a feed's enclosure that is a local path is left out, said on the bar, and the rest plays")
    func localEnclosureLeftOut() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("inset-feed-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.copyItem(atPath: TestWebServer.repository.appendingPathComponent("samples/clock_4x3.mp4").path,
                                         toPath: folder + "/clip.mp4")
        let server = try TestWebServer(root: folder)
        let feed = try Self.feed(server, in: folder, enclosures: ["/dev/tty", server.url("clip.mp4")])
        let app = try DirectorHarness(paths: [feed]) { $0.allowance = InputAllowance(named: [feed]) }
        #expect(app.waitForPlayer(timeout: 20))
        let text = { DirectorSiteTests.words(app).split(separator: "\n").filter { $0.contains { $0.isLetter } }.joined(separator: "\n") }
        #expect(app.waitUntil(timeout: 5) { text().contains("not http(s) or ytdl://") }, "\(text())")
        #expect(app.director.catalog.entries.map(\.path) == [server.url("clip.mp4")])
    }
}
