import InsetCore
import InsetTerminal

/// `inset doctor`'s findings, each from facts already gathered, so every case is a unit
/// test: here the terminal's (the probe `inset probe-terminal` runs, and the colour depth
/// the player would choose).
public enum DoctorFindings {
    /// The terminal's name and how it answered, its pictures, its cell size and tmux; nil
    /// `outcome`: there was no terminal to ask.
    public static func terminal(_ outcome: TerminalProbe.Outcome?) -> [DoctorLine] {
        guard let outcome else {
            return [DoctorLine("terminal", "none: standard input and output are not a terminal",
                               fix: "run inset doctor in the terminal you watch in, not through a pipe")]
        }
        let capabilities = outcome.capabilities
        let answer = outcome.isComplete ? "answered in \(TerminalProbeReport.tenths(outcome.elapsed)) ms"
            : capabilities.answered ? "answered in part (no DA1 reply)" : "no answer to the probe"
        var lines = [DoctorLine("terminal", "\(capabilities.terminalName ?? "unnamed (no XTVERSION reply)"), \(answer)",
                                fix: capabilities.answered ? nil
                                    : "a terminal that answers nothing gets cells only; over a slow link, inset probe-terminal --timeout 1000")]
        let best = capabilities.bestGraphics()
        func yes(_ flag: Bool) -> String { flag ? "yes" : "no" }
        let offered = "kitty graphics \(yes(capabilities.kittyGraphics)), sixel \(yes(capabilities.sixel)), "
            + "iTerm2 images \(yes(capabilities.drawsITermImages))"
        lines.append(DoctorLine("graphics", "\(best.rawValue) (\(offered))", fix: best != .cells ? nil
            : capabilities.insideTmux
            ? "in tmux, pictures only where they pass (kitty's placeholders with tmux inside kitty); cells work everywhere"
            : "real pixels need kitty, WezTerm, foot, Konsole, mlterm, xterm -ti vt340 (sixel) or iTerm2; cells work everywhere"))
        if let cell = capabilities.cellPixels, let source = capabilities.cellPixelsSource {
            lines.append(DoctorLine("cell size", "\(cell) pixels (from \(source.rawValue))"))
        } else {
            lines.append(DoctorLine("cell size", "unknown (no reply to CSI 16 t, no pixels from TIOCGWINSZ)",
                                    fix: best == .cells ? nil : "pictures are sized by a guess: a terminal that reports its cell size fits them exactly"))
        }
        lines.append(DoctorLine("tmux", !capabilities.insideTmux ? "no"
            : capabilities.kittyOutsideTmux ? "yes, inside kitty (KITTY_WINDOW_ID): kitty's placeholders" : "yes"))
        return lines
    }

    /// The colour depth cells are drawn in, and what said so.
    public static func colours(_ found: TerminfoColors.Finding, environment: [String: String]) -> DoctorLine {
        let term = environment["TERM"] ?? ""
        var said: [String] = []
        if let colorTerm = environment["COLORTERM"], !colorTerm.isEmpty { said.append("COLORTERM=\(colorTerm)") }
        if found.hasEntry {
            said.append("terminfo \(term): " + (found.hasRGB ? "RGB" : "\(found.colors.map(String.init) ?? "no") colours"))
        } else {
            said.append("no terminfo entry for TERM=\(term.isEmpty ? "(unset)" : term)")
        }
        let finding = "\(found.mode) (\(said.joined(separator: "; ")))"
        if !found.hasEntry {
            return DoctorLine("colours", finding, fix: "install ncurses-term, or set TERM to a name terminfo has (xterm-256color)")
        }
        return DoctorLine("colours", finding, fix: found.mode == .truecolor ? nil
            : "if the terminal has 24-bit colour, export COLORTERM=truecolor (or --colors truecolor)")
    }
}
