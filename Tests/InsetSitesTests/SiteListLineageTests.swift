import Testing
@testable import InsetSites

/// A list from yt-dlp that names itself, or a page that led to it, is not followed again,
/// by the rule playlists follow (issue 42 item 9).
@Suite("Lists from yt-dlp that name themselves")
struct SiteListLineageTests {
    @Test("issue 42 item 9: a feed whose enclosure is the feed, and a _type url naming its own page, are not followed")
    func namesItself() {
        let feed = "http://127.0.0.1:8000/feed.xml"
        #expect(SiteListLineage.refusal(of: feed, within: [feed]) == "the list names itself")
        // Spelled otherwise: through ytdl://, with a fragment, the host in capitals.
        for spelling in ["ytdl://" + feed, feed + "#again", "HTTP://127.0.0.1:8000/feed.xml"] {
            #expect(SiteListLineage.refusal(of: spelling, within: [feed]) != nil, "\(spelling)")
        }
        #expect(SiteListLineage.refusal(of: feed, within: ["ytdl://" + feed]) != nil)
    }

    @Test("issue 42 item 9: a list naming back a page it came from, or nested 8 deep, stops; others are followed")
    func namesBack() {
        let a = "https://a.example/list", b = "https://b.example/list"
        #expect(SiteListLineage.refusal(of: a, within: [a, b]) == "the list names \(a), which led to it")
        #expect(SiteListLineage.refusal(of: "https://c.example/v", within: [a, b]) == nil)
        // The path is case-sensitive on the server: another page.
        #expect(SiteListLineage.refusal(of: "https://a.example/LIST", within: [a]) == nil)
        let deep = (0..<SiteListLineage.maximumNesting).map { "https://x.example/feed?n=\($0)" }
        #expect(SiteListLineage.refusal(of: "https://x.example/feed?n=99", within: deep) == "lists nested more than 8 deep")
        #expect(SiteListLineage.refusal(of: "https://x.example/feed?n=99", within: Array(deep.dropLast())) == nil)
    }
}
