import CNcurses
import Glibc
import InsetCore

/// One ncurses screen made with `newterm` on given descriptors (not `initscr`, which
/// takes stdin/stdout and exits the process on failure).
///
/// The session uses ncurses for what terminfo and tty modes it knows well: loading the
/// entry, raw mode, keypad transmit mode, hiding the cursor, and `endwin`, which puts the
/// tty back as it was. It never draws with ncurses (no `refresh`), so ncurses writes only
/// at set-up and at `endwin`; frames go through `TerminalWriter`. UI thread only.
final class CursesScreen {
    private var screen: OpaquePointer?
    private let output: UnsafeMutablePointer<FILE>
    private let input: UnsafeMutablePointer<FILE>
    private var ended = false

    /// `newterm(3X)` for `terminalType` (nil: $TERM), writing to a copy of `outputFD` and
    /// reading from a copy of `inputFD`, then `set_term` to make it current.
    init(terminalType: String?, outputFD: Int32, inputFD: Int32) throws(TerminalError) {
        let outputCopy = try SystemCalls.duplicate(outputFD)
        let inputCopy: Int32
        do { inputCopy = try SystemCalls.duplicate(inputFD) } catch { SystemCalls.close(outputCopy); throw error }
        do {
            output = try SystemCalls.openStream(outputCopy, mode: "w")
        } catch {
            SystemCalls.close(outputCopy); SystemCalls.close(inputCopy); throw error
        }
        do {
            input = try SystemCalls.openStream(inputCopy, mode: "r")
        } catch {
            fclose(output); SystemCalls.close(inputCopy); throw error
        }
        let made: OpaquePointer? = if let terminalType { newterm(terminalType, output, input) } else { newterm(nil, output, input) }
        guard let made else {
            fclose(output); fclose(input)
            throw .unknownTerminal(terminalType ?? getenv("TERM").map { String(cString: $0) } ?? "")
        }
        screen = made
        set_term(made)
    }

    deinit { close() }

    /// `raw(3X)`, `noecho`, `nonl`, `meta`, `intrflush`: every byte as typed, nothing
    /// echoed, Enter as CR, 8-bit input for UTF-8, no signal keys (Ctrl-C, Ctrl-Z arrive as
    /// bytes and the session decides).
    func enterRawMode() throws(TerminalError) {
        try check(raw(), "raw")
        try check(noecho(), "noecho")
        try check(nonl(), "nonl")
        _ = meta(cncurses_stdscr(), true)
        _ = intrflush(cncurses_stdscr(), false)
    }

    /// `keypad(3X)`: transmit mode (smkx), so the keys send what terminfo lists. ncurses
    /// flushes its start-up output here, including smcup (the alternate screen).
    func enableKeypad() throws(TerminalError) {
        try check(keypad(cncurses_stdscr(), true), "keypad")
    }

    /// `curs_set(3X)` 0: hides the cursor (civis). Not an error where unsupported.
    func hideCursor() {
        _ = curs_set(0)
    }

    /// `resizeterm(3X)`: tells ncurses the new size, so its idea of LINES/COLS matches.
    func resize(to size: CellSize) {
        guard !ended, !size.isEmpty else { return }
        _ = resizeterm(Int32(clamping: size.rows), Int32(clamping: size.columns))
    }

    /// `endwin(3X)`: shows the cursor, leaves the alternate screen and keypad mode, and
    /// puts back the tty modes saved by `newterm`. Idempotent.
    func end() {
        guard !ended else { return }
        ended = true
        _ = endwin()
    }

    /// `delscreen(3X)` and `fclose` of the two streams. Idempotent.
    func close() {
        guard let screen else { return }
        end()
        delscreen(screen)
        self.screen = nil
        fclose(output)
        fclose(input)
    }

    private func check(_ result: Int32, _ name: String) throws(TerminalError) {
        guard result != cncurses_err() else { throw .curses(name) }
    }
}
