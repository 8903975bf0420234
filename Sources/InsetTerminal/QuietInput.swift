import Glibc

/// A tty with echo and canonical mode off for a while, then its modes put back exactly.
///
/// Why: a terminal's replies to queries arrive as input, and with echo on the tty would
/// print them (`^[[?62;c`) on the user's screen. Whoever sends queries holds one of these
/// from before the first query until no reply can be echoed any more. A tty that is quiet
/// already (the player's raw mode) is left alone, and left alone at the end too.
struct QuietInput {
    let descriptor: Int32
    /// The modes found, restored at the end; nil when they were quiet already.
    private let saved: termios?

    /// Turns echo off on `descriptor` unless it is off already.
    init(_ descriptor: Int32) throws(TerminalError) {
        let found = try SystemCalls.terminalAttributes(descriptor)
        self.descriptor = descriptor
        if found.c_lflag & tcflag_t(ICANON | ECHO) != 0 {
            try SystemCalls.setTerminalAttributes(descriptor, Self.quietModes(found))
            saved = found
        } else {
            saved = nil
        }
    }

    /// Puts the modes back as found. TCSANOW, so what is queued stays for the next reader
    /// (keys typed after the last read, a late reply: received while echo was off, never
    /// echoed) — unless `discardingInput`, for a process about to exit whose next reader
    /// would be the shell: then a late reply must not reach it as typed text.
    func restore(discardingInput: Bool) {
        if discardingInput { SystemCalls.discardInput(descriptor) }
        if let saved { try? SystemCalls.setTerminalAttributes(descriptor, saved) }
    }

    /// No echo (replies never reach the screen), no canonical mode (replies end in no
    /// newline), no signals (Ctrl-C is a byte handed back, not a death with echo off).
    /// Output processing is left alone, so text printed meanwhile still gets its CR.
    static func quietModes(_ modes: termios) -> termios {
        var quiet = modes
        quiet.c_lflag &= ~tcflag_t(ICANON | ECHO | ECHONL | ISIG | IEXTEN)
        // A read returns as soon as one byte is there; poll does the waiting.
        withUnsafeMutableBytes(of: &quiet.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        return quiet
    }
}
