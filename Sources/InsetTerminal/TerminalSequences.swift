/// The byte strings that put the terminal into the player's state and take it out again,
/// built once at set-up from terminfo (with xterm's strings where the entry is silent).
///
/// They are computed up front because the signal handlers need `leave` and may not build
/// anything: it is copied into the static buffer of `SignalTrap` at set-up.
struct TerminalSequences: Equatable {
    /// Mouse tracking: 1000 press/release, 1002 drag, 1003 any motion, 1006 SGR encoding;
    /// and bracketed paste (2004), so a paste reaches the shell pane whole, not as keys.
    /// Written directly rather than through ncurses' mousemask, whose decoding depends
    /// on the entry's kmous and which we do not use for input anyway.
    static let mouseOn: [UInt8] = Array("\u{1B}[?1000h\u{1B}[?1002h\u{1B}[?1003h\u{1B}[?1006h\u{1B}[?2004h".utf8)
    /// The same modes off, in the reverse order.
    static let mouseOff: [UInt8] = Array("\u{1B}[?2004l\u{1B}[?1006l\u{1B}[?1003l\u{1B}[?1002l\u{1B}[?1000l".utf8)
    /// Ends a synchronized update (mode 2026) a frame may have left open when interrupted.
    static let endSynchronizedUpdate: [UInt8] = Array("\u{1B}[?2026l".utf8)
    /// CAN: cancels an escape sequence cut off half-written, so what follows is read anew.
    static let cancel: [UInt8] = [0x18]

    /// Clears the screen and homes the cursor (terminfo clear).
    var clear: [UInt8]
    /// smcup, civis, smkx, clear, mouse on: what re-entering after a suspend writes.
    var enter: [UInt8]
    /// mouse off, end of synchronized update, sgr0, cnorm: what the session writes
    /// before `endwin`, which then adds rmcup and rmkx itself. On a terminal without an
    /// alternate screen (no rmcup: TERM=dumb, a console) also clear, after sgr0 so the
    /// blank is the terminal's own: nothing else takes the last frame away, and it stayed
    /// under the shell's prompt.
    var beforeEnd: [UInt8]
    /// Everything that undoes `enter` and a half-written frame, for paths without
    /// ncurses (signal handlers, suspend): CAN, mouse off, end of synchronized update,
    /// sgr0, (clear,) cnorm, rmkx, rmcup.
    var leave: [UInt8]

    /// Builds the strings with `capability` (terminfo's `tigetstr`).
    init(capability: (String) -> [UInt8]?) {
        let smcup = capability("smcup") ?? []
        let rmcup = capability("rmcup") ?? []
        let civis = capability("civis") ?? Array("\u{1B}[?25l".utf8)
        let cnorm = capability("cnorm") ?? Array("\u{1B}[?25h".utf8)
        let smkx = capability("smkx") ?? []
        let rmkx = capability("rmkx") ?? []
        let sgr0 = capability("sgr0") ?? Array("\u{1B}[0m".utf8)
        clear = capability("clear") ?? Array("\u{1B}[H\u{1B}[2J".utf8)
        enter = smcup + civis + smkx + clear + Self.mouseOn
        let clearOnLeaving = rmcup.isEmpty ? clear : []
        beforeEnd = Self.mouseOff + Self.endSynchronizedUpdate + sgr0 + clearOnLeaving + cnorm
        leave = Self.cancel + beforeEnd + rmkx + rmcup
    }
}
