import CNcurses
import Glibc
import InsetCore

/// Set-up helpers shared by the full-screen and the embedded session.
extension TerminalSession {
    /// The size from TIOCGWINSZ, or ncurses' LINES and COLS if the tty does not say.
    static func querySize(_ fd: Int32) -> CellSize {
        if let size = try? SystemCalls.windowSize(fd), !size.isEmpty { return size }
        return CellSize(columns: Int(cncurses_cols()), rows: Int(cncurses_lines()))
    }

    /// The terminal the user types at: standard input when it is one, else `/dev/tty`
    /// (with `inset -`, standard input carries the video), opened and then owned.
    static func openInput(_ given: Int32?) throws(TerminalError) -> (Int32, owned: Bool) {
        if let given { return (given, false) }
        if SystemCalls.isTerminal(STDIN_FILENO) { return (STDIN_FILENO, false) }
        return (try SystemCalls.open("/dev/tty", O_RDWR | O_NOCTTY), true)
    }

    static func processEnvironment() -> [String: String] {
        var result: [String: String] = [:]
        for name in ["COLORTERM", "TERM", "TERM_PROGRAM"] {
            if let value = getenv(name) { result[name] = String(cString: value) }
        }
        return result
    }
}

/// Clean-up steps for a set-up that fails half way, run in reverse unless cancelled.
struct Undo {
    private var steps: [() -> Void] = []
    mutating func add(_ step: @escaping () -> Void) { steps.append(step) }
    mutating func cancel() { steps.removeAll() }
    func run() { for step in steps.reversed() { step() } }
}

extension TerminalSession {
    /// An embedded player's modes when it reads keys: every byte as typed, nothing echoed,
    /// no signal keys (Ctrl-C is the player's `quit`), Enter as CR; output processing kept.
    static func keyModes(_ modes: termios) -> termios {
        var raw = QuietInput.quietModes(modes)
        raw.c_iflag &= ~tcflag_t(IXON | ICRNL | INLCR | IGNCR | ISTRIP)
        return raw
    }

    /// Embed mode, the terminal resized: the rectangle is found again (an offset from the
    /// right or bottom edge moves it), and the restore string made for it. The old place is
    /// not erased: the terminal has reflowed its lines, so what was drawn there has moved
    /// with them, and the program that owns the screen (fzf, lf) redraws it after a resize;
    /// blanking the old coordinates would cut into what is there now. Returns whether the
    /// rectangle changed.
    func relayEmbedded(_ geometry: EmbedGeometry) -> Bool {
        let terminal = Self.querySize(outputFD)
        guard let area = geometry.area(in: terminal) else { return false }
        guard area != CellRect(origin: origin, size: size) else { return false }
        origin = area.origin
        size = area.size
        sequences = TerminalSequences(embeddedIn: area, farewell: farewell)
        SignalTrap.replaceLeave(sequences.leave)
        if guardDescriptor >= 0 { EmbedGuard.send(sequences.beforeEnd, to: guardDescriptor) }
        return true
    }

    /// Embed mode: bytes to write before the rectangle is erased on the way out (deleting
    /// the kitty pictures it sent), on the orderly way and the signal handlers' alike.
    public func setFarewell(_ bytes: [UInt8]) {
        guard embedGeometry != nil else { return }
        farewell = bytes
        sequences = TerminalSequences(embeddedIn: CellRect(origin: origin, size: size), farewell: bytes)
        SignalTrap.replaceLeave(sequences.leave)
        if guardDescriptor >= 0 { EmbedGuard.send(sequences.beforeEnd, to: guardDescriptor) }
    }

    /// Embed mode: starts the guard that erases the rectangle if this process is killed
    /// outright (`EmbedGuard`), running `executable` (this program). Once.
    public func startGuard(executable: String) {
        signal(SIGPIPE, SIG_IGN)  // a guard gone must not take the player with it
        guard embedGeometry != nil, guardDescriptor < 0, !isRestored,
              let descriptor = EmbedGuard.spawn(executable: executable, terminal: outputFD) else { return }
        guardDescriptor = descriptor
        EmbedGuard.send(sequences.beforeEnd, to: descriptor)
    }

    /// Tells the guard the rectangle is erased, and lets it go.
    func dismissGuard() {
        guard guardDescriptor >= 0 else { return }
        EmbedGuard.send(nil, to: guardDescriptor)
        SystemCalls.close(guardDescriptor)
        guardDescriptor = -1
    }
}

extension TerminalSession {
    /// The whole terminal's size: `size` itself, except in embed mode, where `size` is the
    /// rectangle's.
    public var terminalSize: CellSize { embedGeometry == nil ? size : Self.querySize(outputFD) }

    /// A cell's size in pixels as the tty's window size gives it (TIOCGWINSZ), nil when the
    /// terminal leaves the pixels at zero. Asks nothing of the terminal.
    public var windowCellPixels: PixelSize? {
        guard let geometry = try? SystemCalls.windowGeometry(outputFD) else { return nil }
        return TerminalCapabilities.cellPixels(window: geometry.pixels, cells: geometry.cells)
    }
}
