import Foundation
import Testing
@testable import InsetSites

/// yt-dlp killed and reaped on the way out, whatever its opening thread is doing
/// (issue 42 item 10).
@Suite("Children stopped on the way out")
struct RunningChildrenTests {
    @Test("issue 42 item 10: stopAll kills a running child's process group and reaps it; its run says stopped")
    func stopAll() throws {
        let folder = FileManager.default.temporaryDirectory.path
        let marker = FileManager.default.temporaryDirectory.appendingPathComponent("inset-grandchild-\(UUID().uuidString)").path
        defer { unlink(marker) }
        // A child that starts one of its own (as yt-dlp may), both waiting for ever; nothing
        // asks them to stop but the way out.
        let ended = ChildEnding()
        let children = RunningChildren()
        let thread = Thread {
            let run = try? ChildProcess.run(["/bin/sh", "-c", "sleep 30 & echo $! > \(marker); wait"], in: folder,
                                            deadline: .seconds(60), maximumOutput: 1 << 20, children: children) { false }
            ended.set(run?.ending)
        }
        thread.start()
        let start = ContinuousClock.now
        var pids: [pid_t] = []
        while ContinuousClock.now - start < .seconds(5) {
            pids = children.pids
            if !pids.isEmpty, let text = try? String(contentsOfFile: marker, encoding: .utf8), !text.isEmpty { break }
            usleep(10_000)
        }
        let child = try #require(pids.first)
        let grandchild = try #require(pid_t((try String(contentsOfFile: marker, encoding: .utf8)).trimmingCharacters(in: .whitespacesAndNewlines)))
        children.stopAll()
        #expect(children.count == 0)
        // Reaped: no such process (a zombie would still answer kill 0).
        #expect(kill(child, 0) != 0 && errno == ESRCH, "the child is still there")
        // Its own child was killed with the group: gone, or a zombie that init has still to
        // reap (in a container, init may never).
        var gone = false
        for _ in 0..<100 where !gone {
            let state = (try? String(contentsOfFile: "/proc/\(grandchild)/stat", encoding: .utf8))?
                .split(separator: ")").last?.split(separator: " ").first
            gone = state == nil || state == "Z"
            if !gone { usleep(10_000) }
        }
        #expect(gone, "the child's own child lives on")
        #expect(ended.wait() == .stopped)
    }
}

/// How the run on the other thread ended, once it has.
final class ChildEnding: @unchecked Sendable {
    private let condition = NSCondition()
    private var ending: ChildProcess.Ending??

    func set(_ value: ChildProcess.Ending?) { condition.withLock { ending = .some(value); condition.signal() } }

    func wait() -> ChildProcess.Ending? {
        condition.withLock {
            while ending == nil { if !condition.wait(until: Date().addingTimeInterval(5)) { return nil } }
            return ending!
        }
    }
}
