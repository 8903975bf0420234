import CFFmpeg
import Foundation
import InsetTestSupport
import Testing
@testable import InsetMedia

/// A page's headers go to the host they were given for, and its cookies by domain, as
/// yt-dlp's own downloader scopes them, while the user's `--http-header-fields` go with
/// every request (issue 42 item 8). Before, the guard added the page's Cookie and
/// Authorization to every nested open, so a segment on another host got them.
///
/// Two hosts: 127.0.0.1 serves a media playlist, one segment of its own and a redirect;
/// 127.0.0.2 (loopback too) serves the segments the playlist names there and the redirect's
/// target. Each server's log says what it was sent.
@Suite("Header scope", .serialized)
struct HeaderScopeTests {
    static let page = ["Cookie": "sid=secret", "Authorization": "Bearer page-token",
                       "Referer": "http://page.example/watch", "User-Agent": "PageAgent/1.0"]

    /// A scratch folder for the first host: the playlist, one segment, and what it names.
    static func firstHostRoot(otherHost: String) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("inset-hosts-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: sample("hls/v0/seg00.ts"), toPath: root.appendingPathComponent("own.ts").path)
        let playlist = """
            #EXTM3U
            #EXT-X-VERSION:3
            #EXT-X-TARGETDURATION:2
            #EXT-X-MEDIA-SEQUENCE:0
            #EXTINF:2.0,
            own.ts
            #EXTINF:2.0,
            \(otherHost)/hls/v0/seg01.ts
            #EXTINF:2.0,
            moved.ts
            #EXT-X-ENDLIST

            """
        try Data(playlist.utf8).write(to: root.appendingPathComponent("list.m3u8"))
        return root
    }

    @Test("issue 42 item 8: the page's Cookie and Authorization reach its host only, also past a redirect; the user's header reaches both")
    func twoHosts() throws {
        let other = try TestWebServer(["--bind", "127.0.0.2"])
        let otherHost = "http://127.0.0.2:\(other.port)"
        let root = try Self.firstHostRoot(otherHost: otherHost)
        defer { try? FileManager.default.removeItem(at: root) }
        let first = try TestWebServer(["--redirect", "/moved.ts=\(otherHost)/hls/v0/seg02.ts"], root: root.path)
        let url = first.url("list.m3u8")
        let allowance = InputAllowance(commonHeaders: ["X-User": "mine"]).withPageHeaders(Self.page, for: url)

        let source = try MediaSource(path: url, allowance: allowance)
        let packet = try #require(av_packet_alloc())
        defer { var p: UnsafeMutablePointer<AVPacket>? = packet; av_packet_free(&p) }
        while av_read_frame(source.format, packet) >= 0 { av_packet_unref(packet) }

        // Fields: 7 User-Agent, 8 Referer, 9 Cookie, 10 Authorization, 11 X-User. A server logs
        // a request once its answer is sent, which may be a moment after the reader has it.
        let gets = { (server: TestWebServer) in server.requests.filter { $0.count >= 12 && $0[1] == "GET" } }
        let waited = Date()
        while gets(first).count < 3 || gets(other).count < 2, Date().timeIntervalSince(waited) < 3 {
            Thread.sleep(forTimeInterval: 0.05)
        }
        let own = gets(first)
        let elsewhere = gets(other)
        #expect(Set(own.map { $0[2] }) == ["/list.m3u8", "/own.ts", "/moved.ts"], "\(own)")
        #expect(Set(elsewhere.map { $0[2] }) == ["/hls/v0/seg01.ts", "/hls/v0/seg02.ts"], "\(elsewhere)")
        for request in own {
            #expect(request[7] == "PageAgent/1.0" && request[8] == "http://page.example/watch", "\(request)")
            #expect(request[9] == "sid=secret" && request[10] == "Bearer page-token" && request[11] == "mine", "\(request)")
        }
        for request in elsewhere {
            #expect(request[9] == "-", "a cookie reached the other host: \(request)")
            #expect(request[11] == "mine", "the user's header did not reach the other host: \(request)")
        }
        // Named by the playlist on the other host: none of the page's headers.
        let named = try #require(elsewhere.first { $0[2] == "/hls/v0/seg01.ts" })
        #expect(named[10] == "-" && named[8] == "-" && named[7] != "PageAgent/1.0", "\(named)")
    }

    @Test("issue 42 item 8: the page's cookies are the http protocol's, scoped to the URL's host and port")
    func cookieOption() {
        let url = "http://127.0.0.1:8123/x.m3u8?scope=\(UUID().uuidString.prefix(8))"
        let allowance = InputAllowance.webOnly.withPageHeaders(["Cookie": "a=1; b=2", "Referer": "r"], for: url)
        #expect(allowance.cookieOption(for: url) == "a=1; domain=127.0.0.1:8123; path=/\nb=2; domain=127.0.0.1:8123; path=/\n")
        #expect(allowance.httpOption(for: url)?.contains("Cookie") == false)
        #expect(allowance.pageHost(for: url) == "127.0.0.1")
    }
}
