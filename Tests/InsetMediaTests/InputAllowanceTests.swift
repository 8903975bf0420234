import Foundation
import Testing
@testable import InsetMedia

/// What may be opened is a value each opener is handed (`InputAllowance`), no longer a
/// process-wide list any code could add to: a name one opener was given widens nothing else,
/// and a page's headers, which a resolver may add on the way down, never make a URL named.
@Suite("Input allowance")
struct InputAllowanceTests {
    static let rtmp = "rtmp://127.0.0.1:9/live"

    @Test("a URL of another scheme opens only under an allowance that names it, and naming it in one widens no other")
    func namedByValue() {
        let named = InputAllowance.webOnly.naming([Self.rtmp])
        #expect(InputLocation(Self.rtmp, allowance: named).refusedScheme == nil)
        #expect(InputLocation(Self.rtmp, allowance: named).whitelist.split(separator: ",").contains("rtmp"))
        // The process-wide list made every later open see the name: here nothing else does.
        #expect(InputLocation(Self.rtmp).refusedScheme == "rtmp")
        #expect(InputLocation(Self.rtmp, allowance: InputAllowance(named: ["rtmp://127.0.0.1:9/other"])).refusedScheme == "rtmp")
        #expect(throws: MediaError.self) { try MediaSource.checkPath(Self.rtmp) }
        #expect(InputLocation("https://example.com/a.m3u8").refusedScheme == nil)
    }

    @Test("a page's headers for a URL do not name it: an sftp URL a resolver gave headers for is still refused")
    func headersDoNotName() {
        let sftp = "sftp://127.0.0.1:9/x.mp4"
        let page = InputAllowance.webOnly.withPageHeaders(["Referer": "http://page.example/"], for: sftp)
        #expect(InputLocation(sftp, allowance: page).refusedScheme == "sftp")
        #expect(page.named.isEmpty)
    }

    @Test("headers go with the value they were added to: the user's with every http(s) URL, a page's with its own URL only")
    func headersByValue() {
        let user = InputAllowance(commonHeaders: ["User-Agent": "Mine/1"])
        let page = user.withPageHeaders(["Referer": "http://page.example/", "Cookie": "sid=1"], for: "https://cdn.example/v.mp4")
        #expect(page.httpOption(for: "https://cdn.example/v.mp4") == "Referer: http://page.example/\r\nUser-Agent: Mine/1\r\n")
        #expect(page.httpOption(for: "https://other.example/v.mp4") == "User-Agent: Mine/1\r\n")
        #expect(page.httpOption(for: "rtmp://cdn.example/v") == nil)
        #expect(user.httpOption(for: "https://cdn.example/v.mp4") == "User-Agent: Mine/1\r\n")
        #expect(user.cookieOption(for: "https://cdn.example/v.mp4") == nil)
        #expect(page.withPageHeaders([:], for: "https://cdn.example/v.mp4") == user)
    }
}
