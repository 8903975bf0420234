import Foundation
import Testing
import InsetTestSupport

/// The full-screen player in a real terminal (tmux, 120x40, TERM=tmux-256color,
/// COLORTERM=truecolor), checked by what a person would see on the screen.
@Suite("Player end to end", .serialized, .tags(.waits))
struct PlayerEndToEndTests {
    @Test("the video appears in colour with the control bar, and its time follows the wall clock")
    func playsInColour() throws {
        let tmux = try Tmux()
        try tmux.run("\(try insetBinary()) \(samplePath("clock_16x9_aac.mp4"))")
        let screen = try tmux.waitFor(timeout: 5, "video and control bar") { $0.videoRows.count > 20 && $0.shownTime != nil }
        #expect(try tmux.terminalState() == "1 0")
        // 16:9 in 120x40 cells (120x80 pixels) is 120x68 pixels: 34 rows, letterboxed.
        #expect(screen.videoRows.count >= 30 && screen.videoRows.count <= 34)
        #expect(screen.videoColumnSpan == 0...119)
        #expect(screen.text.contains("«15") && screen.text.contains("15»") && screen.text.contains("PiP"))
        #expect(screen.shownTime?.duration == 10)

        let first = try #require(screen.shownTime).position
        let start = Date()
        Thread.sleep(forTimeInterval: 2.5)
        try tmux.keys("z")  // any key brings the controls back
        let later = try tmux.waitFor(timeout: 2, "time") { $0.shownTime != nil }
        let advanced = try #require(later.shownTime).position - first
        let wall = Date().timeIntervalSince(start)
        #expect(abs(Double(advanced) - wall) <= 1.5, "time moved \(advanced) s in \(wall) s of wall time")
        try tmux.keys("q")
        try tmux.waitFor(timeout: 3, "shell back") { _ in (try? tmux.terminalState()) == "0 1" }
    }

    @Test("space pauses; → skips 15 s through the accurate seek; ← comes back")
    func pauseAndSkip() throws {
        let tmux = try Tmux()
        try tmux.run("\(try insetBinary()) \(samplePath("long_gop.mp4"))")
        try tmux.waitFor(timeout: 5, "playing") { ($0.shownTime?.position ?? -1) >= 1 }
        try tmux.keys("Space")
        let paused = try tmux.waitFor(timeout: 2, "paused") { $0.text.contains("▶") }
        let at = try #require(paused.shownTime).position
        // Playing, the seconds shown would change within a second.
        Thread.sleep(forTimeInterval: 1.1)
        #expect(try tmux.capture().shownTime?.position == at, "time moved while paused")

        try tmux.keys("Right")
        let skipped = try tmux.waitFor(timeout: 3, "skip forward") { $0.shownTime?.position == at + 15 }
        #expect(skipped.text.contains("▶"), "still paused after the skip")
        try tmux.keys("Left")
        try tmux.waitFor(timeout: 3, "skip back") { $0.shownTime?.position == at }
        try tmux.keys("Space")
        try tmux.waitFor(timeout: 4, "playing again") { ($0.shownTime?.position ?? 0) > at }
        try tmux.keys("q")
        try tmux.waitFor(timeout: 3, "shell back") { _ in (try? tmux.terminalState()) == "0 1" }
    }

    @Test("--linear: the skips are refused and the bar says so")
    func linear() throws {
        let tmux = try Tmux()
        try tmux.run("\(try insetBinary()) --linear \(samplePath("long_gop.mp4"))")
        let screen = try tmux.waitFor(timeout: 5, "bar") { $0.shownTime != nil && $0.text.contains("skipping is not allowed") }
        let at = try #require(screen.shownTime).position
        try tmux.keys("Right")
        Thread.sleep(forTimeInterval: 0.5)
        let after = try tmux.capture()
        #expect((after.shownTime?.position ?? 99) < at + 5, "a skip went through")
        try tmux.keys("q")
    }

    @Test("a terminal resize relayouts: the video fits the new size, aspect kept, the bar at the bottom")
    func resize() throws {
        let tmux = try Tmux()
        try tmux.run("\(try insetBinary()) \(samplePath("clock_4x3.mp4")) --loop")
        try tmux.waitFor(timeout: 5, "video") { $0.videoRows.count > 20 }
        try tmux.resize(columns: 100, rows: 30)
        try tmux.keys("z")
        let screen = try tmux.waitFor(timeout: 3, "relayout") { screen in
            // 4:3 in 100x30 cells (100x60 pixels) is 80x60 pixels: 80 columns, 30 rows, centred.
            return screen.videoColumnSpan == 10...89 && screen.shownTime != nil
        }
        #expect(screen.rows.count >= 30)
        #expect(screen.line(29).contains("/ 0:06"), "the bar is on the last row")
        try tmux.keys("q")
        try tmux.waitFor(timeout: 3, "shell back") { _ in (try? tmux.terminalState()) == "0 1" }
    }

