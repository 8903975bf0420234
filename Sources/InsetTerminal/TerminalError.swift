import Glibc
import InsetCore

/// Why the terminal could not be set up, read or written. Each case reads as one line for
/// the app's error message.
public enum TerminalError: Error, Equatable, CustomStringConvertible {
    /// Standard output (or the descriptor given) is not a terminal: a pipe, a file, CI.
    case notATerminal(descriptor: Int32)
    /// terminfo has no entry for this TERM (`newterm` failed).
    case unknownTerminal(String)
    /// A C call failed; the name is the C function, `errno` its error.
    case systemCall(String, errno: Int32)
    /// An ncurses call returned ERR; the name is the function.
    case curses(String)
    /// A terminal session is already open in this process (signal handlers are global).
    case sessionAlreadyOpen
    /// The session was already restored.
    case closed
    /// `--embed`'s rectangle lies outside the terminal (its geometry, the terminal's size).
    case embedOutside(String, CellSize)

    public var description: String {
        switch self {
        case .notATerminal(let fd):
            let what = fd == 1 ? "standard output" : "descriptor \(fd)"
            return "\(what) is not a terminal; use `inset cat` to print a frame without one"
        case .unknownTerminal(let term):
            return "terminal type '\(term)' has no terminfo entry; set TERM (e.g. TERM=xterm-256color)"
        case .systemCall(let name, let code):
            return "\(name) failed: \(String(cString: strerror(code)))"
        case .curses(let name):
            return "ncurses \(name)() failed"
        case .sessionAlreadyOpen:
            return "a terminal session is already open"
        case .closed:
            return "the terminal session is closed"
        case .embedOutside(let geometry, let terminal):
            return "--embed \(geometry) is outside the terminal (\(terminal))"
        }
    }

    /// The error of the C call that just failed, from `errno`.
    static func lastError(_ function: String) -> TerminalError {
        .systemCall(function, errno: errno)
    }
}
