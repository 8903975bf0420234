import Testing
@testable import InsetCore

@Suite("TerminalCapabilities")
struct TerminalCapabilitiesTests {
    /// xterm's TIOCGWINSZ counts its 2-pixel border on each side: 80x24 cells of 6x13 are
    /// 484x316 (captured under Xvfb). tmux with an xterm client: 80x23 cells, 480x299.
    @Test("the cell size from the window size", arguments: [
        (PixelSize(width: 484, height: 316), CellSize(columns: 80, rows: 24), PixelSize(width: 6, height: 13) as PixelSize?),
        (PixelSize(width: 480, height: 299), CellSize(columns: 80, rows: 23), PixelSize(width: 6, height: 13)),
        (PixelSize(width: 0, height: 0), CellSize(columns: 80, rows: 24), nil),
        (PixelSize(width: 1280, height: 768), CellSize(columns: 0, rows: 0), nil),
        (PixelSize(width: 40, height: 400), CellSize(columns: 80, rows: 24), nil),
    ])
    func cellPixelsFromWindow(window: PixelSize, cells: CellSize, expected: PixelSize?) {
        #expect(TerminalCapabilities.cellPixels(window: window, cells: cells) == expected)
    }

    @Test func windowSizeIsOnlyAFallback() {
        var asked = TerminalCapabilityProbe(environment: [:])
        asked.receive(Array("\u{1B}[6;20;10t\u{1B}[?62;c".utf8))
        let (answered, _) = asked.finish(windowPixels: PixelSize(width: 484, height: 316), cells: CellSize(columns: 80, rows: 24))
        #expect(answered.cellPixels == PixelSize(width: 10, height: 20) && answered.cellPixelsSource == .query)
        var silent = TerminalCapabilityProbe(environment: [:])
        let (unanswered, leftover) = silent.finish(windowPixels: PixelSize(width: 484, height: 316), cells: CellSize(columns: 80, rows: 24))
        #expect(!unanswered.answered && leftover.isEmpty)
        #expect(unanswered.cellPixels == PixelSize(width: 6, height: 13) && unanswered.cellPixelsSource == .windowSize)
        #expect(unanswered.bestGraphics() == .cells)
    }

    @Test("a cell size past a few hundred pixels is not taken, from the reply or the window (3.7 TB once)", arguments: [
        "\u{1B}[6;40000;40000t", "\u{1B}[6;20;40000t", "\u{1B}[6;0;10t", "\u{1B}[6;999999999;1t",
    ])
    func implausibleCells(_ reply: String) {
        var probe = TerminalCapabilityProbe(environment: [:])
        probe.receive(Array((reply + "\u{1B}[?62;c").utf8))
        let (capabilities, _) = probe.finish(windowPixels: PixelSize(width: 4_000_000, height: 4_000_000),
                                             cells: CellSize(columns: 80, rows: 24))
        #expect(capabilities.cellPixels == nil, "\(reply): \(String(describing: capabilities.cellPixels))")
        var sane = TerminalCapabilityProbe(environment: [:])
        sane.receive(Array((reply + "\u{1B}[?62;c").utf8))
        #expect(sane.finish(windowPixels: PixelSize(width: 484, height: 316), cells: CellSize(columns: 80, rows: 24)).0.cellPixels
                == PixelSize(width: 6, height: 13), "falls back as when there is no reply")
    }

    @Test("TMUX in the environment: inside tmux, even with no reply")
    func tmuxFromEnvironment() {
        #expect(TerminalCapabilityProbe(environment: ["TMUX": "/tmp/tmux-0/default,1,0"]).capabilities.insideTmux)
        #expect(!TerminalCapabilityProbe(environment: ["TMUX": ""]).capabilities.insideTmux)
        #expect(!TerminalCapabilityProbe(environment: [:]).capabilities.insideTmux)
    }

    @Test("octants drawn natively by name", arguments: [
        ("kitty(0.39.1)", true), ("foot(1.16.2)", true), ("WezTerm 20240203-110809-5046fc22", true),
        ("ghostty 1.1.3", true), ("XTerm(379)", false), ("tmux 3.3a", false), (nil, false),
    ] as [(String?, Bool)])
    func octants(name: String?, native: Bool) {
        var capabilities = TerminalCapabilities()
        capabilities.terminalName = name
        #expect(capabilities.drawsOctantsNatively == native)
    }

    @Test("kitty beats sixel beats cells; tmux rules kitty out")
    func bestGraphics() {
        var capabilities = TerminalCapabilities()
        #expect(capabilities.bestGraphics() == .cells)
        capabilities.primaryAttributes = [62, 4]
        #expect(capabilities.bestGraphics() == .sixel)
        capabilities.kittyGraphics = true
        #expect(capabilities.bestGraphics() == .kitty)
        capabilities.insideTmux = true
        #expect(capabilities.bestGraphics() == .sixel, "tmux answers for itself: its OK is not the terminal's")
        capabilities.kittyInEnvironment = true
        #expect(capabilities.bestGraphics() == .kitty, "kitty outside tmux, by its KITTY_WINDOW_ID")
        capabilities.kittyInEnvironment = false
        capabilities.primaryAttributes = [4]
        #expect(capabilities.bestGraphics() == .cells, "4 as the device class (a VT132) is not sixel")
    }

    @Test func graphicsSpellings() {
        #expect(GraphicsMode.allCases.map(\.rawValue) == ["kitty", "sixel", "iterm", "cells"])
        #expect(GraphicsMode(rawValue: "Kitty") == nil && GraphicsMode(rawValue: "") == nil)
    }

    @Test("what is known without asking: tmux, from TMUX")
    func fromEnvironment() {
        #expect(TerminalCapabilities(environment: ["TMUX": "/tmp/tmux-0/default,1,0"]).insideTmux)
        #expect(!TerminalCapabilities(environment: ["TMUX": ""]).insideTmux)
        #expect(TerminalCapabilities(environment: [:]) == TerminalCapabilities())
        let inKitty = TerminalCapabilities(environment: ["TMUX": "/tmp/tmux-0/default,1,0", "KITTY_WINDOW_ID": "3"])
        #expect(inKitty.kittyOutsideTmux && inKitty.bestGraphics() == .kitty)
        let kittyAlone = TerminalCapabilities(environment: ["KITTY_WINDOW_ID": "3"])
        #expect(!kittyAlone.kittyOutsideTmux && kittyAlone.bestGraphics() == .cells, "outside tmux the query decides")
    }
}
