import InsetCore
import Testing
@testable import InsetApp
@testable import InsetPlayback

/// Whether the picture output chosen is `expected`: of its type, and equal to it.
func == <Output: PictureOutput & Equatable>(chosen: (any PictureOutput)?, expected: Output) -> Bool {
    // Both of the type: Equatable's own ==, not this one again.
    guard let chosen = chosen as? Output else { return false }
    return chosen == expected
}

/// How the video is drawn for what the terminal said and what the command line asked.
@Suite("Drawing choice")
struct DrawingChoiceTests {
    static func terminal(name: String? = nil, sixel: Bool = false, kitty: Bool = false, tmux: Bool = false,
                         cell: PixelSize? = nil) -> TerminalCapabilities {
        var capabilities = TerminalCapabilities()
        capabilities.terminalName = name
        capabilities.primaryAttributes = sixel ? [63, 4] : [62]
        capabilities.kittyGraphics = kitty
        capabilities.insideTmux = tmux
        capabilities.cellPixels = cell
        return capabilities
    }

    static func drawing(_ capabilities: TerminalCapabilities, graphics: GraphicsMode? = nil, blitter: Blitter? = nil,
                        environment: [String: String] = [:]) -> (raster: CellRaster, pictures: (any PictureOutput)?) {
        App.drawing(AppOptions(paths: [], blitter: blitter, graphics: graphics), capabilities, environment: environment)
    }

    @Test("auto takes the terminal's best; a mode given is taken as given")
    func graphics() {
        let xterm = Self.terminal(name: "XTerm(379)", sixel: true, cell: PixelSize(width: 6, height: 13))
        let sixel = Self.drawing(xterm)
        #expect(sixel.pictures == .sixel && sixel.raster == CellRaster(cellPixels: PixelSize(width: 6, height: 13)))
        // Issue 42 item 5: sixel pixels are the screen's own; kitty's and iTerm2's pictures are scaled to their cells.
        #expect(!sixel.raster.scalesToCells && Self.drawing(xterm, graphics: .kitty).raster.scalesToCells)
        let cells = Self.drawing(xterm, graphics: .cells)
        #expect(cells.pictures == nil && cells.raster == CellRaster(blitter: .half, cellAspect: 6.0 / 13))
        let forced = Self.drawing(Self.terminal(), graphics: .sixel)
        #expect(forced.pictures == .sixel && forced.raster.pixelsPerCell == App.assumedCellPixels, "no answer: 10x20 assumed")
    }

    @Test("kitty: shared memory for kitty itself here, bytes elsewhere, passthrough inside tmux")
    func kitty() {
        let local = Self.terminal(name: "kitty(0.39.1)", kitty: true, cell: PixelSize(width: 10, height: 20))
        #expect(Self.drawing(local).pictures == .kitty(.sharedMemory, passthrough: false))
        #expect(Self.drawing(local, environment: ["SSH_CONNECTION": "1 2 3 4"]).pictures == .kitty(.direct, passthrough: false))
        #expect(Self.drawing(Self.terminal(name: "WezTerm 20240203", kitty: true), graphics: .kitty).pictures
                == .kitty(.direct, passthrough: false))
    }

    @Test("iterm: auto in WezTerm (over its partial kitty), real pixels at the cell's size; passthrough inside tmux")
    func iterm() {
        let wezterm = Self.drawing(Self.terminal(name: "WezTerm 20240203", kitty: true, cell: PixelSize(width: 9, height: 18)))
        #expect(wezterm.pictures == .iterm(passthrough: false) && wezterm.raster == CellRaster(cellPixels: PixelSize(width: 9, height: 18), scalesToCells: true))
        #expect(Self.drawing(Self.terminal(), graphics: .iterm).pictures == .iterm(passthrough: false))
        var tmux = TerminalCapabilities(environment: ["TMUX": "/tmp/tmux-0/default,1,0", "LC_TERMINAL": "iTerm2"])
        tmux.record(.terminalVersion("tmux 3.4"))
        let inTmux = Self.drawing(tmux)
        #expect(inTmux.pictures == .iterm(passthrough: true) && inTmux.raster.pixelsPerCell == App.assumedCellPixels)
    }

    @Test("inside tmux kitty graphics are Unicode placeholders with passthrough: asked for, or auto with kitty outside")
    func kittyInsideTmux() {
        let tmux = Self.terminal(name: "tmux 3.3a", tmux: true)
        #expect(Self.drawing(tmux, graphics: .kitty).pictures == .kittyPlaceholders(passthrough: true))
        #expect(Self.drawing(tmux).pictures == nil, "auto, nothing says kitty is outside: cells")
        var inKitty = tmux
        inKitty.kittyInEnvironment = true
        let auto = Self.drawing(inKitty, environment: ["SSH_CONNECTION": "1 2 3 4"])
        #expect(auto.pictures == .kittyPlaceholders(passthrough: true))
        #expect(auto.raster.pixelsPerCell == App.assumedCellPixels && auto.raster.blitter == nil)
        // Even a kitty that answered (through some other multiplexer's passthrough) gets
        // placeholders while tmux is in between, never shared memory.
        var answered = Self.terminal(name: "kitty(0.39.1)", kitty: true, tmux: true)
        answered.kittyInEnvironment = true
        #expect(Self.drawing(answered).pictures == .kittyPlaceholders(passthrough: true))
    }

    @Test("auto blitter: octants where the terminal draws them, half blocks elsewhere; a blitter given wins")
    func blitter() {
        #expect(Self.drawing(Self.terminal(name: "foot(1.16)"), graphics: .cells).raster.blitter == .octant)
        #expect(Self.drawing(Self.terminal(name: "tmux 3.3a")).raster.blitter == .half)
        #expect(Self.drawing(Self.terminal(name: "foot(1.16)"), graphics: .cells, blitter: .sextant).raster.blitter == .sextant)
    }

    /// Konsole keeps an OSC 1337 picture until its whole screen is cleared, which an embedded
    /// player may not do: embedded there, iterm draws in cells; full screen, it stays iterm.
    @Test("embedded in Konsole, --graphics iterm draws in cells; elsewhere, and full screen in Konsole, iTerm2 images")
    func embeddedInKonsole() throws {
        let konsole = TerminalCapabilities(environment: ["KONSOLE_VERSION": "221203"])
        let wezterm = TerminalCapabilities(environment: ["TERM_PROGRAM": "WezTerm"])
        var embedded = AppOptions(paths: [], graphics: .iterm)
        embedded.embed = try #require(EmbedGeometry(parsing: "70x20+2+2"))
        #expect(App.drawing(embedded, konsole, environment: [:]).pictures == nil)
        #expect(App.drawing(embedded, konsole, environment: [:]).raster.blitter == .half)
        #expect(App.drawing(embedded, wezterm, environment: [:]).pictures == .iterm(passthrough: false))
        #expect(Self.drawing(konsole, graphics: .iterm).pictures == .iterm(passthrough: false))
    }
}
