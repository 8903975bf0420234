import InsetCore
import Testing
@testable import InsetApp

/// The drawing chosen inside each multiplexer, the embedded player's way (nothing asked of
/// the terminal, kitty's variables inherited): what `App.drawing` hands the painter.
@Suite("Multiplexer drawing")
struct MultiplexerDrawingTests {
    static let kittyOutside = ["KITTY_WINDOW_ID": "3", "TERM": "xterm-kitty"]

    static func drawing(_ extra: [String: String], graphics: GraphicsMode? = nil) -> (raster: CellRaster, pictures: (any PictureOutput)?) {
        let environment = kittyOutside.merging(extra) { $1 }
        var capabilities = TerminalCapabilities(environment: environment)
        capabilities.kittyGraphics = true
        return App.drawing(AppOptions(paths: [], graphics: graphics), capabilities, environment: environment)
    }

    @Test("inside GNU screen and dvtm: cells, even with --vo=kitty (graphics given)")
    func cellsInScreenAndDvtm() {
        for environment in [["STY": "1.pts-0.host", "TERM": "screen"], ["DVTM": "0.15", "TERM": "dvtm-256color"]] {
            #expect(Self.drawing(environment).pictures == nil)
            #expect(Self.drawing(environment, graphics: .kitty).pictures == nil)
            #expect(Self.drawing(environment, graphics: .sixel).pictures == nil)
        }
    }

    @Test("inside Zellij: kitty placed directly, in the escapes, even when shared memory is asked")
    func zellijDirect() {
        #expect(Self.drawing(["ZELLIJ": "0"]).pictures == .kitty(.direct, passthrough: false))
        var options = AppOptions(paths: [], graphics: .kitty)
        options.kittySharedMemory = true
        var capabilities = TerminalCapabilities(environment: ["ZELLIJ": "0"])
        capabilities.terminalName = "kitty(0.39.1)"
        #expect(App.drawing(options, capabilities, environment: ["ZELLIJ": "0"]).pictures == .kitty(.direct, passthrough: false))
    }

    @Test("outside any multiplexer, kitty as before")
    func noMultiplexer() {
        #expect(Self.drawing([:]).pictures != nil)
    }
}
