import Foundation

/// A real terminal for end-to-end tests: a detached tmux server of its own (its own
/// socket, so tests run side by side), one pane running a plain shell, keys sent with
/// send-keys, the screen read with capture-pane.
final class Tmux {
    let socket: String
    let columns: Int
    let rows: Int
    let soundFile: String
    /// The players' `XDG_STATE_HOME`, one per terminal: where they keep the positions they
    /// resume from, so one test's stop never moves where another test's player starts.
    let stateHome: String

    init(columns: Int = 120, rows: Int = 40, environment: [String: String] = [:]) throws {
        socket = "inset-e2e-\(UUID().uuidString.prefix(8))"
        self.columns = columns
        self.rows = rows
        // Sound on, through SDL's disk driver (real-time, into a scratch file), so every
        // end-to-end test runs with the audio clock timing the picture, as with a sound card.
        soundFile = FileManager.default.temporaryDirectory.appendingPathComponent("\(socket).raw").path
        stateHome = FileManager.default.temporaryDirectory.appendingPathComponent("\(socket)-state").path
        var env = ["XDG_STATE_HOME": stateHome, "TERM": "tmux-256color", "COLORTERM": "truecolor", "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "PS1": "$ ",
                   "SDL_AUDIODRIVER": "disk", "SDL_DISKAUDIOFILE": soundFile]
        env.merge(environment) { $1 }
        var arguments = ["-f", "/dev/null", "new-session", "-d", "-x", "\(columns)", "-y", "\(rows)"]
        for (key, value) in env.sorted(by: { $0.key < $1.key }) { arguments += ["-e", "\(key)=\(value)"] }
        arguments += ["bash --norc --noprofile"]
        try tmux(arguments)
        // The session's own TERM is what programs in the pane see.
        try tmux(["set-option", "-g", "default-terminal", "tmux-256color"])
        try waitFor(timeout: 5) { $0.text.contains("$") || $0.text.contains("#") }
    }

    deinit {
        _ = try? tmux(["kill-server"])
        unlink(soundFile)
        try? FileManager.default.removeItem(atPath: stateHome)
    }

    @discardableResult
    func tmux(_ arguments: [String]) throws -> String {
        try runCommand(["tmux", "-L", socket, "-u"] + arguments)
    }

    /// Types a line into the shell and presses Enter.
    ///
    /// A command line that ends exactly at the right margin makes readline force the wrap,
    /// so tmux marks the line wrapped and `unwrappedText` joins the command's first output
    /// ("EXIT=0") onto it. Whether that happens depends on how deep the checkout and TMPDIR
    /// are, so such a line gets one trailing space, which the shell ignores.
    func run(_ commandLine: String) throws {
        let endsAtMargin = (try cursorColumn() + commandLine.unicodeScalars.count) % columns == 0
        try tmux(["send-keys", "-t", "0", "-l", endsAtMargin ? commandLine + " " : commandLine])
        try tmux(["send-keys", "-t", "0", "Enter"])
    }

