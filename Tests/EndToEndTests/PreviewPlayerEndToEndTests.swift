import Foundation
import Testing
import InsetTestSupport

/// The player as a file manager's previewer starts it (issue 51): it does not hold the
/// launcher's pipes, it draws on a terminal it is given by name when it has none of its
/// own, and a second preview on the same socket replaces the first.
@Suite("Preview player end to end", .serialized, .tags(.waits))
struct PreviewPlayerEndToEndTests {
    typealias Area = (column: Int, row: Int, columns: Int, rows: Int)

    static func pictureCells(_ screen: Screen, _ area: Area) -> Int {
        var count = 0
        for row in area.row..<min(screen.rows.count, area.row + area.rows) {
            for column in area.column..<min(screen.rows[row].count, area.column + area.columns)
            where screen.rows[row][column].isPicture { count += 1 }
        }
        return count
    }

    static func paneTTY(_ tmux: Tmux) throws -> String {
        try tmux.tmux(["display", "-p", "-t", "0", "#{pane_tty}"]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    static func scratch() throws -> URL {
        let folder = URL(fileURLWithPath: "/tmp/ipv-\(UUID().uuidString.prefix(6))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test("a pipe left open in it (as vifm leaves its own) reads end-of-file while it plays")
    func inheritedPipeClosed() throws {
        let tmux = try Tmux(columns: 80, rows: 24)
        try tmux.run("clear")
        var ends: [Int32] = [-1, -1]
        try #require(pipe(&ends) == 0)
        // Close-on-exec here, so no other program this process starts holds the pipe.
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        defer { close(ends[0]) }
        let area: Area = (10, 5, 40, 12)
        let player = try PreviewSpawn([try insetBinary(), "--embed", "40x12+10+5", "--socket", "none", samplePath("clock_4x3.mp4")],
                                      output: try Self.paneTTY(tmux), extra: [(ends[1], 7)])
        close(ends[1])
        try tmux.waitFor(timeout: 10, "the picture") { Self.pictureCells($0, area) > 200 }
        #expect(readsEndOfFile(ends[0], within: 3), "the pipe stayed open in the player")
        #expect(player.isRunning, "the player ended")
        player.kill()
    }

    @Test("a second preview on the same socket replaces the first: the first ends and erases itself, the second plays")
    func secondReplacesFirst() throws {
        let tmux = try Tmux(columns: 100, rows: 24)
        try tmux.run("clear")
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let socket = folder.appendingPathComponent("p.sock").path
        let tty = try Self.paneTTY(tmux)
        let left: Area = (0, 2, 40, 12), right: Area = (50, 2, 40, 12)
        let first = try PreviewSpawn([try insetBinary(), "--embed", "40x12+0+2", "--socket", socket, samplePath("clock_4x3.mp4")],
                                     output: tty)
        try tmux.waitFor(timeout: 10, "the first picture") { Self.pictureCells($0, left) > 200 }
        let second = try PreviewSpawn([try insetBinary(), "--embed", "40x12+50+2", "--socket", socket, samplePath("clock_4x3.mp4")],
                                      output: tty)
        #expect(first.exited(within: 2 * Tmux.slack), "the first player still runs")
        let screen = try tmux.waitFor(timeout: 10, "the second picture, the first erased") {
            Self.pictureCells($0, right) > 200 && Self.pictureCells($0, left) == 0
        }
        #expect(Self.pictureCells(screen, left) == 0)
        #expect(second.isRunning)
        // The socket is the second's now.
        #expect(try runCommand([try insetBinary(), "ctl", "--socket", socket, "get", "paused"]).contains("false"))
        // A third in the second's own rectangle, as a file manager's next preview comes: its
        // picture stays whole (the second erases before its socket goes, and the third
        // draws once it has gone).
        let third = try PreviewSpawn([try insetBinary(), "--embed", "40x12+50+2", "--socket", socket, samplePath("clock_4x3.mp4")],
                                     output: tty)
        #expect(second.exited(within: 2 * Tmux.slack), "the second player still runs")
        try tmux.waitFor(timeout: 10, "the third picture") { Self.pictureCells($0, right) > 200 }
        Thread.sleep(forTimeInterval: 1)
        let later = try tmux.capture()
        #expect(Self.pictureCells(later, right) > 200, "the third picture was erased after it was drawn")
        #expect(third.isRunning)
        third.kill()
    }

    @Test("--tty: in a session of its own (no /dev/tty) with a file for output, it draws on the named terminal and follows a resize")
    func namedTerminal() throws {
        let tmux = try Tmux(columns: 80, rows: 24)
        try tmux.run("clear")
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let errors = folder.appendingPathComponent("err").path
        let player = try PreviewSpawn([try insetBinary(), "--embed", "30x10-0+1", "--tty", try Self.paneTTY(tmux), "--socket", "none",
                                       samplePath("clock_4x3.mp4")],
                                      output: folder.appendingPathComponent("out").path, errors: errors, newSession: true)
        defer { player.kill() }
        try tmux.waitFor(timeout: 10, "the picture at the right edge") { Self.pictureCells($0, (50, 1, 30, 10)) > 150 }
        // The kernel sends SIGWINCH only to the terminal's own sessions: the player must see it itself.
        try tmux.resize(columns: 110, rows: 24)
        try tmux.waitFor(timeout: 5, "the picture at the new right edge") { Self.pictureCells($0, (80, 1, 30, 10)) > 150 }
        #expect(player.isRunning, "\((try? String(contentsOfFile: errors, encoding: .utf8)) ?? "")")
    }
}
