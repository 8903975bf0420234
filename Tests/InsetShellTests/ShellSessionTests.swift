import Foundation
import InsetCore
import InsetRender
import Testing
@testable import InsetShell

/// A real shell in a real pty, read on the pane's own thread.
@Suite("Shell session", .serialized)
struct ShellSessionTests {
    final class Changes: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        func bump() { lock.withLock { count += 1 } }
        var value: Int { lock.withLock { count } }
    }

    static func screenText(_ pane: ShellSession) -> [String] {
        var grid = CellGrid(size: pane.size)
        pane.draw(into: &grid, showCursor: false)
        return (0..<grid.rows).map { row in
            var line = ""
            for column in 0..<grid.columns where grid[column, row].glyph != Cell.wideContinuation {
                line.unicodeScalars.append(Unicode.Scalar(grid[column, row].glyph)!)
            }
            return line
        }
    }

    static func waitFor(_ pane: ShellSession, timeout: Double = 5, _ what: String,
                        _ condition: ([String]) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if condition(screenText(pane)) { return true }
            Thread.sleep(forTimeInterval: 0.02)
        }
        Issue.record("timed out waiting for \(what); screen:\n\(screenText(pane).joined(separator: "\n"))")
        return false
    }

    /// A line that is `output`, after the prompt or alone (typed-ahead input may come first).
    static func hasOutput(_ lines: [String], _ output: String) -> Bool {
        lines.contains { line in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            return trimmed == output || trimmed == "$ " + output
        }
    }

    func type(_ pane: ShellSession, _ text: String) {
        for character in text { pane.send(character == "\n" ? .enter : .character(character)) }
    }

    @Test("a shell runs a command typed into it, says the pty's size, follows a resize, and ends on exit")
    func interactiveShell() throws {
        let changes = Changes()
        let pane = try ShellSession(command: ["/bin/sh"], size: CellSize(columns: 50, rows: 10),
                                 extraEnvironment: ["PS1": "$ "], onChange: { changes.bump() })
        defer { pane.close() }
        type(pane, "echo hel''lo\n")
        #expect(Self.waitFor(pane, "echo's output") { Self.hasOutput($0, "hello") })
        type(pane, "stty size\n")
        #expect(Self.waitFor(pane, "stty size") { Self.hasOutput($0, "10 50") })
        pane.resize(to: CellSize(columns: 70, rows: 12))
        type(pane, "clear; stty size\n")
        #expect(Self.waitFor(pane, "stty size after the resize") { Self.hasOutput($0, "12 70") })
        #expect(changes.value > 0)
        type(pane, "exit 3\n")
        let deadline = Date().addingTimeInterval(5)
        while !pane.hasExited && Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        #expect(pane.hasExited)
        #expect(pane.exitStatus.map { ($0 >> 8) & 0xFF } == 3)
    }

    @Test("a flood of output is read to its end on the pane's thread")
    func flood() throws {
        let pane = try ShellSession(command: ["/bin/sh", "-c", "seq 1 200000; sleep 5"], size: CellSize(columns: 40, rows: 8),
                                 onChange: {})
        defer { pane.close() }
        #expect(Self.waitFor(pane, timeout: 30, "the last number") { $0.contains { $0.hasPrefix("200000") } })
        #expect(pane.totalBytesRead >= 1_288_895)  // the bytes seq 1 200000 writes, newlines as CR LF or not
    }

    @Test("closing the pane hangs up a program that ignores its input")
    func closeHangsUp() throws {
        let pane = try ShellSession(command: ["/bin/sleep", "60"], size: CellSize(columns: 20, rows: 4), onChange: {})
        let started = Date()
        pane.close()
        #expect(pane.hasExited)
        #expect(Date().timeIntervalSince(started) < 2)
    }

    @Test("a program that is not there is refused with its name")
    func missingProgram() {
        #expect(throws: ShellProcess.SpawnError.self) {
            _ = try ShellSession(command: ["/nonexistent/shell"], size: CellSize(columns: 20, rows: 4), onChange: {})
        }
    }
}