    /// The pane's cursor column, 0-based: after a prompt, where typing starts.
    func cursorColumn() throws -> Int {
        Int(try tmux(["display", "-p", "-t", "0", "#{cursor_x}"]).trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
    }

    /// Sends tmux key names (Space, Left, q, C-c …).
    func keys(_ names: String...) throws {
        try tmux(["send-keys", "-t", "0"] + names)
    }

    /// Sends bytes as typed, e.g. an SGR mouse sequence.
    func literal(_ text: String) throws {
        try tmux(["send-keys", "-t", "0", "-l", text])
    }

    /// An SGR mouse event at a 0-based cell: press, drag (motion with the left button
    /// held) or release.
    func mouse(_ action: String, column: Int, row: Int, button: Int = 0) throws {
        let code = action == "drag" ? button + 32 : button
        let final = action == "release" ? "m" : "M"
        try literal("\u{1B}[<\(code);\(column + 1);\(row + 1)\(final)")
    }

    func capture() throws -> Screen {
        Screen(capture: try tmux(["capture-pane", "-p", "-e", "-t", "0"]), columns: columns)
    }

    /// The pane's text with lines the terminal wrapped joined again: what a program
    /// printed, line by line, however long its paths are (TMPDIR may be deep).
    func unwrappedText() throws -> String {
        try tmux(["capture-pane", "-p", "-J", "-t", "0"])
    }

    /// `#{alternate_on} #{cursor_flag}`: "0 1" once a program gave the terminal back.
    func terminalState() throws -> String {
        try tmux(["display", "-p", "-t", "0", "#{alternate_on} #{cursor_flag}"]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The pid of the program running in the pane's shell.
    func childPID() throws -> Int32? {
        let shell = try tmux(["display", "-p", "-t", "0", "#{pane_pid}"]).trimmingCharacters(in: .whitespacesAndNewlines)
        return try runCommand(["pgrep", "-P", shell]).split(separator: "\n").first.flatMap { Int32($0) }
    }

    func resize(columns: Int, rows: Int) throws {
        try tmux(["resize-window", "-t", "0", "-x", "\(columns)", "-y", "\(rows)"])
    }

    /// Waits until the PiP window holds still (its enter animation over, a drag settled)
    /// and satisfies `condition`; returns its frame.
    func settledWindow(timeout: Double = 3, _ what: String = "PiP window",
                       _ condition: @escaping ((column: Int, row: Int, columns: Int, rows: Int)) -> Bool = { _ in true })
        throws -> (column: Int, row: Int, columns: Int, rows: Int) {
        var previous: (column: Int, row: Int, columns: Int, rows: Int)?
        let screen = try waitFor(timeout: timeout, what) { screen in
            defer { previous = screen.pipWindow }
            guard let window = screen.pipWindow, let before = previous else { return false }
            return window == before && condition(window)
        }
        return screen.pipWindow!
    }

    /// How much longer than its stated timeout a wait may go on. The timeouts are what a
    /// person would wait on an idle machine; CI shares 2 cores with other jobs, and a wait
    /// returns as soon as its condition holds, so the stretch costs a passing run nothing
    /// and only spares a slow one a false failure. `INSET_E2E_SLACK` overrides it.
    static let slack: Double = ProcessInfo.processInfo.environment["INSET_E2E_SLACK"].flatMap(Double.init) ?? 2

    /// Tries `attempt` every 0.1 s until it succeeds or `timeout` times `slack` has passed
    /// (one last try at the end); whether it succeeded.
    static func eventually(timeout: Double, _ attempt: () throws -> Bool) rethrows -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout * slack)
        while Date() < deadline {
            if try attempt() { return true }
            Thread.sleep(forTimeInterval: 0.1)
        }
        return try attempt()
    }

    /// Polls the screen until `condition` holds; throws with the last screen on timeout
    /// (`timeout` times `slack`).
    @discardableResult
    func waitFor(timeout: Double, _ what: String = "condition", _ condition: (Screen) -> Bool) throws -> Screen {
        var last: Screen?
        let seen = try Self.eventually(timeout: timeout) {
            last = try capture()
            return condition(last!)
        }
        if seen, let last { return last }
        throw E2EError.timeout("\(what) not seen within \(timeout * Self.slack) s; screen:\n\(last?.text ?? "")")
    }
}

enum E2EError: Error, CustomStringConvertible {
    case timeout(String)
    case missing(String)
    var description: String {
        switch self {
        case .timeout(let s), .missing(let s): return s
        }
    }
}

/// The binary under test: INSET_BIN (scripts/test sets it to the release build), else
/// the debug build beside the tests.
func insetBinary() throws -> String {
    if let path = ProcessInfo.processInfo.environment["INSET_BIN"], FileManager.default.isExecutableFile(atPath: path) {
        return path
    }
    for configuration in ["release", "debug"] {
        let path = repositoryRoot.appendingPathComponent(".build/\(configuration)/inset").path
        if FileManager.default.isExecutableFile(atPath: path) { return path }
    }
    throw E2EError.missing("no inset binary: run swift build (or set INSET_BIN)")
}

let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

func samplePath(_ name: String) -> String { repositoryRoot.appendingPathComponent("samples/\(name)").path }

/// Runs a command to completion and returns its standard output. posix_spawn and waitpid
/// rather than Foundation's Process: tmux's client forks the server, which inherits the
/// client's descriptors, and Process then waits for an end of output that never comes.
@discardableResult
func runCommand(_ arguments: [String]) throws -> String {
    // Other suites in this process set SDL_* variables for their own audio tests (a faster
    // disk driver, their capture file); tmux and the players in it must not inherit them.
    let environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("SDL_") }
    return try spawnAndWait(arguments, environment: environment, errors: .discarded).output
}

/// Where a spawned command's standard error goes.
enum SpawnedErrors { case discarded, withOutput }

/// Runs `arguments` (through /usr/bin/env) with standard input from /dev/null, no signal
/// blocked and default handlers (`UnblockedSignals`), and waits for it; returns its exit
/// status (128+N when signal N ended it) and its standard output (with standard error when
/// `errors` says so), read from a file once it has exited.
func spawnAndWait(_ arguments: [String], environment: [String: String],
                  errors: SpawnedErrors) throws -> (status: Int32, output: String) {
    let outputPath = FileManager.default.temporaryDirectory.appendingPathComponent("inset-e2e-\(UUID().uuidString)").path
    defer { unlink(outputPath) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    switch errors {
    case .discarded: posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    case .withOutput: posix_spawn_file_actions_adddup2(&actions, 1, 2)
    }
    let argv = (["/usr/bin/env"] + arguments).map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var attributes = UnblockedSignals()
    defer { attributes.destroy() }
    let variables = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { variables.forEach { free($0) } }
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, "/usr/bin/env", &actions, &attributes.value, argv, variables)
    guard spawned == 0 else { throw E2EError.missing("cannot run \(arguments[0]): error \(spawned)") }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    let exitStatus = status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + status & 0x7f
    // Most tmux commands print nothing, and swift-foundation's String(contentsOfFile:)
    // leaks its 4 KB read buffer on an empty file (LeakSanitizer, scripts/sanitize).
    var info = stat()
    guard stat(outputPath, &info) == 0, info.st_size > 0 else { return (exitStatus, "") }
    return (exitStatus, (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? "")
}

/// Spawn attributes for a child with no signal blocked and default handlers: the test
/// runner's threads block signals, and a spawned process inherits the mask (a server
/// would never see the SIGTERM that ends it, a shell never its SIGINT).
struct UnblockedSignals {
    var value = posix_spawnattr_t()

    init() {
        posix_spawnattr_init(&value)
        var none = sigset_t(), all = sigset_t()
        sigemptyset(&none)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&value, &none)
        posix_spawnattr_setsigdefault(&value, &all)
        posix_spawnattr_setflags(&value, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    }

    mutating func destroy() { posix_spawnattr_destroy(&value) }
}
