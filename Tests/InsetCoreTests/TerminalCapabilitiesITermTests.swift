import InsetCore
import Testing

/// Which terminals `auto` sends iTerm2 inline images to: known by XTVERSION's name or the
/// environment, after kitty where kitty is whole, before sixel.
@Suite("Terminal capabilities: iTerm2 inline images")
struct TerminalCapabilitiesITermTests {
    @Test("by XTVERSION: iTerm2, WezTerm, xterm.js (VS Code), mintty, Konsole draw them; others do not", arguments: [
        ("iTerm2 3.5.4", true), ("WezTerm 20240203-110809-5046fc22", true), ("xterm.js(5.5.0)", true),
        ("mintty 3.7.1", true), ("Konsole 23.08.5", true), ("XTerm(379)", false), ("kitty(0.39.1)", false), ("foot(1.16.2)", false),
    ] as [(String, Bool)])
    func byName(name: String, draws: Bool) {
        var capabilities = TerminalCapabilities(environment: [:])
        capabilities.terminalName = name
        #expect(capabilities.drawsITermImages == draws)
        #expect(capabilities.bestGraphics() == (draws ? .iterm : .cells))
    }

    @Test("by the environment, also inside tmux, where XTVERSION is tmux's", arguments: [
        (["TERM_PROGRAM": "iTerm.app"], true), (["TERM_PROGRAM": "WezTerm"], true), (["TERM_PROGRAM": "vscode"], true),
        (["TERM_PROGRAM": "mintty"], true), (["KONSOLE_VERSION": "230805"], true), (["LC_TERMINAL": "iTerm2"], true),
        (["TMUX": "/tmp/tmux-0/default,1,0", "TERM_PROGRAM": "tmux", "WEZTERM_PANE": "3"], true),
        (["TMUX": "/tmp/tmux-0/default,1,0", "TERM_PROGRAM": "tmux"], false), (["TERM_PROGRAM": "Apple_Terminal"], false), ([:], false),
    ] as [([String: String], Bool)])
    func byEnvironment(environment: [String: String], draws: Bool) {
        var capabilities = TerminalCapabilities(environment: environment)
        if capabilities.insideTmux { capabilities.record(.terminalVersion("tmux 3.4")) }
        #expect(capabilities.drawsITermImages == draws)
        #expect(capabilities.bestGraphics() == (draws ? .iterm : .cells))
    }

    @Test("kitty first where its graphics are whole; iterm before a partial kitty (WezTerm, Konsole) and before sixel")
    func order() {
        var kitty = TerminalCapabilities(environment: ["TERM_PROGRAM": "vscode"])
        kitty.kittyGraphics = true
        #expect(kitty.bestGraphics() == .kitty, "an OK to the kitty query from a whole kitty implementation wins")
        var wezterm = TerminalCapabilities(environment: [:])
        wezterm.terminalName = "WezTerm 20240203-110809-5046fc22"
        wezterm.kittyGraphics = true
        wezterm.primaryAttributes = [65, 4]
        #expect(wezterm.bestGraphics() == .iterm)
        var konsole = TerminalCapabilities(environment: ["KONSOLE_VERSION": "230805"])
        konsole.primaryAttributes = [62, 4]
        #expect(konsole.bestGraphics() == .iterm)
        var xterm = TerminalCapabilities(environment: [:])
        xterm.terminalName = "XTerm(379)"
        xterm.primaryAttributes = [63, 4]
        #expect(xterm.bestGraphics() == .sixel)
        #expect(GraphicsMode(rawValue: "iterm") == .iterm)
    }
}
