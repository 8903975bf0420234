import InsetCore
import InsetTestSupport
import Testing
@testable import InsetRender

@Suite("Rasterizer")
struct RasterizerTests {
    static let syncOnly = "\u{1B}[?2026h\u{1B}[?2026l"

    private func frame(_ size: CellSize, seed: UInt64) -> CellGrid {
        var rng = SplitMix64(seed: seed)
        var grid = CellGrid(size: size)
        grid.blit(randomImage(CellRaster.halfBlocks.pixels(for: size), using: &rng), as: .half)
        grid.put("Hello", at: CellPoint(column: 1, row: 0), style: CellStyle(attributes: [.bold]))
        return grid
    }

    @Test("an identical frame writes only the sync markers", arguments: ColorMode.allCases)
    func identicalFrame(mode: ColorMode) throws {
        let rasterizer = Rasterizer(colorMode: mode, perceptualThreshold: 0)
        let f = frame(CellSize(columns: 30, rows: 10), seed: 1)
        var model = TerminalModel(size: f.size)
        let first = try replay(f, through: rasterizer, into: &model)
        #expect(first.fullRedraw)
        #expect(first.cellsChanged == 300)
        let second = try replay(f, through: rasterizer, into: &model)
        #expect(rasterizer.output.text == RasterizerTests.syncOnly)
        #expect(second.bytes == 16 && second.cellsChanged == 0 && !second.fullRedraw)
        #expect(firstMismatch(model, f, mode: mode) == nil)
    }

