import InsetCore
import InsetTestSupport
import Testing
@testable import InsetRender

/// Embed mode's frames: the frame is a rectangle of a screen that someone else owns, so
/// every cell written is inside it, nothing is cleared, and the cursor and SGR state the
/// owner had are put back at the end of each frame.
@Suite("Rasterizer, embedded")
struct EmbeddedRasterizerTests {
    static let terminal = CellSize(columns: 30, rows: 12)
    static let area = CellRect(column: 7, row: 3, columns: 12, rows: 5)

    private func frame(seed: UInt64) -> CellGrid {
        var rng = SplitMix64(seed: seed)
        var grid = CellGrid(size: Self.area.size)
        grid.blit(randomImage(CellRaster.halfBlocks.pixels(for: Self.area.size), using: &rng), as: .half)
        grid.put("Hi", at: CellPoint(column: 10, row: 4), style: CellStyle(attributes: [.bold]))
        return grid
    }

    @Test("frames land in the rectangle only, whole, and the owner's cursor and SGR come back", arguments: ColorMode.allCases)
    func staysInside(mode: ColorMode) throws {
        let rasterizer = Rasterizer(colorMode: mode, perceptualThreshold: 0)
        rasterizer.embedded = true
        rasterizer.origin = Self.area.origin
        var model = TerminalModel(size: Self.terminal)
        model.scramble(seed: 9)
        let before = model
        for seed in UInt64(1)...4 {
            let f = frame(seed: seed)
            let stats = try replay(f, through: rasterizer, into: &model)
            #expect(stats.fullRedraw == (seed == 1))
            #expect(!rasterizer.output.text.contains("\u{1B}[2J"))
            for row in 0..<Self.terminal.rows {
                for column in 0..<Self.terminal.columns {
                    let point = CellPoint(column: column, row: row)
                    if Self.area.contains(point) {
                        let want = shownCell(f[column - Self.area.minColumn, row - Self.area.minRow], mode: mode)
                        #expect(canonical(model[column, row]) == canonical(want), "cell (\(column),\(row)) after frame \(seed)")
                    } else {
                        #expect(model[column, row] == before[column, row], "cell (\(column),\(row)) outside was touched")
                    }
                }
            }
            #expect(model.cursorRow == before.cursorRow && model.cursorColumn == before.cursorColumn)
            #expect(model.foreground == before.foreground && model.background == before.background
                    && model.attributes == before.attributes)
        }
    }

    @Test("moving the rectangle draws it in full at its new place")
    func movedOrigin() throws {
        let rasterizer = Rasterizer(colorMode: .truecolor, perceptualThreshold: 0)
        rasterizer.embedded = true
        rasterizer.origin = Self.area.origin
        var model = TerminalModel(size: Self.terminal)
        let f = frame(seed: 5)
        _ = try replay(f, through: rasterizer, into: &model)
        rasterizer.origin = CellPoint(column: 1, row: 6)
        let stats = try replay(f, through: rasterizer, into: &model)
        #expect(stats.fullRedraw && stats.cellsChanged == Self.area.size.count)
        #expect(canonical(model[1, 6]) == canonical(shownCell(f[0, 0], mode: .truecolor)))
    }
}
