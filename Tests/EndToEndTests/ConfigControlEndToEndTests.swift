import Foundation
import Testing
import InsetTestSupport

/// The config file and the control socket as a user meets them: a file in
/// `$XDG_CONFIG_HOME/inset/config` that rebinds a key and sets the blitter, a file with a
/// bad line, and `inset ctl` typed in a second terminal pane while a video floats over
/// the shell pane in the first.
@Suite("Config file and control socket end to end", .serialized, .tags(.waits))
struct ConfigControlEndToEndTests {
    /// A scratch folder with `config/inset/config` holding `text`, and a runtime folder.
    static func scratch(config text: String) throws -> URL {
        let dir = URL(fileURLWithPath: "/tmp/ic-\(UUID().uuidString.prefix(6))")
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("config/inset"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("run"), withIntermediateDirectories: true)
        try text.write(to: dir.appendingPathComponent("config/inset/config"), atomically: true, encoding: .utf8)
        return dir
    }

    /// Sextant cells (U+1FB00–U+1FB3B), which half blocks never use.
    static func sextants(_ screen: Screen) -> Int {
        screen.text.unicodeScalars.filter { (0x1FB00...0x1FB3B).contains($0.value) }.count
    }

    @Test("a config file rebinds a key (z opens the window) and sets the blitter (sextants), with no option given")
    func configRebindsAndSetsTheBlitter() throws {
        let dir = try Self.scratch(config: """
            blitter = "sextant"
            [keys.player]
            z = "pip"
            p = "none"
            """)
        let tmux = try Tmux()
        try tmux.run("XDG_CONFIG_HOME=\(dir.path)/config \(try insetBinary()) --loop \(samplePath("clock_16x9_aac.mp4"))")
        let playing = try tmux.waitFor(timeout: 10, "the video in sextants") { !$0.videoRows.isEmpty && Self.sextants($0) > 20 }
        #expect(Self.sextants(playing) > 20)
        // p is unbound: no window. (A key is handled within a frame, and the window's
        // first frame drawn with the next.)
        try tmux.keys("p")
        Thread.sleep(forTimeInterval: 0.5)
        #expect(try tmux.capture().pipWindow == nil, "p still opened the window")
        try tmux.keys("z")
        let window = try tmux.settledWindow(timeout: 5, "the window opened by z")
        #expect(window.columns > 10)
        // The same video with --no-config: no sextants, so the file was what chose them.
        try tmux.keys("q")
        try tmux.waitFor(timeout: 5, "the shell") { $0.pipWindow == nil && $0.videoRows.isEmpty }
        try tmux.run("clear; XDG_CONFIG_HOME=\(dir.path)/config \(try insetBinary()) --no-config --loop \(samplePath("clock_16x9_aac.mp4"))")
        let plain = try tmux.waitFor(timeout: 10, "the video without the config") { $0.videoRows.count > 10 }
        #expect(Self.sextants(plain) == 0)
        try tmux.keys("q")
    }

    @Test("a bad line in the config file is one message naming the file and the line, and the player still plays")
    func badLineIsNamedAndThePlayerPlays() throws {
        let dir = try Self.scratch(config: """
            volume = 60
            window-corner = "middle"
            """)
        let tmux = try Tmux()
        try tmux.run("XDG_CONFIG_HOME=\(dir.path)/config \(try insetBinary()) --loop \(samplePath("clock_16x9_aac.mp4"))")
        let shown = try tmux.waitFor(timeout: 10, "the message on the bar") { $0.text.contains("config/inset/config:2: window-corner") }
        #expect(shown.text.contains("is not valid; expected top-left"))
        let first = try tmux.waitFor(timeout: 10, "the time") { $0.shownTime != nil && !$0.videoRows.isEmpty }
        try tmux.waitFor(timeout: 10, "the time moving") { ($0.shownTime?.position ?? 0) > (first.shownTime?.position ?? 0) }
        try tmux.keys("q")
        // After the player, the line is on the terminal too, once.
        let after = try tmux.waitFor(timeout: 5, "the line after quitting") { $0.text.contains("inset: config ") }
        #expect(after.text.components(separatedBy: "config/inset/config:2:").count == 2, "\(after.text)")
    }

