import Foundation

/// A process started as a file manager starts a previewer: standard input /dev/null,
/// standard output and error where asked, extra descriptors left open in it (vifm leaks the
/// pipes it reads its viewer from), and optionally a session of its own, with no
/// controlling terminal and so no /dev/tty (vifm 0.12's viewers run so).
final class PreviewSpawn {
    let pid: pid_t
    private var reaped = false

    /// `extra` maps a descriptor of this process to the number it gets in the child.
    init(_ arguments: [String], output: String, errors: String = "/dev/null", extra: [(Int32, Int32)] = [],
         newSession: Bool = false, environment: [String: String] = [:]) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (fd, number) in extra { posix_spawn_file_actions_adddup2(&actions, fd, number) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_NOCTTY | O_CREAT | O_APPEND, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, errors, O_WRONLY | O_NOCTTY | O_CREAT | O_APPEND, 0o600)
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var variables = ["TERM": "tmux-256color", "COLORTERM": "truecolor", "LANG": "C.UTF-8", "SDL_AUDIODRIVER": "dummy",
                         "HOME": NSTemporaryDirectory(), "PATH": "/usr/bin:/bin"]
        variables.merge(environment) { $1 }
        let envp = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { envp.forEach { free($0) } }
        var attributes = UnblockedSignals()
        defer { attributes.destroy() }
        if newSession {
            // POSIX_SPAWN_SETSID (glibc's 0x80), which Swift's Glibc does not import.
            posix_spawnattr_setflags(&attributes.value, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | 0x80))
        }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, arguments[0], &actions, &attributes.value, argv, envp)
        guard spawned == 0 else { throw E2EError.missing("cannot run \(arguments[0]): error \(spawned)") }
        self.pid = pid
    }

    /// Whether it still runs (not yet exited, or exited and not reaped: reaped here then).
    var isRunning: Bool {
        guard !reaped else { return false }
        var status: Int32 = 0
        if waitpid(pid, &status, WNOHANG) == pid { reaped = true; return false }
        return true
    }

    /// Waits up to `timeout` seconds for it to exit; whether it did.
    func exited(within timeout: Double) -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout)
        while Date() < deadline {
            if !isRunning { return true }
            Thread.sleep(forTimeInterval: 0.02)
        }
        return !isRunning
    }

    /// SIGKILL and reaped, once.
    func kill() {
        guard !reaped else { return }
        reaped = true
        Glibc.kill(pid, SIGKILL)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    }

    deinit { kill() }
}

/// Reads `fd` until end of file or `timeout` seconds; whether end of file came (what a
/// launcher waiting on a pipe sees when the last writer has gone).
func readsEndOfFile(_ fd: Int32, within timeout: Double) -> Bool {
    let deadline = Date(timeIntervalSinceNow: timeout)
    var buffer = [UInt8](repeating: 0, count: 256)
    while Date() < deadline {
        var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        guard poll(&poller, 1, 50) > 0 else { continue }
        if read(fd, &buffer, buffer.count) == 0 { return true }
    }
    return false
}
