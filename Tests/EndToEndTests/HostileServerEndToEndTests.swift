import Foundation
import InsetTestSupport
import Testing

/// A server that never stops talking (issue 28, high 1), from `scripts/hostile-serve`: an
/// endless playlist, a gzip bomb, an endless DASH manifest and an endless master refused
/// at open with one line; a live playlist whose reloads never end plays on in bounded
/// memory, says so once, and `q` still gives the terminal back at once. And the protocols a
/// playlist may not name (medium 2): an `sftp://` entry reaches no server.
@Suite("Hostile servers", .serialized, .tags(.waits))
struct HostileServerEndToEndTests {
    /// 90 s of a moving test picture in 2 s MPEG-TS segments, made once per run, for the live
    /// playlist to name in order.
    static let segments: URL = {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("inset-hostile-\(getpid())")
        try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        _ = try? runCommand(["ffmpeg", "-v", "error", "-nostdin", "-y", "-f", "lavfi", "-i", "testsrc2=size=320x180:rate=25",
                             "-t", "90", "-c:v", "libx264", "-preset", "veryfast", "-g", "50", "-f", "hls", "-hls_time", "2",
                             "-hls_list_size", "0", "-hls_segment_filename", dir.appendingPathComponent("seg%03d.ts").path,
                             dir.appendingPathComponent("index.m3u8").path])
        return dir
    }()

    /// How long the live case plays: INSET_HOSTILE_SECONDS (60 for the issue's figure), else
    /// 10 s, twice the 5 s in which the unbounded reloads used to pass 300 MB.
    static let liveSeconds = Double(ProcessInfo.processInfo.environment["INSET_HOSTILE_SECONDS"] ?? "") ?? 10

    static func residentMegabytes(_ pid: Int32) -> Double? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
              let kilobytes = Double(line.split(separator: " ").dropFirst().first ?? "") else { return nil }
        return kilobytes / 1024
    }

    @Test("endless playlists, a gzip bomb, an endless manifest and master: one line each, exit 1, bounded memory",
          arguments: ["endless.m3u8", "bomb.m3u8", "endless.mpd", "endless-master.m3u8"])
    func refusedAtOpen(path: String) throws {
        let server = try TestWebServer(["--segments", Self.segments.path], script: "hostile-serve")
        let url = server.url(path)
        let report = FileManager.default.temporaryDirectory.appendingPathComponent("inset-hostile-rss-\(UUID().uuidString)").path
        defer { unlink(report) }
        // The player's peak resident memory, as its parent sees it (getrusage of the child).
        let measure = "python3 -c 'import resource,subprocess,sys; s=subprocess.call(sys.argv[2:]); "
            + "open(sys.argv[1],\"w\").write(str(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)); sys.exit(s)'"
        let (lines, status) = try NetworkEndToEndTests.oneLine("\(measure) \(report) \(try insetBinary()) \(url)")
        #expect(status == "1")
        #expect(lines.count == 1 && lines.first?.hasPrefix("inset: cannot open \(url): not opened: ") == true, "\(lines)")
        let peak = (try? String(contentsOfFile: report, encoding: .utf8)).flatMap { Double($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        let megabytes = (peak ?? .infinity) / 1024
        print("\(path): refused at a peak of \(megabytes.isFinite ? Int(megabytes) : -1) MB")
        #expect(megabytes < 300, "\(path): \(megabytes) MB")
    }

    @Test("a live playlist whose reloads never end plays on under 120 MB (issue 42 item 19), says so once, and q restores within 300 ms")
    func endlessReloads() throws {
        let server = try TestWebServer(["--segments", Self.segments.path], script: "hostile-serve")
        let tmux = try Tmux(columns: 120, rows: 40)
        try tmux.run("\(try insetBinary()) \(server.url("live.m3u8")); echo EXIT=$?")
        try tmux.waitFor(timeout: 15, "playing") { $0.videoRows.count > 20 }
        let pid = try #require(try tmux.childPID())
        var peak = 0.0
        var noticed = false
        let start = Date()
        while Date().timeIntervalSince(start) < Self.liveSeconds {
            if let megabytes = Self.residentMegabytes(pid) { peak = max(peak, megabytes) }
            if !noticed, let screen = try? tmux.capture(), screen.text.contains("a reload of its playlist was refused") { noticed = true }
            Thread.sleep(forTimeInterval: 0.25)
        }
        print("live playlist with endless reloads: \(Int(Self.liveSeconds)) s, peak RSS \(Int(peak)) MB")
        // Issue 42 item 19: each refused reload left the hls demuxer 4 MiB of segment lines, some
        // 170,000 segments rebuilt every 2 s: 140 MB from the tenth second (150 MB at 60 s) where
        // normal play of the same stream keeps 87 MB; now a refused reload leaves at most 256 KiB
        // of them and the player stays near 89 MB.
        #expect(peak > 0 && peak < 120, "peak RSS \(peak) MB")
        #expect(noticed, "no notice on the bar")
        #expect(try tmux.terminalState().hasPrefix("1"), "the player is still up")
        let reloads = server.requests.filter { $0.count >= 6 && $0[2] == "/live.m3u8" }
        #expect(reloads.count >= 3, "\(reloads.count) answers")
        let asked = Date()
        try tmux.keys("q")
        var latency = Double.infinity
        while Date().timeIntervalSince(asked) < 5 {
            if (try? tmux.terminalState()) == "0 1" { latency = Date().timeIntervalSince(asked); break }
            Thread.sleep(forTimeInterval: 0.005)
        }
        print("q restored the terminal in \(Int(latency * 1000)) ms")
        #expect(latency < 0.3 * Tmux.slack, "q took \(latency) s")
    }

    @Test("a playlist's sftp:// and tcp:// entries reach no server when their turn comes: each is passed over with the reason")
    func protocolsNotNamed() throws {
        let listener = try ListeningSocket()
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("inset-sftp-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let list = dir.appendingPathComponent("list.m3u")
        try Data("""
            #EXTM3U
            sftp://127.0.0.1:\(listener.port)/x.mp4
            tcp://127.0.0.1:\(listener.port)?listen=1
            \(samplePath("clock_4x3.mp4"))

            """.utf8).write(to: list)
        // The list plays in turn: each refused entry is passed over for the next, the clip plays.
        let tmux = try Tmux(columns: 200, rows: 30)
        try tmux.run("\(try insetBinary()) \(list.path); echo EXIT=$?")
        try tmux.waitFor(timeout: 20, "the end", NetworkEndToEndTests.exited)
        let text = try tmux.unwrappedText()
        #expect(text.contains("sftp:// is opened only when named on the command line"), "\(text)")
        #expect(text.contains("tcp:// is opened only when named on the command line"), "\(text)")
        #expect(!listener.wasConnected(), "a connection reached the server")
    }
}