    @Test("inset ctl in a second pane pauses the video floating over the shell pane and prints its time; the socket's folder is 0700, the socket 0600")
    func ctlFromAnotherPane() throws {
        let dir = try Self.scratch(config: "")
        let runtime = dir.appendingPathComponent("run").path
        let player = try Tmux()
        try player.run("XDG_RUNTIME_DIR=\(runtime) SHELL=/bin/sh \(try insetBinary()) --no-config --shell --loop \(samplePath("clock_16x9_aac.mp4"))")
        _ = try player.settledWindow(timeout: 10, "the window over the shell")
        let socketDir = runtime + "/inset"
        #expect(Self.mode(socketDir) == 0o700)
        let sockets = try FileManager.default.contentsOfDirectory(atPath: socketDir).filter { $0.hasSuffix(".sock") }
        #expect(sockets.count == 1)
        #expect(Self.mode(socketDir + "/" + (sockets.first ?? "")) == 0o600)

        let other = try Tmux()
        let ctl = "XDG_RUNTIME_DIR=\(runtime) \(try insetBinary()) ctl"
        // The time asked for twice, 1.5 s apart, while paused; meanwhile what the user sees,
        // the window's title (its time), is watched over the same wait.
        try other.run("clear; \(ctl) get paused; \(ctl) pause on && echo paused-ok; \(ctl) get paused; \(ctl) get time; sleep 1.5; \(ctl) get time; echo done")
        let paused = try player.waitFor(timeout: 10, "the window's title paused") { $0.windowTitle?.contains("❚❚") == true }
        let answers = try other.waitFor(timeout: 10, "ctl's answers") { Self.printed("done", on: $0) != nil }
        #expect(try player.capture().windowTitle == paused.windowTitle, "the window's title (its time) changed while paused")
        let lines = answers.text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        let start = try #require(lines.firstIndex(of: "false"), "\(lines)")
        #expect(lines[start + 1] == "paused-ok")
        #expect(lines[start + 2] == "true")
        let time = try #require(Double(lines[start + 3]), "\(lines)")
        #expect(time > 0 && time < 30)
        #expect(lines[start + 4] == lines[start + 3], "the time moved while paused")
        // A command the table does not have is one line and exit 1.
        try other.run("clear; \(ctl) dance; echo status=$?")
        let refused = try other.waitFor(timeout: 5, "the refusal") { Self.printed("status=", on: $0) != nil }
        #expect(refused.text.contains("inset: ctl: dance: unknown command 'dance'"))
        #expect(Self.printed("status=", on: refused) == "status=1")
        try other.run("clear; \(ctl) quit; echo quit-sent")
        try other.waitFor(timeout: 5, "quit sent") { Self.printed("quit-sent", on: $0) != nil }
        let gone = Tmux.eventually(timeout: 5) { (try? FileManager.default.contentsOfDirectory(atPath: socketDir))?.isEmpty == true }
        #expect(gone, "the socket is still there after the player quit")
    }

    @Test("inset keys lists the bindings with the config file's applied, and names its bad lines on stderr")
    func keysListsTheConfiguredBindings() throws {
        let dir = try Self.scratch(config: """
            skip-step = 10
            [keys.player]
            z = "pip"
            "Hyper-Q" = "quit"
            """)
        let file = dir.appendingPathComponent("config/inset/config").path
        let run = try runInset(["keys", "--config", file])
        #expect(run.status == 0)
        let listed = String(decoding: run.stdout, as: UTF8.self)
        #expect(listed.contains("pip"), "\(listed)")
        #expect(listed.split(separator: "\n").contains { $0.contains("z") && $0.contains("pip") })
        #expect(listed.split(separator: "\n").contains { $0.contains("Right") && $0.contains("seek +10") })
        #expect(run.stderr == "inset: config \(file):4: 'Hyper-Q' is not a key; expected a key as the help writes it (x, S-Left, C-a, Space, Enter, F5, PgDn, WheelUp)\n")
        let plain = try runInset(["keys", "--no-config"])
        #expect(!String(decoding: plain.stdout, as: UTF8.self).contains("seek +10"))
    }

    /// The line a command printed that starts with `prefix` (the command line typed, which
    /// names it too, starts with the prompt).
    static func printed(_ prefix: String, on screen: Screen) -> String? {
        screen.text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.first { $0.hasPrefix(prefix) }
    }

    static func mode(_ path: String) -> mode_t {
        var status = stat()
        guard lstat(path, &status) == 0 else { return 0 }
        return status.st_mode & 0o777
    }
}
