import Glibc
import InsetCore

/// What a crash leaves behind while the player owns the terminal (issue 42 item 20): the
/// terminal given back first (`SignalTrap.onCrash`), one line on it saying where the
/// backtrace is, and the backtrace in the log file, written by Swift's backtracer, which
/// the player starts with `SWIFT_BACKTRACE=…,interactive=no,output-to=stderr` (the `inset`
/// executable re-executes itself with it: the runtime reads it only at start). Standard
/// error is the `INSET_LOG` file while the session runs (`StandardErrorRedirect`); without
/// one it is /dev/null, and the crash points it at `crash.log` in the player's state
/// folder first. Before, the backtracer drew "Press space to interact, D to debug, or any
/// other key to quit (30s)" over whatever the terminal showed and waited for the user.
///
/// Everything is decided here, at set-up, so the handler only copies bytes and opens a
/// file (both async-signal-safe).
enum CrashReport {
    /// Room for the line and for the path, each.
    static let capacity = 4096

    /// Fills the line and the path into the signal context. Handlers must not be active.
    static func prepare() {
        let context = signalContext
        let logged = environment("INSET_LOG").flatMap(absolutePath)
        // A `SWIFT_BACKTRACE` still set is the user's own (`inset` takes its own out once
        // the runtime has read it): the backtrace goes where they said, if anywhere.
        let usersOwn = environment("SWIFT_BACKTRACE") != nil
        var path = ""
        // Standard error not the terminal (`2>file`): the user chose where it goes, and the
        // backtrace goes there with nothing said on the terminal.
        if StandardErrorRedirect.isActive && logged == nil && !usersOwn, let fallback = fallbackPath() { path = fallback }
        var line = ""
        if usersOwn {
            line = StandardErrorRedirect.isActive ? "inset: crashed (its backtrace goes where SWIFT_BACKTRACE says)\n" : ""
        } else if StandardErrorRedirect.isActive {
            if let file = logged ?? (path.isEmpty ? nil : path) {
                line = "inset: crashed; its backtrace is in \(PrintableText.escaped(file))\n"
            } else {
                line = "inset: crashed (no folder for its backtrace: set INSET_LOG=FILE to keep one)\n"
            }
        }
        let lineBytes = Array(line.utf8.prefix(capacity))
        context.pointee.crashLine.update(from: lineBytes, count: lineBytes.count)
        context.pointee.crashLineCount = lineBytes.count
        // A path too long for the room is no path (a cut one would be another file).
        let pathBytes: [CChar] = path.utf8.count < capacity ? Array(path.utf8CString) : [0]
        context.pointee.crashLogPath.update(from: pathBytes, count: pathBytes.count)
    }

    /// From the crash handler, after the terminal is back: the line to the terminal's
    /// standard error, and standard error pointed at the crash log when there is no log.
    static func report() {
        let context = signalContext
        let terminal = context.pointee.savedStderrFD
        if terminal >= 0 {
            var sent = 0
            while sent < context.pointee.crashLineCount {
                let count = write(terminal, context.pointee.crashLine + sent, context.pointee.crashLineCount - sent)
                if count > 0 { sent += count } else if count < 0 && errno == EINTR { continue } else { break }
            }
        }
        guard context.pointee.crashLogPath.pointee != 0 else { return }
        let log = open(context.pointee.crashLogPath, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
        guard log >= 0 else { return }
        _ = dup2(log, STDERR_FILENO)
        _ = close(log)
    }

    /// `$XDG_STATE_HOME/inset/crash.log` (else `~/.local/state/inset/crash.log`), its
    /// folder made private; nil when there is no such folder to be had.
    static func fallbackPath() -> String? {
        let state: String
        if let home = environment("XDG_STATE_HOME"), home.hasPrefix("/") {
            state = home
        } else if let home = environment("HOME"), home.hasPrefix("/") {
            state = home + "/.local/state"
        } else {
            return nil
        }
        let folder = state + "/inset"
        // Each folder on the way, as `mkdir -p`: a new account has no ~/.local yet.
        var made = ""
        for part in folder.split(separator: "/") {
            made += "/" + part
            if mkdir(made, 0o700) != 0 && errno != EEXIST { return nil }
        }
        return folder + "/crash.log"
    }

    private static func environment(_ name: String) -> String? {
        guard let value = getenv(name), value.pointee != 0 else { return nil }
        return String(cString: value)
    }

    /// The log as the user can find it from any folder.
    private static func absolutePath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