    @Test("q, Ctrl-C, SIGTERM, SIGHUP and a crash all give the terminal back: no alternate screen, cursor shown",
          arguments: ["q", "TERM", "HUP", "C-c", "SEGV", "ABRT"])
    func restores(way: String) throws {
        let tmux = try Tmux()
        // The Swift runtime's backtracer would wait for a key on a crash in a terminal. A
        // sanitized player (scripts/sanitize) would report the SIGSEGV we send as a fault of
        // its own and exit with its own status: this crash is on purpose, so the sanitizers
        // leave SIGSEGV to the player (their options are ignored by a normal build).
        let sanitizers = way == "SEGV" ? "TSAN_OPTIONS=\"$TSAN_OPTIONS handle_segv=0\" ASAN_OPTIONS=\"$ASAN_OPTIONS handle_segv=0\" " : ""
        try tmux.run("SWIFT_BACKTRACE=enable=no \(sanitizers)\(try insetBinary()) \(samplePath("clock_16x9_aac.mp4")) --loop; echo \"ex\"\"it=$?\"")
        try tmux.waitFor(timeout: 5, "video") { $0.videoRows.count > 20 }
        #expect(try tmux.terminalState() == "1 0")
        switch way {
        case "q", "C-c":
            try tmux.keys(way)
        default:
            let pid = try #require(try tmux.childPID())
            kill(pid, ["TERM": SIGTERM, "HUP": SIGHUP, "SEGV": SIGSEGV, "ABRT": SIGABRT][way]!)
        }
        let screen = try tmux.waitFor(timeout: 5, "exit status") { $0.text.contains("exit=") }
        #expect(try tmux.terminalState() == "0 1")
        let expected = ["q": "exit=0", "C-c": "exit=0", "TERM": "exit=143", "HUP": "exit=129",
                        "SEGV": "exit=139", "ABRT": "exit=134"][way]!
        #expect(screen.text.contains(expected), "\(screen.text)")
    }

    @Test("Ctrl-Z suspends to the shell with the terminal restored; fg redraws the whole screen")
    func suspendAndResume() throws {
        let tmux = try Tmux()
        try tmux.run("\(try insetBinary()) \(samplePath("clock_4x3.mp4")) --loop")
        try tmux.waitFor(timeout: 5, "video") { $0.videoRows.count > 20 }
        try tmux.keys("C-z")
        try tmux.waitFor(timeout: 3, "stopped, back at the shell") { $0.text.contains("Stopped") }
        #expect(try tmux.terminalState() == "0 1")
        try tmux.run("fg")
        // 4:3 in 120x80 pixels is 107x80, centred: columns 6 to 112. Waited for, since a
        // capture may fall between the redraw's rows (seen once: columns 12 to 112).
        let back = try tmux.waitFor(timeout: 3, "the whole video again") {
            $0.videoRows.count > 20 && !$0.text.contains("Stopped") && $0.videoColumnSpan == 6...112
        }
        #expect(back.videoColumnSpan == 6...112)
        #expect(try tmux.terminalState() == "1 0")
        try tmux.keys("q")
        try tmux.waitFor(timeout: 3, "shell back") { _ in (try? tmux.terminalState()) == "0 1" }
    }

    @Test("the control bar hides after 3 s without input and comes back on a key")
    func controlsHide() throws {
        let tmux = try Tmux()
        try tmux.run("\(try insetBinary()) \(samplePath("long_gop.mp4"))")
        try tmux.waitFor(timeout: 5, "bar") { $0.shownTime != nil && $0.videoRows.count > 20 }
        try tmux.waitFor(timeout: 5, "bar hidden") { $0.shownTime == nil && !$0.text.contains("«15") }
        try tmux.keys("z")
        try tmux.waitFor(timeout: 2, "bar back") { $0.shownTime != nil }
        try tmux.keys("?")
        try tmux.waitFor(timeout: 2, "key list") { $0.text.contains("back 15 s / forward 15 s") }
        try tmux.keys("q")
    }

    @Test("with no terminal on standard output: one line pointing to inset cat")
    func notATerminal() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try insetBinary())
        process.arguments = [samplePath("clock_4x3.mp4")]
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus != 0)
        #expect(message.hasPrefix("inset: ") && message.contains("inset cat"))
        #expect(message.split(separator: "\n").count == 1)
    }
}
