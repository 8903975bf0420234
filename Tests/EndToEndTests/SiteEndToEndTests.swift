import Foundation
import Testing

/// Page URLs played in tmux, resolved by yt-dlp itself (the distribution's, offline) from
/// samples/sites served by scripts/http-serve: what a person sees of them, and what the
/// server was asked.
@Suite("Pages through yt-dlp end to end", .serialized)
struct SiteEndToEndTests {
    @Test("a <video> page plays in colour with its title on the bar and in ctl, its subtitle on screen, the page's headers on every request")
    func videoPage() throws {
        let server = try TestWebServer()
        let socket = FileManager.default.temporaryDirectory.appendingPathComponent("inset-site-\(UUID().uuidString).sock").path
        let tmux = try Tmux(columns: 120, rows: 40)
        try tmux.run("\(try insetBinary()) --socket \(socket) --blitter half \(server.url("sites/video.html")); echo EXIT=$?")
        try tmux.waitFor(timeout: 15, "the page's video with its title and subtitle") {
            $0.videoRows.count > 20 && $0.text.contains("Clock in colour (1)") && $0.text.contains("Hello from the page")
        }
        #expect(try runCommand([try insetBinary(), "ctl", "--socket", socket, "get", "title"]).contains("Clock in colour (1)"))
        try tmux.keys("q")
        try tmux.waitFor(timeout: 5, "exit") { $0.text.contains("EXIT=0") }
        let media = server.requests.filter { $0.count >= 9 && $0[2] == "/clock_16x9_aac.mp4" }
        #expect(!media.isEmpty)
        for request in media {
            #expect(request[7].hasPrefix("Mozilla/"), "User-Agent \(request[7]): not yt-dlp's")
            #expect(request[8] == server.url("sites/video.html"), "Referer \(request[8])")
        }
    }

    @Test("a page with two <video>s plays both in order, their titles on the bar")
    func twoVideos() throws {
        let server = try TestWebServer()
        let tmux = try Tmux(columns: 120, rows: 40)
        try tmux.run("\(try insetBinary()) --stats \(server.url("sites/two.html")); echo EXIT=$?")
        try tmux.waitFor(timeout: 15, "the first") { $0.videoRows.count > 10 && $0.text.contains("1/2  Two clips (1)") }
        try tmux.waitFor(timeout: 15, "the second") { $0.videoRows.count > 10 && $0.text.contains("2/2  Two clips (2)") }
        let done = try tmux.waitFor(timeout: 15, "the end") { $0.text.range(of: #"(?m)^EXIT=\d"#, options: .regularExpression) != nil }
        #expect(done.text.contains("EXIT=0"), "\(done.text)")
        let paths = server.requests.map { $0[2] }
        let first = try #require(paths.firstIndex(of: "/clock_4x3.mp4"), "\(paths)")
        let second = try #require(paths.firstIndex(of: "/scope_239.mp4"), "\(paths)")
        #expect(first < second)
        // yt-dlp ran once: the second video was resolved with the list.
        #expect(paths.filter { $0 == "/sites/two.html" }.count <= 2, "\(paths)")
    }

    @Test("what yt-dlp says is one line and exit 1: a page that answers 403, yt-dlp not installed", arguments: [
        ("", "HTTP Error 403"),
        ("--ytdl-path /nonexistent/yt-dlp", "/nonexistent/yt-dlp is not installed"),
    ])
    func failures(option: String, line: String) throws {
        let server = try TestWebServer(["--status", "/sites/gone.html=403"])
        let tmux = try Tmux(columns: 200, rows: 20)
        try tmux.run("\(try insetBinary()) \(option) ytdl://\(server.url("sites/gone.html")); echo EXIT=$?")
        let done = try tmux.waitFor(timeout: 15, "the end") { $0.text.range(of: #"(?m)^EXIT=\d"#, options: .regularExpression) != nil }
        #expect(done.text.contains("EXIT=1"), "\(done.text)")
        let said = done.text.split(separator: "\n").filter { $0.contains("inset:") || $0.contains("cannot open") }
        #expect(said.count == 1 && said[0].contains(line), "\(done.text)")
    }

    @Test("a slow page says resolving…, and q quits at once")
    func resolvingQuits() throws {
        let server = try TestWebServer(["--stall-at", "0", "--only", "*.html"])
        let tmux = try Tmux(columns: 120, rows: 40)
        // ytdl:// goes to yt-dlp at once (another page would first be tried by FFmpeg).
        try tmux.run("\(try insetBinary()) ytdl://\(server.url("sites/video.html")); echo EXIT=$?")
        try tmux.waitFor(timeout: 10, "resolving") { $0.text.contains("resolving video.html…") }
        Thread.sleep(forTimeInterval: 0.5)
        try HLSEndToEndTests.quitsAtOnce(tmux)
    }
}

/// The two-stream page and `--audio-file`, measured from outside as scripts/av-sync
/// measures a file: the flash reaching the pty against the tone SDL's disk driver wrote.
@Suite("Two inputs in sync end to end", .serialized)
struct SiteSyncEndToEndTests {
    @Test("the page whose picture and sound are two streams: in sync through a pause, a skip and PiP, and PiP fetches the smaller picture")
    func splitStreamsInSync() throws {
        let server = try TestWebServer()
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("inset-split-\(UUID().uuidString).log").path
        defer { unlink(log) }
        // Octants at 100x30 want the 360p picture full screen, the window's 180p.
        try AVSyncScript.check(["--clip", server.url("sites/split.html"), "--player-arg=--blitter", "--player-arg=octant", "--log", log])
        let lines = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        #expect(lines.contains("variant 640x360 (2/3) -> 320x180 (1/3)"), "\(lines)")
        let paths = server.requests.map { $0[2] }
        let full = try #require(paths.firstIndex(of: "/sites/markers_360p.mp4"), "\(paths)")
        let window = try #require(paths.firstIndex(of: "/sites/markers_180p.mp4"), "\(paths)")
        #expect(full < window)
        // The sound's one stream read once, from start to end: the switches left it alone.
        #expect(paths.filter { $0 == "/sites/markers_tone.m4a" }.count <= 2, "\(paths)")
    }

    @Test("--audio-file: a separate tone file heard with a picture that has none, in sync")
    func audioFileInSync() throws {
        try AVSyncScript.check(["--clip", samplePath("sites/markers_180p.mp4"),
                                "--player-arg=--audio-file", "--player-arg=\(samplePath("sites/markers_tone.m4a"))"])
    }
}
