import InsetCore

/// Chooses the colour mode from what the environment and terminfo say.
///
/// Pure, so every combination is tested without a terminal; `TerminalSession` feeds it the
/// process environment and its terminfo look-ups, and `--colors` overrides the result.
public enum ColorCapability {
    /// Truecolor when COLORTERM is `truecolor` or `24bit`, or terminfo has RGB/Tc (as the
    /// `-direct` entries and tmux's Tc do); else 256 colours when terminfo has at least 256
    /// (`colors`), or, when terminfo does not say, when TERM names a 256-colour terminal;
    /// else 16.
    ///
    /// - Parameters:
    ///   - environment: the process environment (COLORTERM, TERM are read).
    ///   - terminfoHasRGB: terminfo's RGB or Tc flag (`cncurses_has_rgb_capability`).
    ///   - terminfoColors: terminfo's `colors` number; -1 when absent or unknown.
    public static func detect(environment: [String: String], terminfoHasRGB: Bool, terminfoColors: Int = -1) -> ColorMode {
        let colorTerm = environment["COLORTERM"]?.lowercased() ?? ""
        if colorTerm == "truecolor" || colorTerm == "24bit" || terminfoHasRGB {
            return .truecolor
        }
        if terminfoColors >= 256 { return .palette256 }
        if terminfoColors < 0, let term = environment["TERM"], term.contains("256color") { return .palette256 }
        return .palette16
    }
}
