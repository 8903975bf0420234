import InsetCore
import InsetRender
import Testing
@testable import InsetShell

/// The emulator on known byte sequences: what programs print comes out as the cells a
/// terminal would show.
@Suite("Virtual screen")
struct VirtualScreenTests {
    func cells(_ bytes: String, size: CellSize = CellSize(columns: 20, rows: 4)) -> (VirtualScreen, CellGrid) {
        let screen = VirtualScreen(size: size)
        screen.feed(bytes)
        var grid = CellGrid(size: size)
        screen.draw(into: &grid, showCursor: false)
        return (screen, grid)
    }

    func text(_ grid: CellGrid, row: Int) -> String {
        var result = ""
        for column in 0..<grid.columns where grid[column, row].glyph != Cell.wideContinuation {
            result.unicodeScalars.append(Unicode.Scalar(grid[column, row].glyph)!)
        }
        return result
    }

    @Test("plain text, newlines and the cursor")
    func plainText() {
        let (screen, grid) = cells("hello\r\nworld")
        #expect(text(grid, row: 0).hasPrefix("hello "))
        #expect(text(grid, row: 1).hasPrefix("world "))
        #expect(screen.cursor == CellPoint(column: 5, row: 1))
        #expect(grid[0, 0].foreground == TerminalColor.defaultForeground)
        #expect(grid[0, 0].background == TerminalColor.defaultBackground)
    }

    @Test("16, 256 and 24-bit colours: the palette kept as palette, RGB as RGB")
    func colors() {
        let (_, grid) = cells("\u{1B}[31ma\u{1B}[94mb\u{1B}[38;5;208mc\u{1B}[38;2;1;2;3;48;5;17md\u{1B}[0me")
        #expect(grid[0, 0].foreground == TerminalColor.palette(1))
        #expect(grid[1, 0].foreground == TerminalColor.palette(12))
        #expect(grid[2, 0].foreground == TerminalColor.palette(208))
        #expect(grid[3, 0].foreground == 0x010203 && grid[3, 0].background == TerminalColor.palette(17))
        #expect(grid[4, 0].foreground == TerminalColor.defaultForeground)
    }

    @Test("bold, underline, italic, reverse")
    func attributes() {
        let (_, grid) = cells("\u{1B}[1ma\u{1B}[0;4mb\u{1B}[0;3mc\u{1B}[0;7md\u{1B}[0me")
        #expect(grid[0, 0].attributes == [.bold])
        #expect(grid[1, 0].attributes == [.underline])
        #expect(grid[2, 0].attributes == [.italic])
        #expect(grid[3, 0].attributes == [.reverse])
        #expect(grid[4, 0].attributes == [])
    }

    @Test("a wide character takes two cells: the glyph, then its continuation")
    func wideCharacters() {
        let (screen, grid) = cells("a世b")
        #expect(grid[1, 0].glyph == 0x4E16 && grid[1, 0].attributes.contains(.wide))
        #expect(grid[2, 0].glyph == Cell.wideContinuation)
        #expect(grid[3, 0].glyph == UInt32(UInt8(ascii: "b")))
        #expect(screen.cursor.column == 4)
    }

    @Test("the alternate screen, and back to the main one as it was")
    func alternateScreen() {
        let screen = VirtualScreen(size: CellSize(columns: 10, rows: 3))
        screen.feed("main")
        screen.feed("\u{1B}[?1049h\u{1B}[Halt")
        #expect(screen.isAlternateScreen)
        var grid = CellGrid(size: screen.size)
        screen.draw(into: &grid, showCursor: false)
        #expect(text(grid, row: 0).hasPrefix("alt "))
        screen.feed("\u{1B}[?1049l")
        screen.draw(into: &grid, showCursor: false)
        #expect(!screen.isAlternateScreen)
        #expect(text(grid, row: 0).hasPrefix("main"))
    }

    @Test("keys are encoded as the program's modes ask: cursor keys, Ctrl, bracketed paste")
    func keys() {
        let screen = VirtualScreen(size: CellSize(columns: 10, rows: 3))
        var out: [UInt8] = []
        screen.send(.character("a"))
        screen.send(.control("c"))
        screen.send(KeyPress(.up))
        screen.takeOutput(into: &out)
        #expect(out == Array("a\u{03}\u{1B}[A".utf8))
        out.removeAll()
        screen.feed("\u{1B}[?1h\u{1B}[?2004h")   // application cursor keys, bracketed paste
        screen.send(KeyPress(.up))
        screen.paste("x\ny")
        screen.takeOutput(into: &out)
        #expect(String(decoding: out, as: UTF8.self) == "\u{1B}OA\u{1B}[200~x\ry\u{1B}[201~")
    }

    @Test("mouse events reach the program only when it asked for them")
    func mouse() {
        let screen = VirtualScreen(size: CellSize(columns: 10, rows: 3))
        var out: [UInt8] = []
        let click = MouseEvent(.press, .left, at: CellPoint(column: 2, row: 1))
        #expect(!screen.mouse(click, at: CellPoint(column: 2, row: 1)))
        screen.feed("\u{1B}[?1000h\u{1B}[?1006h")
        #expect(screen.mouse(click, at: CellPoint(column: 2, row: 1)))
        screen.takeOutput(into: &out)
        #expect(String(decoding: out, as: UTF8.self) == "\u{1B}[<0;3;2M")
    }

    @Test("the cursor is drawn as a reversed cell, unless the program hid it")
    func cursor() {
        let screen = VirtualScreen(size: CellSize(columns: 10, rows: 3))
        screen.feed("ab")
        var grid = CellGrid(size: screen.size)
        screen.draw(into: &grid, showCursor: true)
        #expect(grid[2, 0].attributes.contains(.reverse))
        screen.feed("\u{1B}[?25l")
        screen.draw(into: &grid, showCursor: true)
        #expect(!grid[2, 0].attributes.contains(.reverse))
    }

    @Test("a resize keeps the text and changes the size")
    func resize() {
        let screen = VirtualScreen(size: CellSize(columns: 10, rows: 3))
        screen.feed("abc")
        screen.resize(to: CellSize(columns: 20, rows: 5))
        var grid = CellGrid(size: CellSize(columns: 20, rows: 5))
        screen.draw(into: &grid, showCursor: false)
        #expect(text(grid, row: 0).hasPrefix("abc"))
        #expect(screen.size == CellSize(columns: 20, rows: 5))
    }
}
