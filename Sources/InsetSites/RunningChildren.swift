import Foundation

/// The programs `ChildProcess` has started and not yet reaped, so that every way out of the
/// player ends them: `q` while "resolving…" returned at once and left yt-dlp running in its
/// own process group, its parent then init, because the opening thread that would have
/// killed it (at its next poll) did not run again before the process exited.
///
/// Threads: any. A child is reaped exactly once, under the lock, by whichever comes first
/// (its own run or `stopAll`); the other finds it gone, so no signal ever goes to a process
/// id that has been reaped and may have been reused. Waiting for a child to end happens
/// outside the lock with `waitid(WNOWAIT)`, which leaves it a zombie (its id still its own).
public final class RunningChildren: @unchecked Sendable {
    /// The player's: what its way out stops.
    public static let shared = RunningChildren()

    private let lock = NSLock()
    private var running: Set<pid_t> = []

    init() {}

    func add(_ pid: pid_t) { lock.withLock { _ = running.insert(pid) } }

    /// Kills `pid`'s process group (its leader is `pid`) if it is still one of these.
    func kill(_ pid: pid_t) {
        lock.withLock {
            guard running.contains(pid) else { return }
            Glibc.kill(-pid, SIGKILL)
            Glibc.kill(pid, SIGKILL)
        }
    }

    /// Waits for `pid` to end and reaps it; its wait status, or nil when `stopAll` reaped it.
    func reap(_ pid: pid_t) -> Int32? {
        var info = siginfo_t()
        while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) < 0 && errno == EINTR {}
        return lock.withLock {
            guard running.remove(pid) != nil else { return nil }
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            return status
        }
    }

    /// Kills every child still running, with its process group, and reaps it: called on
    /// the way out, after the terminal is given back. A child killed with SIGKILL ends at
    /// once; one that cannot (stuck in the kernel) is waited for at most `patience`.
    public func stopAll(patience: Duration = .milliseconds(500)) {
        lock.withLock {
            for pid in running {
                Glibc.kill(-pid, SIGKILL)
                Glibc.kill(pid, SIGKILL)
            }
            let start = ContinuousClock.now
            for pid in running {
                var status: Int32 = 0
                while waitpid(pid, &status, WNOHANG) == 0 && ContinuousClock.now - start < patience {
                    usleep(2_000)
                }
            }
            running.removeAll()
        }
    }

    /// How many are running now, and which (for tests).
    public var count: Int { lock.withLock { running.count } }
    var pids: [pid_t] { lock.withLock { Array(running) } }
}
