import InsetCore
import Testing
@testable import InsetRender

@Suite("UI drawing")
struct DrawingTests {
    @Test("text is placed, styled and clipped; wide and zero-width characters are tamed")
    func text() {
        var grid = CellGrid(size: CellSize(columns: 6, rows: 2))
        let style = CellStyle(foreground: RGB(1, 2, 3), background: RGB(4, 5, 6), attributes: [.bold])
        let end = grid.put("héllo world", at: CellPoint(column: 2, row: 1), style: style)
        #expect(end == 13)
        #expect(grid.description == "      \n  héll")
        #expect(grid[2, 1] == Cell("h", foreground: RGB(1, 2, 3), background: RGB(4, 5, 6), attributes: [.bold]))
        grid.put("日e\u{301}🎬x", at: CellPoint(column: -1, row: 0))
        #expect(grid.description == "e?x   \n  héll")
        grid.put("zzz", at: CellPoint(column: 0, row: 5))  // off the grid: nothing
        grid.put("abcdef", at: CellPoint(column: 0, row: 0), clip: CellRect(column: 1, row: 0, columns: 2, rows: 1))
        #expect(grid.description == "ebc   \n  héll")
    }

    @Test("a box has light borders and its title")
    func box() {
        var grid = CellGrid(size: CellSize(columns: 13, rows: 4))
        grid.drawBox(CellRect(column: 0, row: 0, columns: 13, rows: 4), title: "Library")
        #expect(grid.description == """
            ┌─ Library ─┐
            │           │
            │           │
            └───────────┘
            """)
        // One column less and the title is cut so a rule cell still closes it.
        grid.drawBox(CellRect(column: 0, row: 0, columns: 12, rows: 4), title: "Library")
        #expect(grid.description.hasPrefix("┌─ Libra… ─┐"))
        var small = CellGrid(size: CellSize(columns: 10, rows: 3))
        small.drawBox(CellRect(column: 0, row: 0, columns: 10, rows: 3), title: "A long title", fillInterior: true)
        #expect(small.description == "┌─ A l… ─┐\n│        │\n└────────┘")
    }

    @Test("boxes partly off the grid are clipped")
    func clippedBox() {
        var grid = CellGrid(size: CellSize(columns: 4, rows: 3))
        grid.drawBox(CellRect(column: 2, row: -1, columns: 5, rows: 3))
        #expect(grid.description == "  │ \n  └─\n    ")
    }

    @Test("fill paints a clipped rectangle")
    func fill() {
        var grid = CellGrid(size: CellSize(columns: 3, rows: 2))
        grid.fill(CellRect(column: 1, row: -1, columns: 5, rows: 2), color: RGB(9, 9, 9))
        #expect(grid[1, 0].background == RGB(9, 9, 9).packed && grid[2, 0].background == RGB(9, 9, 9).packed)
        #expect(grid[0, 0] == .blank && grid[1, 1] == .blank)
    }

    @Test("a message too wide loses its middle, so a saved file's name stays: a third of the room from the start, the rest from the end")
    func middleTruncated() {
        let message = " saved /tmp/a/deep/folder/for/shots/clip_0-01.88-2.png "
        let cut = CellGrid.middleTruncated(message, toColumns: 31)
        #expect(cut == " saved /tm…/clip_0-01.88-2.png ")
        #expect(CellGrid.columns(of: cut) == 31)
        #expect(CellGrid.middleTruncated(message, toColumns: 200) == message)
        #expect(CellGrid.middleTruncated(message, toColumns: CellGrid.columns(of: message)) == message)
        #expect(CellGrid.middleTruncated("abcdef", toColumns: 1) == "…")
        #expect(CellGrid.middleTruncated("abcdef", toColumns: 0) == "")
        #expect(CellGrid.middleTruncated("ab\u{301}cdef", toColumns: 4) == "a…ef", "zero-width marks take no room")
    }

    @Test("glyph widths", arguments: [("a", 1), ("é", 1), ("日", 2), ("🎬", 2), ("\u{301}", 0), ("\t", 0), ("▀", 1), ("─", 1),
                                         ("\u{1100}", 2), ("\u{1195}", 0), ("\u{11AF}", 0), ("\u{D7CB}", 0),
                                         ("\u{1F321}", 1), ("\u{1F58B}", 1), ("\u{1F900}", 1), ("\u{1F600}", 2),
                                         ("\u{1FA74}", 2), ("\u{17000}", 2), ("\u{181E5}", 2), ("\u{1B170}", 2),
                                         ("\u{1F200}", 2), ("\u{4DC0}", 2)])
    func widths(text: String, columns: Int) {
        #expect(GlyphWidth.columns(of: text.unicodeScalars.first!) == columns)
    }
}

@Suite("Output buffer")
struct OutputBufferTests {
    @Test("decimals from the digit table", arguments: [0, 7, 10, 99, 100, 255, 999, 1000, 12345, 65536, -42, Int.max, Int.min])
    func decimals(n: Int) {
        let buffer = OutputBuffer(capacity: 8)
        buffer.append("x" as StaticString)
        buffer.appendDecimal(n)
        buffer.append(UInt8(ascii: "y"))
        #expect(buffer.text == "x\(n)y")
    }

    @Test("grows, keeps contents, and UTF-8 encodes")
    func growth() {
        let buffer = OutputBuffer(capacity: 64)
        for i in 0..<1000 { buffer.appendDecimal(i % 10) }
        #expect(buffer.count == 1000 && buffer.capacity >= 1000)
        buffer.removeAll()
        for s: UInt32 in [0x41, 0xE9, 0x2580, 0x1F3AC] { buffer.appendUTF8(s) }
        #expect(buffer.text == "Aé▀🎬")
    }
}
