import InsetCore
import InsetTestSupport
import Testing
@testable import InsetRender

/// Cells from a terminal program (the shell pane): palette and default colours, underline
/// and italic, wide glyphs. Replayed into the terminal model over sequences of frames.
@Suite("Terminal text")
struct TerminalTextTests {
    /// The frame as a terminal can show it: a wide glyph cut off from its continuation (at
    /// the edge, or by a window over its right half) and a continuation without its glyph
    /// are spaces, as the rasterizer draws them.
    func drawable(_ frame: CellGrid) -> CellGrid {
        var result = frame
        for row in 0..<frame.rows {
            for column in 0..<frame.columns {
                let cell = frame[column, row]
                if cell.attributes.contains(.wide) {
                    let whole = column + 1 < frame.columns && frame[column + 1, row].glyph == Cell.wideContinuation
                    if !whole { result[column, row].glyph = Cell.space; result[column, row].attributes.remove(.wide) }
                } else if cell.glyph == Cell.wideContinuation {
                    let whole = column > 0 && frame[column - 1, row].attributes.contains(.wide)
                    if !whole { result[column, row].glyph = Cell.space }
                }
            }
        }
        return result
    }

    @Test("palette and default colours go as the terminal's own: 3n/9n, 38;5;n, 39/49", arguments: ColorMode.allCases)
    func terminalColors(mode: ColorMode) throws {
        let rasterizer = Rasterizer(colorMode: mode, perceptualThreshold: 2)
        var frame = CellGrid(size: CellSize(columns: 6, rows: 1))
        frame[0, 0] = Cell(glyph: 0x61, foreground: TerminalColor.palette(1), background: TerminalColor.defaultBackground)
        frame[1, 0] = Cell(glyph: 0x62, foreground: TerminalColor.palette(9), background: TerminalColor.defaultBackground)
        frame[2, 0] = Cell(glyph: 0x63, foreground: TerminalColor.palette(196), background: TerminalColor.palette(4))
        frame[3, 0] = Cell(glyph: 0x64, foreground: TerminalColor.defaultForeground, background: TerminalColor.defaultBackground)
        frame[4, 0] = Cell(glyph: 0x65, foreground: 0x010203, background: TerminalColor.defaultBackground)
        frame[5, 0] = Cell(glyph: 0x66, foreground: TerminalColor.palette(2), background: TerminalColor.palette(2),
                           attributes: [])
        var model = TerminalModel(size: frame.size)
        try replay(frame, through: rasterizer, into: &model)
        #expect(firstMismatch(model, frame, mode: mode) == nil)
        let text = rasterizer.output.text
        #expect(text.contains("31;49m") || text.contains("49;31m") || text.contains("[31m"), "\(text.debugDescription)")
        #expect(text.contains("91"))
        #expect(mode == .palette16 || text.contains("38;5;196"))
        #expect(text.contains("39"))
        // The default colours are the terminal's: never a 38;2 or 48;2 for them.
        #expect(model[3, 0].foreground == nil && model[3, 0].background == nil)
    }

    @Test("underline and italic on and off with 4/24 and 3/23, the colours kept")
    func underlineItalic() throws {
        let rasterizer = Rasterizer(colorMode: .truecolor, perceptualThreshold: 0)
        var frame = CellGrid(size: CellSize(columns: 4, rows: 1))
        let plain = Cell(glyph: 0x78, foreground: TerminalColor.defaultForeground, background: TerminalColor.defaultBackground)
        frame.fill(plain)
        frame[1, 0].attributes = [.underline]
        frame[2, 0].attributes = [.italic, .bold]
        var model = TerminalModel(size: frame.size)
        try replay(frame, through: rasterizer, into: &model)
        #expect(firstMismatch(model, frame, mode: .truecolor) == nil)
        #expect(rasterizer.output.text.contains("24;") || rasterizer.output.text.contains(";24") || rasterizer.output.text.contains("[24"))
        frame[1, 0].attributes = [.italic]
        frame[2, 0].attributes = []
        try replay(frame, through: rasterizer, into: &model)
        #expect(firstMismatch(model, frame, mode: .truecolor) == nil)
    }

