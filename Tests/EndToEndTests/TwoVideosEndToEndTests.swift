import Foundation
import Testing

/// Two videos at once in a real terminal: A (long_gop.mp4, 0:30) in the PiP window while
/// B (clock_16x9_aac.mp4, 0:10) plays full screen, the swap between them, and the sound.
/// Restore and close on whichever is in the window are director tests
/// (InsetAppTests/DirectorTwoVideosTests), with no terminal.
@Suite("Two videos end to end", .serialized)
struct TwoVideosEndToEndTests {
    static let a = "long_gop.mp4", b = "clock_16x9_aac.mp4"

    /// Plays A, puts it in the window, then plays B from the library.
    func twoVideos(_ tmux: Tmux) throws {
        let pip = PiPEndToEndTests()
        try pip.playFromLibrary(tmux)
        try tmux.keys("p")
        _ = try tmux.settledWindow { $0.row + $0.rows == 39 }
        try pip.select(Self.b, by: "Up", in: tmux)
        try tmux.keys("Enter")
        try tmux.waitFor(timeout: 6, "B full screen, A in the window") {
            $0.playerTime?.duration == 10 && $0.windowTitle?.contains("long_gop") == true && $0.videoRows.count > 20
        }
    }

    /// The player's time once its control bar is up (any key shows it; `z` does nothing else).
    func playerTime(_ tmux: Tmux, duration: Int) throws -> Int {
        try tmux.keys("z")
        let screen = try tmux.waitFor(timeout: 3, "the player's time of a 0:\(duration) video") { $0.playerTime?.duration == duration }
        return screen.playerTime!.position
    }

    @Test("Enter on another file during PiP: B full screen, A goes on in the window; w and the ⇄ button swap them, each at its time and play state")
    func swap() throws {
        let tmux = try Tmux()
        try twoVideos(tmux)
        // A goes on moving in the window while B plays: its title's time changes. (How far
        // each video's time runs, and their play states, are DirectorTwoVideosTests'.)
        let aBefore = try #require(try tmux.capture().pipTime)
        try tmux.waitFor(timeout: 4, "A's time moving in the window") { ($0.pipTime ?? 0) >= aBefore + 1 }

        // B paused full screen, A playing in the window; swap.
        try tmux.keys("Space")
        let bTime = try playerTime(tmux, duration: 10)
        let aTime = try #require(try tmux.capture().pipTime)
        try tmux.keys("w")
        let swapped = try tmux.waitFor(timeout: 3, "A full screen, B in the window") {
            $0.windowTitle?.contains("clock_16") == true && $0.playerTime?.duration == 30
        }
        let aAfter = try #require(swapped.playerTime?.position)
        #expect(aAfter >= aTime && aAfter <= aTime + 2, "A full screen at the time it had: \(aTime) then \(aAfter)")
        #expect(swapped.pipTime == bTime, "B in the window at its time \(bTime)")
        #expect(swapped.windowTitle?.contains("❚❚") == true, "B still paused: \(swapped.windowTitle ?? "")")
        // The frames already queued for the other size are shown centred until the
        // decoder's come at the new one, within the queue's few frames.
        try tmux.waitFor(timeout: 3, "A's picture full screen") { $0.videoRows.count > 20 }
        // A still plays, B stays paused.
        try tmux.waitFor(timeout: 4, "A playing on full screen") { ($0.playerTime?.position ?? 0) >= aAfter + 1 || $0.playerTime == nil }
        #expect(try playerTime(tmux, duration: 30) >= aAfter + 1)
        #expect(try tmux.capture().pipTime == bTime)

        // And back, by the window's ⇄ button (left of restore and close in its top border):
        // B full screen, paused where it was; A in the window, moving.
        let window = try #require(try tmux.capture().pipWindow)
        try tmux.mouse("press", column: window.column + window.columns - 9, row: window.row)
        try tmux.mouse("release", column: window.column + window.columns - 9, row: window.row)
        let back = try tmux.waitFor(timeout: 3, "B full screen again") {
            $0.windowTitle?.contains("long_gop") == true && $0.playerTime?.duration == 10
        }
        #expect(back.playerTime?.position == bTime)
        let aInWindow = try #require(back.pipTime)
        try tmux.waitFor(timeout: 4, "A moving in the window again") { ($0.pipTime ?? 0) >= aInWindow + 1 }
        try tmux.keys("q")
    }
}

