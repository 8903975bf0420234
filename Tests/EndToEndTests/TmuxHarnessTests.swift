import Foundation
import Testing
import InsetTestSupport

/// The test terminal itself, where its behaviour once made a test pass on one machine and
/// fail on another.
@Suite("Test terminal", .tags(.waits))
struct TmuxHarnessTests {
    /// CI failed `pipe()` because its checkout's path made `cat … | inset -; echo EXIT=$?`
    /// exactly 120 columns with the prompt: the joined text read "…echo EXIT=$?EXIT=0".
    @Test("a command line ending at the right margin leaves its output on a line of its own", arguments: [1, 2])
    func commandAtMargin(lines: Int) throws {
        let tmux = try Tmux(columns: 60, rows: 10)
        let promptEnd = try tmux.cursorColumn()
        let tail = "; echo EXIT=$?"
        let padding = String(repeating: "a", count: lines * tmux.columns - promptEnd - "true ".count - tail.count)
        try tmux.run("true \(padding)\(tail)")
        try tmux.waitFor(timeout: 3, "exit status") { $0.text.contains("EXIT=0") }
        let joined = try tmux.unwrappedText().split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(joined.contains("EXIT=0"), "\(joined)")
        #expect(joined.contains { $0.hasSuffix("echo EXIT=$?") }, "\(joined)")
    }
}
