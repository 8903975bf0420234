import Foundation
import InsetTestSupport
import Testing

/// Inset driven as mpv is: a real client library (python-mpv-jsonipc) on the socket named
/// by `--input-ipc-server`, mpv's manual's requests on a plain socket compared with what
/// mpv itself answers, and the launchers' own command lines (docs/mpv.md).
@Suite("mpv's command line and JSON IPC end to end", .serialized, .tags(.waits))
struct MpvEndToEndTests {
    static let client = repositoryRoot.appendingPathComponent("scripts/mpv-ipc-client").path

    /// python-mpv-jsonipc is importable (scripts/setup installs it where pip can).
    static let hasJsonipc: Bool = (try? runCommand(["python3", "-c", "import python_mpv_jsonipc; print('yes')"]))?
        .contains("yes") == true

    static func socketPath() -> String { "/tmp/inset-mpv-\(UUID().uuidString.prefix(8)).sock" }

    static func waitForSocket(_ path: String) throws {
        guard Tmux.eventually(timeout: 10, { FileManager.default.fileExists(atPath: path) }) else {
            throw E2EError.missing("no socket at \(path)")
        }
    }

    @Test("python-mpv-jsonipc reads time-pos and duration, observes time-pos, pauses, seeks, loads a second file and quits",
          .enabled(if: MpvEndToEndTests.hasJsonipc, "python-mpv-jsonipc is not installed: pip install python-mpv-jsonipc (scripts/setup)"))
    func jsonipcSteersInset() throws {
        let socket = Self.socketPath()
        let tmux = try Tmux()
        try tmux.run("\(try insetBinary()) --no-config --input-ipc-server=\(socket) --loop-file=inf \(samplePath("clock_16x9_aac.mp4")); echo EXIT=$?")
        try Self.waitForSocket(socket)
        let second = samplePath("clock_4x3.mp4")
        let output = try runCommand(["python3", Self.client, "jsonipc", socket, second])
        #expect(output.hasSuffix("OK\n"), "\(output)")
        #expect(output.contains("loaded clock_4x3.mp4"), "\(output)")
        try tmux.waitFor(timeout: 5, "the player gone after quit") { $0.text.contains("EXIT=0") }
    }

    @Test("mpv's manual's requests on a plain socket get the replies mpv 0.35 gives (live when mpv is installed)")
    func rawRequestsAnswerAsMpv() throws {
        let second = samplePath("clock_4x3.mp4")
        let socket = Self.socketPath()
        let tmux = try Tmux()
        try tmux.run("\(try insetBinary()) --no-config --input-ipc-server=\(socket) --loop-file=inf \(samplePath("clock_16x9_aac.mp4"))")
        try Self.waitForSocket(socket)
        let inset = try runCommand(["python3", Self.client, "raw", socket, second])
        try tmux.keys("q")
        let mpv = try Self.mpvReplies(second: second)
        let insetLines = inset.split(separator: "\n").map(String.init)
        let mpvLines = mpv.split(separator: "\n").map(String.init)
        #expect(insetLines.count == mpvLines.count, "\(inset)")
        for (ours, theirs) in zip(insetLines, mpvLines) {
            #expect(ours == theirs)
        }
    }

    /// mpv's own replies to the same requests: from mpv when it is installed, else as mpv
    /// 0.35.1 gave them (Tests/Fixtures/mpv-0.35-ipc-replies.txt, made by this same script).
    static func mpvReplies(second: String) throws -> String {
        let fixture = repositoryRoot.appendingPathComponent("Tests/Fixtures/mpv-0.35-ipc-replies.txt").path
        guard (try? runCommand(["sh", "-c", "command -v mpv"]))?.isEmpty == false else {
            return try String(contentsOfFile: fixture, encoding: .utf8)
        }
        let socket = socketPath()
        let tmux = try Tmux()
        try tmux.run("mpv --no-config --vo=null --ao=null --loop-file=inf --input-ipc-server=\(socket) \(samplePath("clock_16x9_aac.mp4"))")
        try waitForSocket(socket)
        defer { _ = try? tmux.keys("q") }
        return try runCommand(["python3", client, "raw", socket, second])
    }

    /// The first shell block after `marker` in `page` (README.md or docs/mpv.md): the
    /// recipes are run as written.
    static func recipe(after marker: String, in document: String = "README.md") throws -> String {
        let page = try String(contentsOf: repositoryRoot.appendingPathComponent(document), encoding: .utf8)
        let rest = try #require(page.range(of: marker)).upperBound
        let open = try #require(page.range(of: "```sh\n", range: rest..<page.endIndex))
        let close = try #require(page.range(of: "```", range: open.upperBound..<page.endIndex))
        return String(page[open.upperBound..<close.lowerBound])
    }

