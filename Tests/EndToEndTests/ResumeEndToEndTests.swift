import Foundation
import Testing
import InsetTestSupport

/// Where a file was left, across two runs of the player in one terminal (its own
/// XDG_STATE_HOME, see `Tmux`): the second starts there with a notice; `--no-resume` from 0.
@Suite("Resume end to end", .serialized, .tags(.waits))
struct ResumeEndToEndTests {
    @Test("quit at about 4 s (started there), played again: it starts there and says so; --no-resume starts at 0")
    func resumesAcrossRuns() throws {
        // A copy of the 10 s clip made here, so no other test's plays touch its entry.
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("inset-e2e-resume-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let clip = dir.appendingPathComponent("clip.mp4").path
        try runCommand(["ffmpeg", "-v", "error", "-y", "-i", samplePath("clock_16x9_aac.mp4"), "-c", "copy", clip])
        let tmux = try Tmux()
        let inset = try insetBinary()
        // Started at 4 s rather than played there: where it was left is what is kept.
        try tmux.run("\(inset) --start 4 \(clip)")
        let left = try tmux.waitFor(timeout: 5, "playing from 4 s") { ($0.shownTime?.position ?? 0) >= 4 }
        let quitAt = try #require(left.shownTime).position
        try tmux.keys("q")
        try tmux.waitFor(timeout: 3, "shell back") { _ in (try? tmux.terminalState()) == "0 1" }
        // Written as the player leaves, which is after it gave the terminal back: waited for.
        let state = tmux.stateHome + "/inset/positions"
        let saved = Tmux.eventually(timeout: 5) {
            (try? String(contentsOfFile: state, encoding: .utf8))?.contains(clip) == true
        }
        #expect(saved, "\((try? String(contentsOfFile: state, encoding: .utf8)) ?? "no \(state)")")

        try tmux.run("clear; \(inset) \(clip)")
        let resumed = try tmux.waitFor(timeout: 5, "resumed") { $0.shownTime != nil && $0.text.contains("resumed at 0:0") }
        let start = try #require(resumed.shownTime).position
        #expect(start == quitAt || start == quitAt + 1, "left at \(quitAt), started at \(start)")
        try tmux.keys("q")
        try tmux.waitFor(timeout: 3, "shell back") { _ in (try? tmux.terminalState()) == "0 1" }

        try tmux.run("clear; \(inset) --no-resume \(clip)")
        let fresh = try tmux.waitFor(timeout: 5, "from the start") { $0.shownTime != nil }
        #expect((fresh.shownTime?.position ?? 99) <= 1, "started at \(fresh.shownTime?.position ?? -1)")
        #expect(!fresh.text.contains("resumed at"))
        try tmux.keys("q")
        try tmux.waitFor(timeout: 3, "shell back") { _ in (try? tmux.terminalState()) == "0 1" }
    }
}