    @Test("a pattern glyph goes as its complement when the terminal has its colours the other way round, and is not rewritten for it")
    func complementWhenCheaper() throws {
        let rasterizer = Rasterizer(colorMode: .truecolor, perceptualThreshold: 0)
        let a = RGB(200, 30, 30).packed, b = RGB(30, 30, 200).packed
        var f = CellGrid(size: CellSize(columns: 4, rows: 1))
        // ▀ a/b, then three octant cells asking b as foreground: each is the complement
        // pattern on a/b, so after the first cell no colour needs sending.
        let octant = SubCellGlyphs.octant
        f[0, 0] = Cell.halfBlock(top: a, bottom: b)
        f[1, 0] = Cell(glyph: octant[0x01], foreground: b, background: a)
        f[2, 0] = Cell(glyph: octant[0x35], foreground: b, background: a)
        f[3, 0] = Cell(glyph: Cell.upperHalfBlock, foreground: b, background: a)
        var model = TerminalModel(size: f.size)
        try replay(f, through: rasterizer, into: &model)
        #expect(firstMismatch(model, f, mode: .truecolor) == nil)
        let text = rasterizer.output.text
        let afterFirst = text[text.range(of: "▀")!.upperBound...]
        #expect(afterFirst.range(of: "\u{1B}\\[[0-9;]*m", options: .regularExpression) == nil,
                "no SGR after the first cell: \(afterFirst.debugDescription)")
        let glyphs = afterFirst.unicodeScalars.prefix(3).map(\.value)
        #expect(glyphs == [octant[0xFE], octant[0xCA], 0x2584])
        // The frame again, with the second cell asked for in the orientation it was sent in:
        // the same picture, so nothing is written.
        f[1, 0] = Cell(glyph: octant[0xFE], foreground: a, background: b)
        try replay(f, through: rasterizer, into: &model)
        #expect(rasterizer.output.text == RasterizerTests.syncOnly)
    }

    @Test("a pattern glyph with a default colour goes as itself: SGR has no default background for the foreground",
          arguments: ColorMode.allCases)
    func noComplementWithDefaultColors(mode: ColorMode) throws {
        let rasterizer = Rasterizer(colorMode: mode, perceptualThreshold: 0)
        var f = CellGrid(size: CellSize(columns: 3, rows: 1))
        // Each the longer glyph of its pair (U+1FB85 is the complement of U+2582): the
        // cheaper complement, swapped, would send the default background as SGR 39.
        f[0, 0] = Cell(glyph: 0x1FB85, foreground: TerminalColor.defaultForeground, background: TerminalColor.defaultBackground)
        f[1, 0] = Cell(glyph: 0x1FB82, foreground: RGB(200, 30, 30).packed, background: TerminalColor.defaultBackground)
        f[2, 0] = Cell(glyph: 0x1FB85, foreground: TerminalColor.defaultForeground, background: TerminalColor.palette(4))
        var model = TerminalModel(size: f.size)
        try replay(f, through: rasterizer, into: &model)
        // The model takes both defaults for one colour (nil), so it would pass a swap: the glyphs say it.
        #expect((0..<3).map { model[$0, 0].glyph } == [0x1FB85, 0x1FB82, 0x1FB85])
        #expect(firstMismatch(model, f, mode: mode) == nil)
    }

    @Test("a half block of one colour goes as a space on it: a flat white frame costs a byte a cell", arguments: ColorMode.allCases)
    func flatHalfBlocksAsSpaces(mode: ColorMode) throws {
        let rasterizer = Rasterizer(colorMode: mode, perceptualThreshold: 0)
        let size = CellSize(columns: 40, rows: 6)
        let black = RGB(0, 0, 0).packed, whiteColor = RGB(255, 255, 255).packed
        var dark = CellGrid(size: size)
        dark.fill(Cell.halfBlock(top: black, bottom: black))
        var white = CellGrid(size: size)
        white.fill(Cell.halfBlock(top: whiteColor, bottom: whiteColor))
        var split = white
        split[5, 2] = Cell.halfBlock(top: whiteColor, bottom: black)
        var model = TerminalModel(size: size)

        _ = try replay(dark, through: rasterizer, into: &model)
        let flash = try replay(white, through: rasterizer, into: &model)
        #expect(firstMismatch(model, white, mode: mode) == nil)
        #expect(model[0, 0].glyph == 0x20 && model[39, 5].glyph == 0x20)
        // 240 spaces, one SGR, a CUP per row and the markers; as ▀ it was three bytes a cell.
        #expect(flash.bytes < 240 + 6 * 8 + 60, "\(flash.bytes) bytes")
        _ = try replay(split, through: rasterizer, into: &model)
        #expect(firstMismatch(model, split, mode: mode) == nil)
        #expect(model[5, 2].glyph == Cell.upperHalfBlock)
        _ = try replay(dark, through: rasterizer, into: &model)
        #expect(firstMismatch(model, dark, mode: mode) == nil)
    }

    @Test("one changed cell costs one move, its colours and its glyph")
    func singleCell() throws {
        let rasterizer = Rasterizer(colorMode: .truecolor, perceptualThreshold: 0)
        var f = CellGrid(size: CellSize(columns: 10, rows: 5))
        rasterizer.rasterize(f)
        f[3, 2] = Cell("x", foreground: RGB(1, 2, 3), background: .black)
        rasterizer.rasterize(f)
        // The SGR state after the first frame is white on black, so only fg is sent.
        #expect(rasterizer.output.text == "\u{1B}[?2026h\u{1B}[3;4H\u{1B}[38;2;1;2;3mx\u{1B}[?2026l")
        #expect(rasterizer.lastStats.cellsChanged == 1)
    }

    @Test("short gaps are re-written, long ones skipped with CUF")
    func gapChoice() throws {
        let rasterizer = Rasterizer(colorMode: .truecolor, perceptualThreshold: 0)
        var f = CellGrid(size: CellSize(columns: 40, rows: 2))
        rasterizer.rasterize(f)
        let style = CellStyle(foreground: .white, background: .black)
        f.put("a", at: CellPoint(column: 0, row: 0), style: style)
        f.put("b", at: CellPoint(column: 2, row: 0), style: style)   // gap of one blank: re-write it
        f.put("c", at: CellPoint(column: 20, row: 0), style: style)  // gap of 17: CUF
        rasterizer.rasterize(f)
        #expect(rasterizer.output.text == "\u{1B}[?2026h\u{1B}[Ha b\u{1B}[17Cc\u{1B}[?2026l")
        #expect(rasterizer.lastStats.cellsRewritten == 1)
        var model = TerminalModel(size: f.size)
        rasterizer.invalidate()
        try replay(f, through: rasterizer, into: &model)
        #expect(firstMismatch(model, f, mode: .truecolor) == nil)
    }

    @Test("a run of unchanged text is re-written when that is shorter, with each cell's own content")
    func multiCellRewrite() throws {
        let rasterizer = Rasterizer(colorMode: .truecolor, perceptualThreshold: 0)
        var f = CellGrid(size: CellSize(columns: 20, rows: 1))
        f.put("0:09 / 4:56", at: CellPoint(column: 1, row: 0))
        var model = TerminalModel(size: f.size)
        try replay(f, through: rasterizer, into: &model)
        f.put("1:09 / 4:56", at: CellPoint(column: 1, row: 0))
        try replay(f, through: rasterizer, into: &model)
        #expect(rasterizer.output.text == "\u{1B}[?2026h\u{1B}[1;2H1\u{1B}[?2026l")
        // Columns 1 and 4 change; re-writing ":0" (2 bytes) beats `ESC[2C` (4 bytes).
        f.put("2:00 / 4:56", at: CellPoint(column: 1, row: 0))
        try replay(f, through: rasterizer, into: &model)
        #expect(rasterizer.output.text == "\u{1B}[?2026h\u{1B}[1;2H2:00\u{1B}[?2026l")
        #expect(rasterizer.lastStats.cellsRewritten == 2 && rasterizer.lastStats.cellsChanged == 2)
        #expect(firstMismatch(model, f, mode: .truecolor) == nil)
        // A gap in another colour would cost an SGR each way, so a CUF wins.
        f[2, 0].foreground = RGB(1, 1, 1).packed
        try replay(f, through: rasterizer, into: &model)
        f.put("3", at: CellPoint(column: 1, row: 0))
        f.put("1", at: CellPoint(column: 4, row: 0))
        try replay(f, through: rasterizer, into: &model)
        // (The last cell written was the dark one, so "3" needs white again.)
        #expect(rasterizer.output.text == "\u{1B}[?2026h\u{1B}[1;2H\u{1B}[38;2;255;255;255m3\u{1B}[2C1\u{1B}[?2026l")
        #expect(firstMismatch(model, f, mode: .truecolor) == nil)
    }

    @Test("a resized frame or invalidate() redraws everything", arguments: ColorMode.allCases)
    func fullRedraws(mode: ColorMode) throws {
        let rasterizer = Rasterizer(colorMode: mode, perceptualThreshold: 0)
        let small = frame(CellSize(columns: 12, rows: 4), seed: 2)
        let large = frame(CellSize(columns: 20, rows: 7), seed: 3)
        var model = TerminalModel(size: small.size)
        try replay(small, through: rasterizer, into: &model)
        model.resize(to: large.size, junkSeed: 9)
        let grown = try replay(large, through: rasterizer, into: &model)
        #expect(grown.fullRedraw && grown.cellsChanged == large.size.count)
        #expect(firstMismatch(model, large, mode: mode) == nil)

        model.scramble(seed: 10)
        rasterizer.invalidate()
        let redrawn = try replay(large, through: rasterizer, into: &model)
        #expect(redrawn.fullRedraw)
        #expect(rasterizer.output.text.hasPrefix("\u{1B}[?2026h\u{1B}[0m\u{1B}[2J"))
        #expect(firstMismatch(model, large, mode: mode) == nil)

        model.resize(to: small.size, junkSeed: 11)
        try replay(small, through: rasterizer, into: &model)
        #expect(firstMismatch(model, small, mode: mode) == nil)
    }

    @Test("the last column is written without relying on autowrap")
    func lastColumn() throws {
        let rasterizer = Rasterizer(colorMode: .truecolor, perceptualThreshold: 0)
        var f = CellGrid(size: CellSize(columns: 5, rows: 3))
        var model = TerminalModel(size: f.size)
        try replay(f, through: rasterizer, into: &model)
        // Change the bottom-right cell and the first cell of each next row: every one
        // after a last-column write needs a CUP, which the model checks.
        for row in 0..<3 {
            f[4, row] = Cell("z", foreground: .white, background: RGB(9, 9, 9))
            if row < 2 { f[0, row + 1] = Cell("y", foreground: .white, background: RGB(9, 9, 9)) }
        }
        try replay(f, through: rasterizer, into: &model)
        #expect(firstMismatch(model, f, mode: .truecolor) == nil)
        #expect(model.pendingWrap)
    }

    @Test("256 colours compare indices: an invisible RGB change sends nothing")
    func paletteComparesIndices() throws {
        let rasterizer = Rasterizer(colorMode: .palette256, perceptualThreshold: 0)
        var f = CellGrid(size: CellSize(columns: 4, rows: 2), fill: Cell(" ", foreground: .white, background: RGB(100, 0, 0)))
        var model = TerminalModel(size: f.size)
        try replay(f, through: rasterizer, into: &model)
        f.fill(Cell(" ", foreground: .white, background: RGB(101, 1, 0)))  // same cube entry
        try replay(f, through: rasterizer, into: &model)
        #expect(rasterizer.output.text == RasterizerTests.syncOnly)
    }

    @Test("control characters and transparent cells are written as spaces")
    func unprintableGlyphs() throws {
        let rasterizer = Rasterizer(colorMode: .truecolor, perceptualThreshold: 0)
        var f = CellGrid(size: CellSize(columns: 4, rows: 1))
        f[0, 0].glyph = 0x0A
        f[1, 0].glyph = 0
        f[2, 0].glyph = 0x9B
        f[3, 0].glyph = 0xD800
        var model = TerminalModel(size: f.size)
        try replay(f, through: rasterizer, into: &model)
        #expect(firstMismatch(model, f, mode: .truecolor) == nil)
        #expect(model[3, 0].glyph == 0xFFFD)
    }

    @Test("attributes are turned off selectively and the screen follows")
    func attributes() throws {
        let rasterizer = Rasterizer(colorMode: .truecolor, perceptualThreshold: 0)
        var f = CellGrid(size: CellSize(columns: 8, rows: 1))
        let sets: [CellAttributes] = [[.bold, .dim, .reverse], [.dim], [], [.reverse], [.bold], [.bold, .reverse], [.dim], [.reverse]]
        for (i, a) in sets.enumerated() { f[i, 0] = Cell("a", foreground: .white, background: .black, attributes: a) }
        var model = TerminalModel(size: f.size)
        try replay(f, through: rasterizer, into: &model)
        #expect(firstMismatch(model, f, mode: .truecolor) == nil)
        // {bold, dim, reverse} → {dim}: 22 clears both, 27 reverse, then dim again.
        #expect(rasterizer.output.text.contains("\u{1B}[22;27;2ma"))
        // {reverse} → {bold}: 27 and 1, no full reset, colours kept.
        #expect(rasterizer.output.text.contains("\u{1B}[27;1ma"))
    }

    @Test("changing the colour mode redraws in the new mode")
    func modeChange() throws {
        let rasterizer = Rasterizer(colorMode: .truecolor, perceptualThreshold: 0)
        let f = frame(CellSize(columns: 10, rows: 3), seed: 4)
        var model = TerminalModel(size: f.size)
        try replay(f, through: rasterizer, into: &model)
        rasterizer.colorMode = .palette16
        let stats = try replay(f, through: rasterizer, into: &model)
        #expect(stats.fullRedraw)
        #expect(firstMismatch(model, f, mode: .palette16) == nil)
    }
}
