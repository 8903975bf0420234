import Foundation
import Testing
import InsetTestSupport

/// Embed mode (`inset --embed`) in a real terminal: the player draws a rectangle of a
/// screen a shell owns and touches nothing else, is paused through its control socket, and
/// leaves the rectangle blank and the shell's cursor where it was when it is ended; and the
/// fzf recipe from docs/embed.md, as a preview that plays in fzf's preview window.
@Suite("Embed mode end to end", .serialized, .tags(.waits))
struct EmbedEndToEndTests {
    static let area = (column: 10, row: 5, columns: 40, rows: 12)

    static func inside(_ column: Int, _ row: Int) -> Bool {
        column >= area.column && column < area.column + area.columns && row >= area.row && row < area.row + area.rows
    }

    /// The rectangle's cells as text with their colours, to see it change.
    static func rectangle(_ screen: Screen) -> String {
        (area.row..<(area.row + area.rows)).map { row in
            screen.styled[row][area.column..<(area.column + area.columns)].map(\.description).joined()
        }.joined(separator: "\n")
    }

    /// The cells outside the rectangle that differ from `before`'s, described.
    static func touchedOutside(_ screen: Screen, _ before: Screen) -> [String] {
        var touched: [String] = []
        for row in 0..<before.styled.count {
            for column in 0..<before.styled[row].count where !inside(column, row) {
                let was = before.styled[row][column], now = row < screen.styled.count && column < screen.styled[row].count
                    ? screen.styled[row][column] : Screen.StyledCell()
                if was != now { touched.append("(\(column),\(row)) was \(was), now \(now)") }
            }
        }
        return touched
    }

    /// The shell's prompt (`$ `, or `bash-5.2# ` as root) on the last line written, below
    /// `line`: the shell is done with it.
    static func promptAfter(_ line: String, _ screen: Screen) -> Bool {
        let lines = screen.text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard lines.count >= 2, lines[lines.count - 2].hasPrefix(line), let prompt = lines.last else { return false }
        return prompt.hasSuffix("$") || prompt.hasSuffix("#")
    }

    static func pictureCells(_ screen: Screen) -> Int {
        var count = 0
        for row in area.row..<(area.row + area.rows) {
            for column in area.column..<(area.column + area.columns) where screen.rows[row][column].isPicture { count += 1 }
        }
        return count
    }