extension TwoVideosEndToEndTests {
    /// The player's log lines saying which video's sound it turned on or off, in order.
    static func soundChanges(_ log: URL) -> [String] {
        ((try? String(contentsOf: log, encoding: .utf8)) ?? "").split(separator: "\n").compactMap { line in
            line.range(of: "sound: ").map { String(line[$0.upperBound...]) }
        }
    }

    @Test("the sound follows the full-screen video: the window's is muted beside it, and a swap moves it")
    func soundFollows() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("inset-two-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let log = dir.appendingPathComponent("inset.log")
        let tmux = try Tmux()
        try tmux.run("INSET_LOG=\(log.path) INSET_SAMPLES=\(repositoryRoot.appendingPathComponent("samples").path) \(try insetBinary())")
        try tmux.waitFor(timeout: 8, "library probed") { $0.text.contains("clock_16x9_aac.mp4") && $0.text.contains("0:12") }
        // Both files have sound: clock_16x9_aac.mp4 (0:10) in the window, av_sync_markers.mp4 (0:12) full screen.
        let pip = PiPEndToEndTests()
        try pip.select("clock_16x9_aac.mp4", by: "Down", in: tmux)
        try tmux.keys("Enter")
        try tmux.waitFor(timeout: 5, "clock_16x9_aac.mp4 full screen") { $0.playerTime?.duration == 10 }
        try tmux.keys("p")
        _ = try tmux.settledWindow { $0.row + $0.rows == 39 }
        #expect(Self.soundChanges(log).isEmpty, "one video: its sound plays in the window")
        try pip.select("av_sync_markers.mp4", by: "Up", in: tmux)
        try tmux.keys("Enter")
        try tmux.waitFor(timeout: 6, "av_sync_markers.mp4 full screen beside the window") {
            $0.playerTime?.duration == 12 && $0.windowTitle?.contains("clock_16") == true
        }
        #expect(Self.soundChanges(log) == ["clock_16x9_aac.mp4 muted"])
        try tmux.keys("w")
        try tmux.waitFor(timeout: 3, "swapped") { $0.windowTitle?.contains("av_sync") == true }
        // The one leaving full screen is muted first, so the two are never heard together.
        let swapped = ["clock_16x9_aac.mp4 muted", "av_sync_markers.mp4 muted", "clock_16x9_aac.mp4 heard"]
        #expect(Self.soundChanges(log) == swapped)
        // Closing the window leaves one video, still heard: nothing changes.
        try tmux.keys("x")
        // (A change is logged as the key is handled, before the paint waited for.)
        try tmux.waitFor(timeout: 3, "the window closed") { $0.pipWindow == nil }
        #expect(Self.soundChanges(log) == swapped)
        // Into the window again, the other beside it (muted again), then restored: heard.
        try tmux.keys("p")
        _ = try tmux.settledWindow { $0.row + $0.rows == 39 }
        try pip.select("av_sync_markers.mp4", by: "Up", in: tmux)
        try tmux.keys("Enter")
        try tmux.waitFor(timeout: 6, "av_sync_markers.mp4 full screen beside the window") { $0.playerTime?.duration == 12 }
        try tmux.keys("f")
        try tmux.waitFor(timeout: 4, "clock_16x9_aac.mp4 restored") { $0.pipWindow == nil && $0.playerTime?.duration == 10 }
        #expect(Self.soundChanges(log) == swapped + ["clock_16x9_aac.mp4 muted", "clock_16x9_aac.mp4 heard"])
        try tmux.keys("q")
    }
}

extension Screen {
    /// The full-screen player's "M:SS / M:SS" (its control bar, not the window's title).
    var playerTime: (position: Int, duration: Int)? {
        for r in rows.indices.reversed() {
            let line = self.line(r)
            guard line.contains("«15"), !line.contains("┌"),
                  let range = line.range(of: #"\d+:\d\d / \d+:\d\d"#, options: .regularExpression) else { continue }
            let parts = line[range].split(separator: "/").map { $0.trimmingCharacters(in: .whitespaces) }
            func seconds(_ s: String) -> Int { s.split(separator: ":").reduce(0) { $0 * 60 + (Int($1) ?? 0) } }
            return (seconds(parts[0]), seconds(parts[1]))
        }
        return nil
    }

    /// The PiP window's title line: state, time and name.
    var windowTitle: String? {
        guard let window = pipWindow else { return nil }
        return String(line(window.row).dropFirst(window.column).prefix(window.columns))
    }
}
