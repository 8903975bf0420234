import InsetCore
import InsetTerminal

/// `inset probe-terminal`: what the terminal answered, a line a fact, for a person to read
/// (and a test or a bug report to quote).
public enum TerminalProbeReport {
    public static func text(_ outcome: TerminalProbe.Outcome, timeout: Duration) -> String {
        let capabilities = outcome.capabilities
        var lines: [String] = []
        func row(_ name: String, _ value: String) { lines.append(name.padding(toLength: 16, withPad: " ", startingAt: 0) + value) }
        func yes(_ flag: Bool) -> String { flag ? "yes" : "no" }
        row("terminal", capabilities.terminalName ?? "unknown (no XTVERSION reply)")
        row("graphics", "\(capabilities.bestGraphics().rawValue) (the best it offers)")
        row("kitty graphics", yes(capabilities.kittyGraphics))
        row("sixel", yes(capabilities.sixel))
        row("iTerm2 images", capabilities.drawsITermImages
            ? "yes (\(capabilities.iTermVersion.map { "ITERM2 \($0) to CSI 1337 n" } ?? capabilities.programInEnvironment ?? capabilities.terminalName ?? "named"))"
            : "no")
        row("DA1", capabilities.primaryAttributes.isEmpty ? "no reply"
            : "?" + capabilities.primaryAttributes.map(String.init).joined(separator: ";") + "c")
        if let cell = capabilities.cellPixels, let source = capabilities.cellPixelsSource {
            row("cell size", "\(cell) pixels (from \(source.rawValue))")
        } else {
            row("cell size", "unknown (no reply to CSI 16 t, no pixels from TIOCGWINSZ)")
        }
        row("octants", capabilities.drawsOctantsNatively ? "drawn by the terminal" : "from the font, if it has them")
        row("inside tmux", !capabilities.insideTmux ? "no"
            : capabilities.kittyOutsideTmux ? "yes, in kitty (KITTY_WINDOW_ID): kitty placeholders" : "yes")
        if outcome.isComplete {
            row("answered", "within \(tenths(outcome.elapsed)) ms")
        } else if capabilities.answered {
            row("answered", "partly: no DA1 reply within \(milliseconds(timeout)) ms")
        } else {
            row("answered", "no answer (timeout after \(milliseconds(timeout)) ms)")
        }
        if !outcome.leftoverInput.isEmpty {
            row("typed meanwhile", "\(outcome.leftoverInput.count) byte\(outcome.leftoverInput.count == 1 ? "" : "s"), ignored")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Whole milliseconds, as the timeout was given.
    static func milliseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        return seconds * 1000 + attoseconds / 1_000_000_000_000_000
    }

    /// Milliseconds to a tenth, rounded up: a terminal on the same machine answers in well
    /// under one, which "0 ms" would hide.
    static func tenths(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let tenths = seconds * 10_000 + (attoseconds + 99_999_999_999_999) / 100_000_000_000_000
        return "\(tenths / 10).\(tenths % 10)"
    }
}
