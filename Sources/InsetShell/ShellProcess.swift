import CVTerm
import Foundation
import InsetCore

/// A program on the slave side of a new pseudo-terminal, as a terminal emulator runs its
/// shell: the session leader of its own process group, with the pty as its controlling
/// terminal and the size the pane has. The master side is non-blocking: the pane's reader
/// polls it, and writes that would block wait in the pane's queue instead of the UI thread.
final class ShellProcess {
    let pid: pid_t
    let master: Int32
    private(set) var exitStatus: Int32?

    enum SpawnError: Error, CustomStringConvertible {
        case notExecutable(String)
        case failed(String, Int32)
        var description: String {
            switch self {
            case .notExecutable(let path): "\(path) is not an executable program"
            case .failed(let path, let errno): "cannot start \(path): \(String(cString: strerror(errno)))"
            }
        }
    }

    /// Starts `arguments` (the first is the program's path) with `environment` as its whole
    /// environment.
    init(arguments: [String], environment: [String: String], size: CellSize) throws {
        let path = arguments[0]
        guard FileManager.default.isExecutableFile(atPath: path) else { throw SpawnError.notExecutable(path) }
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var master: Int32 = -1
        let pid = cvterm_spawn(path, argv, envp, Int32(size.rows), Int32(size.columns), &master)
        guard pid > 0 else { throw SpawnError.failed(path, errno) }
        self.pid = pid
        self.master = master
        _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)
        _ = fcntl(master, F_SETFD, FD_CLOEXEC)
    }

    deinit {
        close(master)
    }

    /// TIOCSWINSZ on the pty: the kernel sends the program SIGWINCH.
    func resize(to size: CellSize) {
        _ = cvterm_set_size(master, Int32(size.rows), Int32(size.columns))
    }

    /// Whether the program has ended (reaping it once).
    func reap() -> Bool {
        if exitStatus != nil { return true }
        var status: Int32 = 0
        guard cvterm_reap(pid, &status) != 0 else { return false }
        exitStatus = status
        return true
    }

    /// Hangs up, as a closed terminal window does: SIGHUP to the program's process group
    /// (the shell and whatever runs in its foreground), then SIGKILL if it lingers.
    func hangUp(waiting grace: Duration = .milliseconds(500)) {
        guard !reap() else { return }
        kill(-pid, SIGHUP)
        kill(pid, SIGHUP)
        kill(pid, SIGCONT)
        let deadline = ContinuousClock.now + grace
        while ContinuousClock.now < deadline {
            if reap() { return }
            usleep(5_000)
        }
        kill(-pid, SIGKILL)
        kill(pid, SIGKILL)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        exitStatus = status
    }
}
