import InsetCore
import Testing
@testable import InsetRender

/// The model is the judge of every replay test, so it is tested too: it must read the
/// rasterizer's subset correctly and refuse everything else.
@Suite("Terminal model")
struct TerminalModelTests {
    private func frame(_ body: String) -> [UInt8] { Array(("\u{1B}[?2026h" + body + "\u{1B}[?2026l").utf8) }

    @Test("reads the subset")
    func reads() throws {
        var model = TerminalModel(size: CellSize(columns: 4, rows: 2))
        try model.applyFrame(frame("\u{1B}[0m\u{1B}[2J\u{1B}[2;3H\u{1B}[1;7;38;2;1;2;3;48;5;196mab\u{1B}[H\u{1B}[22;27;91;104mc\u{1B}[Cd"))
        #expect(model[2, 1] == ModelCell(glyph: 0x61, foreground: RGB(1, 2, 3), background: RGB(255, 0, 0), attributes: [.bold, .reverse]))
        #expect(model[3, 1].glyph == 0x62 && model.pendingWrap == false)
        #expect(model[0, 0] == ModelCell(glyph: 0x63, foreground: RGB(255, 0, 0), background: RGB(92, 92, 255), attributes: []))
        #expect(model[2, 0].glyph == 0x64)
        #expect(model[1, 0].glyph == 0x20 && model[1, 0].background == nil)
        try model.applyFrame(frame("\u{1B}[1;4Hz"))
        #expect(model.pendingWrap)
    }

    static let rejected: [String] = [
        "\u{1B}[5A",            // cursor up: not in the subset
        "\u{1B}[5m",           // blink: the rasterizer never sends it
        "\u{1B}[38;2;1;2m",     // truncated colour
        "\u{1B}[38;2;1;2;300m", // out of range
        "\u{1B}[38;;1m",        // empty parameter inside SGR
        "\u{1B}[3;1H",          // off the screen (2 rows)
        "\u{1B}[1;4Hab",        // relies on autowrap
        "\u{1B}[1;4H\u{1B}[C",  // CUF from pending wrap
        "\u{1B}[1;2H\u{1B}[3C", // CUF off the row
        "\u{1B}[J",             // erase below
        "\u{1B}]0;title\u{7}",  // OSC
        "a\nb",                 // newline
        "\u{1B}[?25l",          // other private mode
        "\u{1B}[?2026h",        // nested sync
        "\u{FF}",               // invalid UTF-8
    ]

    @Test("refuses anything else", arguments: rejected)
    func refuses(body: String) {
        var model = TerminalModel(size: CellSize(columns: 4, rows: 2))
        var bytes = frame(body)
        if body == "\u{FF}" { bytes = frame("") ; bytes.insert(0xFF, at: 8) }
        #expect(throws: TerminalModelError.self) { try model.applyFrame(bytes) }
    }

    @Test("refuses output outside a synchronized update")
    func outsideSync() {
        var model = TerminalModel(size: CellSize(columns: 4, rows: 2))
        #expect(throws: TerminalModelError.self) { try model.apply(Array("a".utf8)) }
        #expect(throws: TerminalModelError.self) { try model.applyFrame(Array("\u{1B}[?2026ha".utf8)) }
    }
}