    @Test("a 40x12 rectangle at +10+5 over a shell prompt: nothing outside it changes while it plays, ctl pauses it, and after SIGTERM it is blank and the cursor is the shell's again")
    func rectangleOverAPrompt() throws {
        let tmux = try Tmux(columns: 120, rows: 40)
        try tmux.run("clear; for i in $(seq -w 1 36); do echo \"row $i: the quick brown fox jumps over the lazy dog, 0123456789 abcdefghijklmnopqrstuvwxyz\"; done")
        let before = try tmux.waitFor(timeout: 5, "the text and the prompt after it") { Self.promptAfter("row 36", $0) }
        let cursor = try tmux.tmux(["display", "-p", "-t", "0", "#{cursor_x},#{cursor_y}"])
        let scratch = URL(fileURLWithPath: "/tmp/ie-\(UUID().uuidString.prefix(6))")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let socket = scratch.appendingPathComponent("s.sock").path
        // Started from outside the pane with its tty as standard output, as a script or a
        // file manager would: the shell in the pane goes on owning the screen and the keys.
        let tty = try tmux.tmux(["display", "-p", "-t", "0", "#{pane_tty}"]).trimmingCharacters(in: .whitespacesAndNewlines)
        let player = try SpawnedPlayer(arguments: ["--embed", "40x12+10+5", "--socket", socket, samplePath("clock_4x3.mp4")],
                                       output: tty, errors: scratch.appendingPathComponent("err").path)
        defer { player.kill() }
        // Four pictures, each waited for until it differs from the one before (the clip's
        // burnt-in clock changes every frame); each screen has nothing changed outside.
        var pictures: [String] = []
        for _ in 0..<4 {
            let screen = try tmux.waitFor(timeout: 10, "a new picture in the rectangle") {
                Self.pictureCells($0) > 200 && Self.rectangle($0) != pictures.last
            }
            let touched = Self.touchedOutside(screen, before)
            #expect(touched.isEmpty, "outside the rectangle: \(touched.prefix(5))")
            pictures.append(Self.rectangle(screen))
        }
        // The control socket: paused, the rectangle holds still. The frame in flight may
        // still land: held once two looks 0.1 s apart agree, then watched for half a second
        // (playing, it would change within a frame).
        #expect(try runCommand([try insetBinary(), "ctl", "--socket", socket, "pause", "on"]).isEmpty)
        #expect(try runCommand([try insetBinary(), "ctl", "--socket", socket, "get", "paused"]).contains("true"))
        var paused = Self.rectangle(try tmux.capture())
        #expect(try Tmux.eventually(timeout: 2) {
            let now = Self.rectangle(try tmux.capture())
            defer { paused = now }
            return now == paused
        }, "the picture never held still")
        Thread.sleep(forTimeInterval: 0.5)
        #expect(Self.rectangle(try tmux.capture()) == paused, "the picture moved while paused")
        // SIGTERM: erased, the cursor back at the prompt, the status SIGTERM's.
        let status = try player.terminate()
        #expect(status == 128 + SIGTERM, "exit status \(status)")
        let after = try tmux.capture()
        #expect(Self.touchedOutside(after, before).isEmpty)
        let blank = (Self.area.row..<(Self.area.row + Self.area.rows)).allSatisfy { row in
            after.styled[row][Self.area.column..<(Self.area.column + Self.area.columns)].allSatisfy { $0 == Screen.StyledCell() }
        }
        #expect(blank, "the rectangle is not blank:\n\(after.text)")
        #expect(try tmux.tmux(["display", "-p", "-t", "0", "#{cursor_x},#{cursor_y}"]) == cursor)
        // The shell still takes keys where its cursor is.
        try tmux.run("echo still-here")
        try tmux.waitFor(timeout: 5, "the shell answering") { $0.text.contains("\nstill-here") }
    }

    @Test("killed outright (SIGKILL), its guard erases the rectangle")
    func guardAfterKill() throws {
        let tmux = try Tmux(columns: 80, rows: 24)
        try tmux.run("clear; for i in $(seq -w 1 20); do echo \"row $i: the quick brown fox jumps over the lazy dog\"; done")
        let before = try tmux.waitFor(timeout: 5, "the text and the prompt after it") { Self.promptAfter("row 20", $0) }
        let tty = try tmux.tmux(["display", "-p", "-t", "0", "#{pane_tty}"]).trimmingCharacters(in: .whitespacesAndNewlines)
        let player = try SpawnedPlayer(arguments: ["--embed", "40x12+10+5", "--socket", "none", samplePath("clock_4x3.mp4")],
                                       output: tty, errors: "/dev/null")
        defer { player.kill() }
        try tmux.waitFor(timeout: 10, "the picture") { Self.pictureCells($0) > 200 }
        player.kill()
        let after = try tmux.waitFor(timeout: 3, "the rectangle blank") { screen in
            (Self.area.row..<(Self.area.row + Self.area.rows)).allSatisfy { row in
                screen.styled[row][Self.area.column..<(Self.area.column + Self.area.columns)].allSatisfy { $0 == Screen.StyledCell() }
            }
        }
        #expect(Self.touchedOutside(after, before).isEmpty)
    }
}

/// The player started with its standard output on a terminal it does not own (a tmux
/// pane's tty), standard input /dev/null, as a file manager or a script starts a preview.
final class SpawnedPlayer {
    let pid: pid_t
    private var reaped = false

    init(arguments: [String], output: String, errors: String) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_NOCTTY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, errors, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let binary = try insetBinary()
        let argv = ([binary] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let variables: [String] = ["TERM=tmux-256color", "COLORTERM=truecolor", "LANG=C.UTF-8", "SDL_AUDIODRIVER=dummy",
                                   "HOME=" + NSTemporaryDirectory(), "PATH=/usr/bin:/bin"]
        let environment = variables.map { strdup($0) } + [nil]
        defer { environment.forEach { free($0) } }
        var attributes = UnblockedSignals()
        defer { attributes.destroy() }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, binary, &actions, &attributes.value, argv, environment)
        guard spawned == 0 else { throw E2EError.missing("cannot run \(binary): error \(spawned)") }
        self.pid = pid
    }

    /// SIGTERM, then waits up to 5 s; the status as a shell reports it (128 + n for a signal).
    func terminate() throws -> Int32 {
        Glibc.kill(pid, SIGTERM)
        let deadline = Date(timeIntervalSinceNow: 5 * Tmux.slack)
        var status: Int32 = 0
        while Date() < deadline {
            let done = waitpid(pid, &status, WNOHANG)
            if done == pid {
                reaped = true
                let signal = status & 0x7F
                return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
        throw E2EError.timeout("the player did not end within 5 s of SIGTERM")
    }

    /// SIGKILL and reaped, once.
    func kill() {
        guard !reaped else { return }
        reaped = true
        Glibc.kill(pid, SIGKILL)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    }
}
