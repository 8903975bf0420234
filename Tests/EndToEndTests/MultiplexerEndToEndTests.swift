import Foundation
import Testing
import InsetTestSupport

/// Pictures inside GNU screen and dvtm (issue 51): started there with kitty's
/// KITTY_WINDOW_ID inherited (the session began in kitty), the player draws cells. screen
/// cut the kitty escapes past about 768 bytes and printed the rest as text; dvtm drops
/// them, leaving the rectangle blank. Each runs in tmux, which records with `pipe-pane`
/// every byte the multiplexer sends to its terminal.
@Suite("Multiplexers end to end", .serialized, .tags(.waits))
struct MultiplexerEndToEndTests {
    /// A tmux whose programs all believe kitty is outside, recording its pane's output.
    static func terminal(_ folder: URL) throws -> (Tmux, String) {
        let tmux = try Tmux(columns: 100, rows: 30, environment: ["KITTY_WINDOW_ID": "1", "SHELL": "/bin/bash"])
        let raw = folder.appendingPathComponent("pane.raw").path
        try tmux.tmux(["pipe-pane", "-t", "0", "-o", "cat >> \(raw)"])
        return (tmux, raw)
    }

    static func scratch() throws -> URL {
        let folder = URL(fileURLWithPath: "/tmp/imx-\(UUID().uuidString.prefix(6))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    static func pictureCells(_ screen: Screen) -> Int {
        screen.rows.reduce(0) { $0 + $1.filter(\.isPicture).count }
    }

    /// The picture escapes that must not reach the terminal: kitty's APC `ESC _ G`, sixel's
    /// DCS `ESC P … q`, iTerm2's `OSC 1337 ; File=`.
    static func pictureEscapes(in path: String) -> [String] {
        let bytes = (try? Data(contentsOf: URL(fileURLWithPath: path))) ?? Data()
        let text = String(decoding: bytes, as: UTF8.self)
        var found: [String] = []
        if text.contains("\u{1B}_G") { found.append("kitty") }
        if text.range(of: "\u{1B}P[0-9;]*q", options: .regularExpression) != nil { found.append("sixel") }
        if text.contains("1337;File=") { found.append("iTerm2") }
        return found
    }

    /// Text a cut escape leaves on screen: kitty's keys (`a=T`, `f=24`, `m=1`) or base64 runs.
    static func escapeLeftovers(_ screen: Screen) -> [String] {
        screen.text.split(separator: "\n").map(String.init).filter { line in
            line.contains("_G") || line.contains("a=T") || line.contains("m=1;")
                || line.range(of: "[A-Za-z0-9+/]{40,}", options: .regularExpression) != nil
        }
    }

    func check(_ tmux: Tmux, _ raw: String, _ player: String) throws {
        let screen = try tmux.waitFor(timeout: 15, "picture cells from \(player)") { Self.pictureCells($0) > 60 }
        // A few more frames, then what reached the terminal.
        Thread.sleep(forTimeInterval: 1.5)
        let later = try tmux.capture()
        #expect(Self.pictureCells(later) > 60)
        #expect(Self.pictureEscapes(in: raw).isEmpty, "picture escapes reached the terminal: \(Self.pictureEscapes(in: raw))")
        #expect(Self.escapeLeftovers(later).isEmpty && Self.escapeLeftovers(screen).isEmpty,
                "printed as text:\n\(Self.escapeLeftovers(later).joined(separator: "\n"))")
    }

    @Test("inside GNU screen with KITTY_WINDOW_ID set: cells, no picture escapes out, nothing printed as text",
          .enabled(if: installed("screen")))
    func gnuScreen() throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (tmux, raw) = try Self.terminal(folder)
        try tmux.run("cd \(folder.path) && screen -c /dev/null -S imx-\(folder.lastPathComponent) bash --norc --noprofile")
        try tmux.waitFor(timeout: 5, "screen's shell") { $0.text.contains("$") || $0.text.contains("#") }
        try tmux.run("clear; \(try insetBinary()) --embed 40x12+10+5 --socket none \(samplePath("clock_4x3.mp4"))")
        try check(tmux, raw, "an embedded player")
        try tmux.keys("C-c")
        try tmux.run("exit")
    }

    @Test("inside dvtm with KITTY_WINDOW_ID set, --vo=kitty as a previewer asks: cells, no picture escapes out",
          .enabled(if: installed("dvtm")))
    func dvtm() throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (tmux, raw) = try Self.terminal(folder)
        try tmux.run("cd \(folder.path) && dvtm 'bash --norc --noprofile'")
        try tmux.waitFor(timeout: 5, "dvtm's shell") { $0.text.contains("$") || $0.text.contains("#") }
        try tmux.run("clear; \(try insetBinary()) --vo=kitty --vo-kitty-left=3 --vo-kitty-top=3 --vo-kitty-cols=40 --vo-kitty-rows=12 "
                     + samplePath("clock_4x3.mp4"))
        try check(tmux, raw, "a player given --vo=kitty")
        try tmux.keys("C-c")
    }

    /// abduco is not in Debian 12; dtach is, and attaches the same way: it replays nothing
    /// of the screen and, with `-r winch`, signals a redraw. Then abduco's case exactly: the
    /// pane blanked behind the player's back and SIGWINCH at the same size. The video is
    /// paused, so a player that drew only what changed would leave the pane blank.
    @Test("after dtach's attach, and SIGWINCH at the same size on a blanked screen (abduco's attach), the whole picture is drawn again",
          .enabled(if: installed("dtach")))
    func redrawAfterAttach() throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let tmux = try Tmux(columns: 100, rows: 30)
        let socket = folder.appendingPathComponent("d.sock").path
        let clip = folder.appendingPathComponent("attach-\(folder.lastPathComponent).mp4").path
        try FileManager.default.copyItem(atPath: samplePath("clock_4x3.mp4"), toPath: clip)
        // dtach's master leaves the terminal: a failed check must not leave it and its player playing.
        defer { _ = try? runCommand(["pkill", "-f", clip]) }
        try tmux.run("cd \(folder.path) && dtach -c \(socket) -r winch \(try insetBinary()) --loop-file --no-audio \(clip)")
        let before = Self.pictureCells(try tmux.waitFor(timeout: 15, "the picture") { Self.pictureCells($0) > 600 })
        func whole(_ screen: Screen) -> Bool { Self.pictureCells(screen) * 10 >= before * 9 }
        // Paused, the player draws nothing of its own accord: what comes back is the redraw.
        try tmux.keys("Space")
        Thread.sleep(forTimeInterval: 0.5)
        try tmux.keys("C-\\")
        try tmux.waitFor(timeout: 5, "detached") { $0.text.contains("[detached]") }
        try tmux.run("clear; dtach -a \(socket) -r winch")
        try tmux.waitFor(timeout: 5, "the whole picture after dtach's attach", whole)
        let pane = try PreviewPlayerEndToEndTests.paneTTY(tmux)
        try Data("\u{1B}[H\u{1B}[2J".utf8).write(to: URL(fileURLWithPath: pane))
        try tmux.waitFor(timeout: 5, "the pane blanked") { Self.pictureCells($0) * 2 < before }
        let player = try #require(Int32(try runCommand(["pgrep", "-n", "-f", "inset.*\(clip)"]).trimmingCharacters(in: .whitespacesAndNewlines)))
        kill(player, SIGWINCH)
        try tmux.waitFor(timeout: 5, "the whole picture after SIGWINCH at the same size", whole)
        try tmux.keys("q")
    }
}
