import InsetCore
import Testing
@testable import InsetRender

/// Kitty placeholder cells go through the rasterizer like text: replayed into the terminal
/// model, every cell says which image, row and column kitty would show there.
@Suite("Placeholder raster")
struct PlaceholderRasterTests {
    static let window: UInt32 = 0x4900_00A2, player: UInt32 = 0x4900_00A1

    /// A screen of text with the player's picture over `picture` and another image over
    /// `other`, each cell numbered from its picture's top-left.
    static func frame(_ size: CellSize, picture: CellRect, other: CellRect?) -> CellGrid {
        var grid = CellGrid(size: size)
        grid.fill(Cell(glyph: UInt32(UInt8(ascii: "x")), foreground: RGB(200, 10, 10).packed, background: RGB(0, 0, 40).packed))
        for (rect, id) in [(picture, player)] + (other.map { [($0, window)] } ?? []) {
            for row in rect.minRow..<rect.maxRow {
                for column in rect.minColumn..<rect.maxColumn {
                    grid[column, row] = .kittyPlaceholder(imageID: id, row: row - rect.minRow, column: column - rect.minColumn)
                }
            }
        }
        return grid
    }

    /// The first cell where the model does not show what `frame` holds: placeholders as
    /// kitty reads them, other cells as the colour mode shows them.
    static func mismatch(_ model: TerminalModel, _ frame: CellGrid, mode: ColorMode) -> String? {
        for row in 0..<frame.rows {
            for column in 0..<frame.columns {
                let want = frame[column, row]
                let have = model.kittyPlaceholder(column: column, row: row)
                if want.isKittyPlaceholder {
                    let glyph = want.glyph
                    let expected = KittyDecoder.PlaceholderCell(
                        imageID: (glyph >> 20 & 0xFF) << 24 | UInt32(TerminalColor.paletteIndex(want.foreground)!),
                        row: Int(glyph >> 10 & 0x3FF), column: Int(glyph & 0x3FF))
                    if have != expected { return "(\(column),\(row)): \(String(describing: have)), want \(expected)" }
                } else if have != nil || model[column, row] != shownCell(want, mode: mode) {
                    return "(\(column),\(row)): \(model[column, row]), want \(shownCell(want, mode: mode))"
                }
            }
        }
        return nil
    }

    @Test("a placeholder cell is U+10EEEE with its row, column and top-byte diacritics, the id's low byte as 38;5")
    func bytes() {
        let rasterizer = Rasterizer(colorMode: .truecolor)
        var grid = CellGrid(size: CellSize(columns: 2, rows: 1))
        grid[0, 0] = .kittyPlaceholder(imageID: 0x0200_002A, row: 1, column: 0)
        grid[1, 0] = .kittyPlaceholder(imageID: 0x0200_002A, row: 1, column: 1)
        rasterizer.rasterize(grid)
        // Kitty's own example: image 42 + (2 << 24), row 1, columns 0 and 1.
        #expect(rasterizer.output.text == "\u{1B}[?2026h\u{1B}[0m\u{1B}[2J\u{1B}[H\u{1B}[38;5;42;48;2;0;0;0m"
                + "\u{10EEEE}\u{030D}\u{0305}\u{030E}\u{10EEEE}\u{030D}\u{030D}\u{030E}\u{1B}[?2026l")
    }

    @Test("every cell of two pictures, one over the other, reads back as its image, row and column",
          arguments: ColorMode.allCases)
    func twoPictures(mode: ColorMode) throws {
        let size = CellSize(columns: 40, rows: 12)
        let frame = Self.frame(size, picture: CellRect(column: 2, row: 1, columns: 36, rows: 10),
                               other: CellRect(column: 20, row: 5, columns: 15, rows: 6))
        for threshold in [0, 3] {
            let rasterizer = Rasterizer(colorMode: mode, perceptualThreshold: threshold)
            var model = TerminalModel(size: size)
            try replay(frame, through: rasterizer, into: &model)
            #expect(Self.mismatch(model, frame, mode: mode) == nil)
            // The window moves by a cell: the ids differ only in their low byte, and the cells
            // it leaves take the player's placeholders back.
            let moved = Self.frame(size, picture: CellRect(column: 2, row: 1, columns: 36, rows: 10),
                                   other: CellRect(column: 21, row: 5, columns: 15, rows: 6))
            try replay(moved, through: rasterizer, into: &model)
            #expect(Self.mismatch(model, moved, mode: mode) == nil)
        }
    }

    @Test("an overlay over the picture and gone again: only its cells are written, and the placeholders come back",
          arguments: ColorMode.allCases)
    func overlayComesAndGoes(mode: ColorMode) throws {
        let size = CellSize(columns: 30, rows: 10)
        let picture = Self.frame(size, picture: CellRect(column: 0, row: 0, columns: 30, rows: 10), other: nil)
        var covered = picture
        let bar = CellRect(column: 0, row: 8, columns: 30, rows: 2)
        covered.fill(bar, with: Cell(glyph: 0x20, foreground: RGB(255, 255, 255).packed, background: RGB(30, 30, 30).packed))
        covered.put("12:34 / 56:07", at: CellPoint(column: 2, row: 8), style: CellStyle(background: RGB(30, 30, 30)))
        let rasterizer = Rasterizer(colorMode: mode)
        var model = TerminalModel(size: size)
        try replay(picture, through: rasterizer, into: &model)
        let same = try replay(picture, through: rasterizer, into: &model)
        #expect(same.cellsChanged == 0, "an unchanged picture costs nothing")
        let over = try replay(covered, through: rasterizer, into: &model)
        #expect(over.cellsChanged == bar.size.count)
        #expect(Self.mismatch(model, covered, mode: mode) == nil)
        #expect(model.kittyPlaceholder(column: 5, row: 8) == nil)
        let back = try replay(picture, through: rasterizer, into: &model)
        #expect(back.cellsChanged == bar.size.count)
        #expect(Self.mismatch(model, picture, mode: mode) == nil)
        #expect(model.kittyPlaceholder(column: 5, row: 8) == .init(imageID: Self.player, row: 8, column: 5))
    }

    @Test("which image ids a placeholder cell can carry")
    func encodableIDs() {
        #expect(KittyPlaceholderGlyph.canEncode(imageID: 0x4900_00A1))
        #expect(!KittyPlaceholderGlyph.canEncode(imageID: 0x0000_00A1), "no top byte")
        #expect(!KittyPlaceholderGlyph.canEncode(imageID: 0x4900_01A1), "middle bits a palette index cannot carry")
        #expect(!KittyPlaceholderGlyph.canEncode(imageID: 0x4900_0007), "one of the sixteen")
        #expect(TerminalGlyph.displayable(Cell.kittyPlaceholder(imageID: 0x4900_00A1, row: 296, column: 296).glyph)
                != 0xFFFD)
        #expect(TerminalGlyph.displayable(0x0011_0000) == 0xFFFD)
    }
}
