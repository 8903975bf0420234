import Foundation
import Glibc
import InsetCore
import InsetLog

/// `--tty PATH`: the terminal to draw on, named, for a launcher that starts the player
/// with no controlling terminal (vifm 0.12 runs its viewers so: `/dev/tty` cannot be
/// opened) and its standard output a pipe. The named terminal becomes standard output, and
/// standard input when that is no terminal and carries no video, so the sessions take it
/// as they take a terminal the player was started on.
///
/// The kernel sends SIGWINCH only to the foreground process group of a terminal's
/// session; a player that is not in it never hears of a resize. There a thread asks the
/// terminal's size every `pollInterval` and raises SIGWINCH itself when it changed, which
/// the session's handler then takes as the kernel's.
public enum NamedTerminal {
    /// How often the size of a terminal that is not ours is asked: a resize is drawn
    /// within this, and the ioctl costs nothing at that rate.
    public static let pollInterval: TimeInterval = 0.25

    /// Opens `path` and makes it standard output (and input when `replacesInput`).
    ///
    /// - Throws: `.notATerminal` when `path` is no terminal, the open's error when it
    ///   cannot be opened.
    public static func adopt(_ path: String, replacesInput: Bool) throws(TerminalError) {
        let fd = try SystemCalls.open(path, O_RDWR | O_NOCTTY)
        defer { SystemCalls.close(fd) }
        guard SystemCalls.isTerminal(fd) else { throw .notATerminal(descriptor: fd) }
        guard dup2(fd, STDOUT_FILENO) >= 0 else { throw .lastError("dup2") }
        if replacesInput, !SystemCalls.isTerminal(STDIN_FILENO) {
            guard dup2(fd, STDIN_FILENO) >= 0 else { throw .lastError("dup2") }
        }
        var status = stat()
        let device = fstat(fd, &status) == 0 ? status.st_rdev : nil
        if !isControllingTerminal(STDOUT_FILENO) { watch(STDOUT_FILENO, path: path, device: device) }
        Log.info("terminal named: \(path), controlling: \(isControllingTerminal(STDOUT_FILENO))")
    }

    /// Whether `fd` is this process's controlling terminal: `tcgetpgrp(3)` fails with
    /// ENOTTY on any other.
    public static func isControllingTerminal(_ fd: Int32) -> Bool {
        tcgetpgrp(fd) >= 0
    }

    /// Whether a change from `old` to `new` is a resize to report: a size the terminal
    /// gave (not the zero of a failed ioctl) that differs.
    public static func isResize(from old: CellSize?, to new: CellSize?) -> Bool {
        guard let new, !new.isEmpty else { return false }
        return new != old
    }

    /// Whether `path` still names the terminal `device`: `/proc/PID/fd/0` (vifm's
    /// line names vifm's terminal so) is gone once PID has exited.
    public static func stillNames(_ path: String, device: dev_t?) -> Bool {
        guard let device else { return true }
        var status = stat()
        return stat(path, &status) == 0 && status.st_rdev == device
    }

    /// Starts the thread that raises SIGWINCH when `fd`'s size changes, and SIGHUP when
    /// `path` no longer names the terminal: the program that handed over its terminal has
    /// exited (vifm runs no clear command when it quits), and the player ends as on a
    /// hang-up, erasing its rectangle. It lives as long as the process.
    static func watch(_ fd: Int32, path: String, device: dev_t?) {
        let thread = Thread {
            var last = try? SystemCalls.windowSize(fd)
            while true {
                Thread.sleep(forTimeInterval: pollInterval)
                if !stillNames(path, device: device) {
                    Log.info("terminal \(path) gone: ending")
                    kill(getpid(), SIGHUP)
                    return
                }
                let now = try? SystemCalls.windowSize(fd)
                if isResize(from: last, to: now) {
                    last = now
                    kill(getpid(), SIGWINCH)
                }
            }
        }
        thread.name = "terminal watch"
        thread.start()
    }
}