    @Test("a wide glyph is written once over two cells; changes to either half redraw it")
    func wideGlyphs() throws {
        let rasterizer = Rasterizer(colorMode: .truecolor, perceptualThreshold: 0)
        let size = CellSize(columns: 8, rows: 2)
        func cell(_ glyph: UInt32, wide: Bool = false) -> Cell {
            Cell(glyph: glyph, foreground: TerminalColor.defaultForeground, background: TerminalColor.defaultBackground,
                 attributes: wide ? [.wide] : [])
        }
        var frame = CellGrid(size: size)
        frame.fill(cell(0x2E))
        frame[1, 0] = cell(0x4E16, wide: true)   // 世
        frame[2, 0] = cell(Cell.wideContinuation)
        frame[7, 1] = cell(0x754C, wide: true)   // cut off at the edge: a space
        var model = TerminalModel(size: size)
        try replay(frame, through: rasterizer, into: &model)
        #expect(firstMismatch(model, drawable(frame), mode: .truecolor) == nil)
        #expect(rasterizer.output.text.filter { $0 == "世" }.count == 1)

        // The right half covered by something else (a window): the glyph cannot stay.
        frame[2, 0] = cell(0x7C)
        try replay(frame, through: rasterizer, into: &model)
        #expect(firstMismatch(model, drawable(frame), mode: .truecolor) == nil)
        // And back; then a new wide glyph over the left half of the old one's place.
        frame[2, 0] = cell(Cell.wideContinuation)
        try replay(frame, through: rasterizer, into: &model)
        #expect(firstMismatch(model, drawable(frame), mode: .truecolor) == nil)
        frame[0, 0] = cell(0x754C, wide: true)
        frame[1, 0] = cell(Cell.wideContinuation)
        frame[2, 0] = cell(0x2E)
        try replay(frame, through: rasterizer, into: &model)
        #expect(firstMismatch(model, drawable(frame), mode: .truecolor) == nil)
    }

    @Test("random shell-like text over a sequence of frames lands exactly", arguments: [1, 2, 3, 4] as [UInt64])
    func randomSequences(seed: UInt64) throws {
        var rng = SplitMix64(seed: seed)
        let size = CellSize(columns: 23, rows: 6)
        for mode in ColorMode.allCases {
            let rasterizer = Rasterizer(colorMode: mode, perceptualThreshold: mode == .truecolor ? 2 : 0)
            var model = TerminalModel(size: size)
            var frame = CellGrid(size: size)
            for _ in 0..<30 {
                // Change a few runs of cells each frame, as a shell's output does.
                for _ in 0..<(1 + Int(rng.next() % 6)) {
                    let row = Int(rng.next() % UInt64(size.rows))
                    var column = Int(rng.next() % UInt64(size.columns))
                    let run = 1 + Int(rng.next() % 8)
                    let colors: [UInt32] = [TerminalColor.defaultForeground, TerminalColor.palette(UInt8(rng.next() % 256)),
                                            TerminalColor.palette(UInt8(rng.next() % 16)), UInt32(rng.next() & 0xFFFFFF)]
                    let backgrounds: [UInt32] = [TerminalColor.defaultBackground, TerminalColor.palette(UInt8(rng.next() % 16)),
                                                 UInt32(rng.next() & 0xFFFFFF)]
                    let fg = colors[Int(rng.next() % 4)], bg = backgrounds[Int(rng.next() % 3)]
                    let attributes = CellAttributes(rawValue: UInt8(rng.next() % 32))
                    for _ in 0..<run where column < size.columns {
                        if rng.next() % 3 == 0 && column + 1 < size.columns {
                            frame[column, row] = Cell(glyph: 0x4E00 + UInt32(rng.next() % 100), foreground: fg, background: bg,
                                                      attributes: attributes.union(.wide))
                            frame[column + 1, row] = Cell(glyph: Cell.wideContinuation, foreground: fg, background: bg,
                                                          attributes: attributes)
                            column += 2
                        } else {
                            frame[column, row] = Cell(glyph: 0x41 + UInt32(rng.next() % 26), foreground: fg, background: bg,
                                                      attributes: attributes)
                            column += 1
                        }
                    }
                }
                try replay(frame, through: rasterizer, into: &model)
                let expected = drawable(frame)
                if mode == .truecolor {
                    // The threshold may keep a colour within 2 grey steps; glyphs must be exact.
                    for row in 0..<size.rows {
                        for column in 0..<size.columns {
                            #expect(model[column, row].glyph == shownCell(expected[column, row], mode: mode).glyph,
                                    "seed \(seed) cell (\(column),\(row))")
                        }
                    }
                } else {
                    #expect(firstMismatch(model, expected, mode: mode) == nil, "seed \(seed) \(mode)")
                }
            }
        }
    }
}
