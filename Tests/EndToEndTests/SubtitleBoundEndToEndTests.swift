import Foundation
import InsetTestSupport
import Testing

/// A subtitle with no end, from any source, given to the player as `--sub-file` (issue 42
/// item 1): before, "opening…" stayed on the screen while memory grew by 200–400 MB/s over
/// http and over 1 GB/s from /dev/zero. Now the video plays, the bar says once why the
/// subtitle was not read, and the player's memory stays where a plain play keeps it.
@Suite("Subtitle bounds end to end", .serialized, .tags(.waits))
struct SubtitleBoundEndToEndTests {
    /// Plays the clip with `--sub-file subtitle` (a `setup` shell command first, run in the
    /// pane), waits for the picture and the notice, and returns the player's peak resident MB.
    func playsWithNotice(_ subtitle: String, setup: String = "") throws -> Double {
        let tmux = try Tmux(columns: 160, rows: 40)
        try tmux.run("\(setup)\(try insetBinary()) --sub-file \(subtitle) \(samplePath("long_gop.mp4")); echo EXIT=$?")
        var pid: Int32?
        var peak = 0.0
        let screen = try tmux.waitFor(timeout: 20, "the picture and the notice") { screen in
            if pid == nil { pid = try? tmux.childPID() }
            if let pid, let megabytes = HostileServerEndToEndTests.residentMegabytes(pid) { peak = max(peak, megabytes) }
            return screen.videoRows.count > 20 && screen.text.contains("larger than 16 MiB")
        }
        let player = try #require(pid, "no player")
        for _ in 0..<8 {
            if let megabytes = HostileServerEndToEndTests.residentMegabytes(player) { peak = max(peak, megabytes) }
            Thread.sleep(forTimeInterval: 0.25)
        }
        #expect(screen.text.contains("subtitles"), "\(screen.text)")
        #expect(try tmux.terminalState().hasPrefix("1"), "the player is not playing")
        try tmux.keys("q")
        return peak
    }

    @Test("issue 42 item 1: --sub-file /dev/zero, a FIFO fed without end and an endless WebVTT URL: the video plays, one notice, memory bounded",
          arguments: ["zero", "fifo", "http"])
    func endlessSubtitle(source: String) throws {
        // The server only where it is read: under the full run's load its start once took
        // longer than TestWebServer waits, and failed the FIFO's case.
        let server = source == "http" ? try TestWebServer(script: "hostile-serve") : nil
        // A short path in /tmp, not under TMPDIR: the notice names the path twice before its
        // reason, and under scripts/test's TMPDIR the reason fell past the 160 columns.
        let dir = URL(fileURLWithPath: "/tmp").appendingPathComponent("isub-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let fifo = dir.appendingPathComponent("e.srt").path
        let (subtitle, setup): (String, String) = switch source {
        case "zero": ("/dev/zero", "")
        case "fifo": (fifo, "mkfifo \(fifo); (yes '00:00:01,000 --> 00:00:02,000' > \(fifo) &); ")
        default: (server?.url("endless.vtt") ?? "", "")
        }
        let peak = try playsWithNotice(subtitle, setup: setup)
        print("--sub-file \(source): peak RSS \(Int(peak)) MB")
        // A plain play of the clip peaks near 60 MB; the 16 MiB read and its copy stay within 100 MB more.
        #expect(peak > 0 && peak < 160, "peak RSS \(peak) MB")
    }
}
