import Foundation
import InsetTestSupport
import Testing

/// Network streams in a real terminal, served by `scripts/http-serve`: an MP4 and an HLS
/// master over HTTP play, a redirect is followed, a missing file or a refused connection is
/// one line and exit 1, `q` quits during a stall with the bar saying "buffering…", and a
/// stream cut for good plays what arrived and says so once.
@Suite("Network streams end to end", .serialized, .tags(.waits))
struct NetworkEndToEndTests {
    static func exited(_ screen: Screen) -> Bool { screen.text.range(of: #"(?m)^EXIT=\d+"#, options: .regularExpression) != nil }

    /// Plays `url` until the time has moved from at least `from` to at least `to` seconds
    /// with the picture in colour, then quits.
    static func plays(_ url: String, from: Int = 1, to: Int = 3, arguments: String = "") throws {
        let tmux = try Tmux(columns: 120, rows: 40)
        try tmux.run("\(try insetBinary()) --blitter half \(arguments) \(url); echo EXIT=$?")
        let first = try tmux.waitFor(timeout: 10, "colour and time \(from)") {
            $0.videoRows.count > 20 && ($0.shownTime?.position ?? -1) >= from
        }
        #expect(first.videoRows.count > 20)
        try tmux.keys("z")
        try tmux.waitFor(timeout: 6, "time \(to)") { $0.videoRows.count > 20 && ($0.shownTime?.position ?? -1) >= to }
        try tmux.keys("q")
        let done = try tmux.waitFor(timeout: 5, "exit", exited)
        #expect(done.text.contains("\nEXIT=0"), "\(done.text)")
    }

    @Test("an MP4 over HTTP plays in colour with the time moving, read with Range requests")
    func mp4() throws {
        let server = try TestWebServer()
        try Self.plays(server.url("clock_16x9_aac.mp4"))
        let requests = server.requests.filter { $0.count >= 7 && $0[2] == "/clock_16x9_aac.mp4" }
        #expect(!requests.isEmpty)
        #expect(requests.allSatisfy { $0[4] == "200" || $0[4] == "206" }, "\(requests)")
    }

    @Test("an HLS master over HTTP plays, each segment fetched")
    func hlsMaster() throws {
        let server = try TestWebServer()
        // From 0:01: the bar counts from the stream's start (1.48 s) and hides 3 s after
        // it opened, about when 0:03 came.
        try Self.plays(server.url("hls/master.m3u8"))
        let segments = server.requests.filter { $0.count >= 7 && $0[2].hasSuffix(".ts") }
        #expect(!segments.isEmpty)
    }

    @Test("a redirect (302) to the file plays")
    func redirect() throws {
        let server = try TestWebServer(["--redirect", "/moved.mp4=/clock_16x9_aac.mp4"])
        try Self.plays(server.url("moved.mp4"))
        #expect(server.requests.contains { $0.count >= 7 && $0[2] == "/moved.mp4" && $0[4] == "302" })
    }

    /// Runs `command` in a pane and returns the lines it printed and its exit status.
    static func oneLine(_ command: String) throws -> (lines: [String], status: String) {
        let tmux = try Tmux(columns: 200, rows: 20)
        try tmux.run("\(command); echo EXIT=$?")
        let done = try tmux.waitFor(timeout: 8, "exit", exited)
        #expect(try tmux.terminalState() == "0 1")
        let text = try tmux.unwrappedText()
        let lines = text.split(separator: "\n").map(String.init)
        guard let commandLine = lines.firstIndex(where: { $0.contains(command.prefix(40)) }),
              let exit = lines.lastIndex(where: { $0.hasPrefix("EXIT=") }) else {
            throw E2EError.missing("no command or exit line in\n\(done.text)")
        }
        let printed = lines[(commandLine + 1)..<exit].filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        return (Array(printed), String(lines[exit].dropFirst("EXIT=".count)))
    }

    @Test("a 404 and a 403: one line naming the URL and the HTTP status, exit 1, playing and probing",
          arguments: [("nope.mp4", "HTTP 404 Not Found"), ("secret.mp4", "HTTP 403 Forbidden")])
    func httpStatus(path: String, status: String) throws {
        let server = try TestWebServer(["--status", "/secret.mp4=403"])
        let url = server.url(path)
        for command in ["", "probe "] {
            let (lines, exit) = try Self.oneLine("\(try insetBinary()) \(command)\(url)")
            #expect(lines == ["inset: cannot open \(url): \(status)"], "\(command)\(lines)")
            #expect(exit == "1")
        }
    }

    @Test("a refused connection: one line naming the URL and the reason, exit 1, playing and probing")
    func refused() throws {
        let url = "http://127.0.0.1:\(TestWebServer.closedPort())/clock_16x9_aac.mp4"
        for command in ["", "probe "] {
            let (lines, exit) = try Self.oneLine("\(try insetBinary()) \(command)\(url)")
            #expect(lines == ["inset: cannot open \(url): connection refused"], "\(command)\(lines)")
            #expect(exit == "1")
        }
    }

    @Test("a server that stalls: the picture holds, the bar says buffering…, and q restores the terminal within 300 ms")
    func stall() throws {
        // About 4 s of the clip, then nothing more.
        let server = try TestWebServer(["--stall-at", "250000"])
        let tmux = try Tmux(columns: 120, rows: 40)
        try tmux.run("\(try insetBinary()) --blitter half \(server.url("clock_16x9_aac.mp4")); echo EXIT=$?")
        let waiting = try tmux.waitFor(timeout: 15, "buffering… on the bar") { $0.text.contains("buffering…") }
        #expect(waiting.videoRows.count > 20, "the picture holds")
        let held = try #require(waiting.shownTime).position
        #expect(held >= 2, "the stall came after what was sent")
        Thread.sleep(forTimeInterval: 1)
        let still = try tmux.capture()
        #expect(still.text.contains("buffering…") && still.shownTime?.position == held)
        let start = Date()
        try tmux.keys("q")
        var latency = Double.infinity
        while Date().timeIntervalSince(start) < 5 {
            if (try? tmux.terminalState()) == "0 1" { latency = Date().timeIntervalSince(start); break }
            Thread.sleep(forTimeInterval: 0.005)
        }
        print("q during a stall restored the terminal in \(Int(latency * 1000)) ms")
        #expect(latency < 0.3 * Tmux.slack, "q took \(latency) s")
        let done = try tmux.waitFor(timeout: 3, "exit", Self.exited)
        #expect(done.text.contains("\nEXIT=0"), "\(done.text)")
        // The server held the response until the player went away.
        #expect(Tmux.eventually(timeout: 2) { server.requests.contains { $0.count > 6 && $0[6] == "stalled" } }, "\(server.requests)")
    }

    @Test("a stream cut for good mid-file: what arrived plays, then one notice says it was cut")
    func cut() throws {
        // About 5 s of the 10 s clip; every request for the bytes past it is reset, so
        // libavformat's reconnects cannot heal it.
        let server = try TestWebServer(["--reset-at", "300000"])
        let tmux = try Tmux(columns: 200, rows: 40)
        try tmux.run("SDL_AUDIODRIVER=dummy \(try insetBinary()) --speed 2 --blitter half \(server.url("clock_16x9_aac.mp4")); echo EXIT=$?")
        try tmux.waitFor(timeout: 10, "playing") { $0.videoRows.count > 20 && ($0.shownTime?.position ?? -1) >= 1 }
        let done = try tmux.waitFor(timeout: 20, "exit", Self.exited)
        #expect(done.text.contains("\nEXIT=0"), "\(done.text)")
        let text = try tmux.unwrappedText()
        let notices = text.split(separator: "\n").filter { $0.contains("the stream was cut") }
        #expect(notices.count == 1, "\(text)")
        let notice = String(notices.first ?? "")
        #expect(notice.hasPrefix("inset: \(server.url("clock_16x9_aac.mp4")): the stream was cut at 0:0"), "\(notice)")
        let at = notice.range(of: #"cut at 0:0(\d)"#, options: .regularExpression).map { Int(notice[$0].suffix(1)) ?? 0 } ?? 0
        #expect(at >= 3, "what arrived played: \(notice)")
        #expect(server.requests.contains { $0.count > 6 && $0[6] == "reset" })
    }
}

extension NetworkEndToEndTests {
    @Test("the library takes URLs beside paths: listed as streams and read only when played; a 404 then says its status")
    func library() throws {
        let server = try TestWebServer()
        defer { withExtendedLifetime(server) {} }
        let tmux = try Tmux(columns: 160, rows: 30)
        // --no-advance: the window's clip ends meanwhile, and the list must not go on by itself.
        try tmux.run("\(try insetBinary()) --no-advance \(samplePath("clock_4x3.mp4")) \(server.url("clock_16x9_aac.mp4")) "
                     + "\(server.url("hls/master.m3u8")) \(server.url("nope.mp4")); echo EXIT=$?")
        // The first file plays at once; Esc shows the library of the four.
        try tmux.waitFor(timeout: 10, "the first file playing") { $0.shownTime != nil }
        try tmux.keys("Escape")
        try tmux.waitFor(timeout: 10, "four entries, three of them streams") { screen in
            screen.text.contains("Library — 4 files")
                && screen.text.split(separator: "\n").filter { $0.hasSuffix(" stream") || $0.contains(" stream ") }.count == 3
        }
        #expect(!server.requests.contains { $0.count >= 3 && ($0[2] == "/clock_16x9_aac.mp4" || $0[2] == "/nope.mp4") },
                "the library read a URL by itself: \(server.requests)")
        // The 404, played: its status, and the library stays.
        try tmux.keys("Down", "Down", "Down", "Enter")
        try tmux.waitFor(timeout: 10, "the 404") { $0.text.contains("HTTP 404 Not Found") }
        // The stream, played, is described in the library afterwards.
        try tmux.keys("Up", "Up", "Enter")
        try tmux.waitFor(timeout: 10, "the stream playing") { ($0.shownTime?.position ?? -1) >= 1 }
        try tmux.keys("Escape")
        let listed = try tmux.waitFor(timeout: 10, "the stream described") { $0.text.contains("640x360") }
        let row = listed.text.split(separator: "\n").first { $0.contains("clock_16x9_aac.mp4") } ?? ""
        #expect(row.contains("0:10") && row.contains("640x360"), "\(row)")
        try tmux.keys("q")
        try tmux.waitFor(timeout: 5, "exit", Self.exited)
    }
}

extension NetworkEndToEndTests {
    @Test("a stall lifted while it runs: playing takes up where the picture held, not where the clock would have run to")
    func stallLifted() throws {
        // A clip without sound, so the system clock times it (the sound's clock stops by
        // itself when the sound runs dry): about 5 s of it, then nothing until lifted.
        let server = try TestWebServer(["--stall-at", "80000"])
        let tmux = try Tmux(columns: 120, rows: 40)
        try tmux.run("\(try insetBinary()) --blitter half \(server.url("long_gop.mp4")); echo EXIT=$?")
        let waiting = try tmux.waitFor(timeout: 15, "buffering… on the bar") { $0.text.contains("buffering…") }
        let held = try #require(waiting.shownTime).position
        // A clock running on through the wait would be 3 s further on.
        Thread.sleep(forTimeInterval: 3)
        try server.control("stall_at=none")
        try tmux.keys("z")
        let resumed = try tmux.waitFor(timeout: 4, "playing on") { ($0.shownTime?.position ?? -1) == held + 1 }
        #expect(!resumed.text.contains("buffering…"))
        #expect(resumed.videoRows.count > 20)
        try tmux.keys("z")
        try tmux.waitFor(timeout: 4, "still playing, a second later") { ($0.shownTime?.position ?? -1) == held + 2 }
        try tmux.keys("q")
        let done = try tmux.waitFor(timeout: 5, "exit", Self.exited)
        #expect(done.text.contains("\nEXIT=0"), "\(done.text)")
    }
}

extension NetworkEndToEndTests {
    @Test("a connection reset once mid-file is healed by a reconnect at its byte: the whole clip plays, no notice")
    func resetHealed() throws {
        let server = try TestWebServer(["--reset-at", "300000", "--reset-times", "1"])
        let tmux = try Tmux(columns: 200, rows: 40)
        // At 1×: at 4× the frames the decoder skips to keep up are in neither count (155 shown
        // and 45 dropped of 250 at 4× beside the other tests), and the count is the check.
        try tmux.run("INSET_SUMMARY=1 \(try insetBinary()) --blitter half \(server.url("clock_16x9_aac.mp4")); echo EXIT=$?")
        let done = try tmux.waitFor(timeout: 20, "exit", Self.exited)
        #expect(done.text.contains("\nEXIT=0"), "\(done.text)")
        let text = try tmux.unwrappedText()
        #expect(!text.contains("cut"), "\(text)")
        // 250 frames in the clip: all of them came (shown or dropped), not the 125 before the reset.
        let summary = text.range(of: #"(\d+) frames shown, (\d+) dropped"#, options: .regularExpression).map { String(text[$0]) } ?? ""
        let numbers = summary.split(separator: " ").compactMap { Int($0.trimmingCharacters(in: .punctuationCharacters)) }
        #expect(numbers.count == 2 && numbers[0] + numbers[1] >= 240, "\(summary)")
        let requests = server.requests.filter { $0.count >= 7 }
        #expect(requests.contains { $0[6] == "reset" }, "\(requests)")
        // The reconnect asked for the bytes from where the reset left the reader.
        #expect(requests.contains { $0[3].hasPrefix("bytes=") && $0[3] != "bytes=0-" && $0[6] == "ok" }, "\(requests)")
    }
}