    @Test("the README's ytfzf url handler and yt-x wrapper (docs/mpv.md's, the same), called as ytfzf and yt-x call them, and a scraper's command line play a local file")
    func launchersPlay() throws {
        #expect(try Self.recipe(after: "**ytfzf**:") == Self.recipe(after: "**ytfzf.**", in: "docs/mpv.md"))
        #expect(try Self.recipe(after: "**yt-x**") == Self.recipe(after: "**yt-x.**", in: "docs/mpv.md"))
        let file = samplePath("clock_16x9_aac.mp4")
        let inset = try insetBinary()
        // `inset` on PATH, as the recipes expect; the ytfzf handler and yt-x's `mpv` beside it.
        let bin = FileManager.default.temporaryDirectory.appendingPathComponent("mpv-recipes-\(UUID().uuidString.prefix(6))")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: bin) }
        try FileManager.default.createSymbolicLink(atPath: bin.appendingPathComponent("inset").path, withDestinationPath: inset)
        let handler = bin.appendingPathComponent("inset-ytfzf").path
        try Self.recipe(after: "**ytfzf**:").write(toFile: handler, atomically: true, encoding: .utf8)
        let wrapperSteps = try Self.recipe(after: "**yt-x**")
            .replacingOccurrences(of: "~/.local/share/inset/as-mpv", with: bin.path)
            .split(separator: "\n").filter { !$0.hasPrefix("alias") }.joined(separator: "; ")
        _ = try runCommand(["sh", "-c", "chmod +x \(handler); " + wrapperSteps])
        let tmux = try Tmux()
        try tmux.run("export PATH=\(bin.path):$PATH; clear")
        // ytfzf's open_url_handler: printf "%s\t" "$ytdl_pref" "$is_audio_only" "$is_detach" "$video_pref" "$audio_pref"
        // "$url_handler_opts" | "$url_handler" "$@", here with the handler options the recipe passes on.
        try tmux.run("printf '%s\\t' 'bv*[height<=720]+ba/b' 0 0 best bestaudio '--no-config --end=2' | inset-ytfzf \(file); echo EXIT=$?")
        try tmux.waitFor(timeout: 10, "the video through the ytfzf handler") { $0.videoRows.count > 10 }
        try tmux.waitFor(timeout: 10, "the end at --end=2") { $0.text.contains("EXIT=0") }
        // ytfzf with audio only: the same handler, is_audio_only 1.
        try tmux.run("clear; printf '%s\\t' ba 1 0 '' '' '--no-config --end=2' | inset-ytfzf \(file); echo EXIT=$?")
        let sound = try tmux.waitFor(timeout: 10, "the bar with the time") { $0.shownTime != nil }
        #expect(sound.videoRows.isEmpty, "a picture with --no-video")
        try tmux.waitFor(timeout: 10, "the end") { $0.text.contains("EXIT=0") }
        // yt-x's __player_mpv in listen mode, through the `mpv` wrapper: mpv "$url" $opts --no-video --force-window=no
        try tmux.run("clear; mpv \(file) --no-config --end=1 --no-video --force-window=no; echo EXIT=$?")
        try tmux.waitFor(timeout: 10, "yt-x's line played") { $0.text.contains("EXIT=0") }
        // A scraper's: a title, headers, a start and an end, quiet.
        try tmux.run("clear; mpv --no-config --force-media-title='Lecture 7' --http-header-fields='Referer: https://a.example,X-Y: z' "
                     + "--user-agent=Mozilla/5.0 --referrer=https://a.example --start=2 --end=4 --really-quiet --no-terminal \(file); echo EXIT=$?")
        try tmux.waitFor(timeout: 10, "the forced title on the bar") { $0.text.contains("Lecture 7") }
        try tmux.waitFor(timeout: 10, "the end") { $0.text.contains("EXIT=0") }
        // A value mpv refuses for an option Inset ignores: one line in mpv's words.
        // Its own word for the status: the screen before `clear` runs still shows the last EXIT=0.
        try tmux.run("clear; mpv --no-config --sub-scale=big \(file); echo REFUSED=$?")
        let refused = try tmux.waitFor(timeout: 10, "the refusal") { $0.text.contains("REFUSED=") }
        #expect(refused.text.contains("Error parsing option sub-scale (option parameter could not be parsed)"), "\(refused.text)")
        #expect(!refused.text.contains("REFUSED=0"))
    }

    @Test("a scraper's --user-agent and --referrer (and --http-header-fields) reach the server with every request")
    func headersReachTheServer() throws {
        let server = try TestWebServer()
        let tmux = try Tmux()
        try tmux.run("\(try insetBinary()) --no-config --user-agent='Scraper/1.0' --referrer=https://lectures.example/7 "
                     + "--http-header-fields='X-Token: abc' --end=1 \(server.url("clock_16x9_aac.mp4")); echo EXIT=$?")
        try tmux.waitFor(timeout: 15, "the stream played to --end") { $0.text.contains("EXIT=0") }
        let gets = server.requests.filter { $0.count >= 9 && $0[1] == "GET" }
        #expect(!gets.isEmpty)
        #expect(gets.allSatisfy { $0[7] == "Scraper/1.0" && $0[8] == "https://lectures.example/7" }, "\(gets)")
    }
}
