/// Which terminals draw iTerm2's inline images (OSC 1337 `File=`): iTerm2 itself, WezTerm,
/// VS Code's terminal (xterm.js), mintty and Konsole. None of them says so in a reply one
/// can ask for everywhere, so the terminal is known by its name: iTerm2's answer to
/// `CSI 1337 n`, XTVERSION's reply where it gives one, else the environment (TERM_PROGRAM,
/// LC_TERMINAL, which iTerm2 sends over ssh, and the variables WezTerm and Konsole set for
/// their shells, which tmux keeps from the environment its server started in).
extension TerminalCapabilities {
    /// Name prefixes (lower case) of the terminals that draw OSC 1337 pictures, as XTVERSION
    /// or the environment spell them ("iTerm2 3.5.0", "WezTerm 20240203", "xterm.js(5.5.0)",
    /// "vscode", "mintty", "Konsole 23.08.5").
    static let iTermImageTerminals = ["iterm", "wezterm", "xterm.js", "vscode", "mintty", "konsole"]

    /// Terminals whose kitty graphics answer OK but fall short of what the player needs
    /// (WezTerm: no Unicode placeholders and slow frame replacement; Konsole: no
    /// placements by id), where OSC 1337 does better.
    static let partialKittyTerminals = ["wezterm", "konsole"]

    /// Terminals whose OSC 1337 pictures stay under text written over them, until the whole
    /// screen is cleared (ED 2) or the alternate screen left: Konsole 22.12 (spaces, ECH, EL,
    /// ED 0 and 1 and DL over one leave it, seen under Xvfb).
    static let iTermImagesUnderTextTerminals = ["konsole"]

    /// Whether cells written over an OSC 1337 picture leave it on screen here.
    public var keepsITermImagesUnderText: Bool { Self.named(by: self, oneOf: Self.iTermImagesUnderTextTerminals) }

    /// Whether the terminal is one that draws OSC 1337 pictures.
    public var drawsITermImages: Bool { iTermVersion != nil || Self.named(by: self, oneOf: Self.iTermImageTerminals) }

    /// Whether the terminal's kitty graphics are partial (`partialKittyTerminals`).
    var kittyIsPartial: Bool { Self.named(by: self, oneOf: Self.partialKittyTerminals) }

    private static func named(by capabilities: TerminalCapabilities, oneOf prefixes: [String]) -> Bool {
        // Inside tmux XTVERSION is tmux's own: only the environment names the terminal.
        let names = [capabilities.insideTmux ? nil : capabilities.terminalName, capabilities.programInEnvironment]
        return names.contains { name in
            guard let name = name?.lowercased() else { return false }
            return prefixes.contains { name.hasPrefix($0) }
        }
    }

    /// The terminal the environment names: TERM_PROGRAM ("iTerm.app", "WezTerm", "vscode",
    /// "mintty"; tmux sets it to "tmux", which names no terminal), else LC_TERMINAL
    /// ("iTerm2"), else WezTerm's or Konsole's own variables.
    static func program(in environment: [String: String]) -> String? {
        if let program = environment["TERM_PROGRAM"], !program.isEmpty, program != "tmux" { return program }
        if let terminal = environment["LC_TERMINAL"], !terminal.isEmpty { return terminal }
        if !(environment["WEZTERM_EXECUTABLE"] ?? "").isEmpty || !(environment["WEZTERM_PANE"] ?? "").isEmpty { return "WezTerm" }
        if let konsole = environment["KONSOLE_VERSION"], !konsole.isEmpty { return "Konsole \(konsole)" }
        return nil
    }
}
