import Testing
import InsetCore

@Suite("HLS variant choice")
struct VariantChoiceTests {
    static let ladder = [PixelSize(width: 320, height: 180), PixelSize(width: 640, height: 360),
                         PixelSize(width: 1280, height: 720)]

    @Test("nearest above: the smallest variant at least as wide and as tall", arguments: [
        // target, expected index in the ladder
        (PixelSize(width: 1, height: 1), 0),            // far below every variant
        (PixelSize(width: 320, height: 180), 0),        // exactly a variant: that one
        (PixelSize(width: 321, height: 180), 1),        // one pixel wider: the next
        (PixelSize(width: 320, height: 181), 1),        // one pixel taller: the next
        (PixelSize(width: 300, height: 200), 1),        // narrower but taller than 180p
        (PixelSize(width: 400, height: 100), 1),        // wider but shorter than 180p
        (PixelSize(width: 640, height: 360), 1),
        (PixelSize(width: 641, height: 360), 2),
        (PixelSize(width: 1280, height: 720), 2),
        (PixelSize(width: 1281, height: 720), 2),       // above every variant: the largest
        (PixelSize(width: 1600, height: 900), 2),
        (PixelSize(width: 100, height: 1000), 2),       // taller than all, narrow: the largest
        (PixelSize(width: 0, height: 0), 0),            // nothing to show: the smallest
    ])
    func nearestAbove(target: PixelSize, expected: Int) {
        #expect(VariantChoice.nearestAbove(target, in: Self.ladder) == expected)
    }

    @Test("the order the playlist lists them in does not matter")
    func unordered() {
        let shuffled = [Self.ladder[2], Self.ladder[0], Self.ladder[1]]
        #expect(VariantChoice.nearestAbove(PixelSize(width: 200, height: 100), in: shuffled) == 1)
        #expect(VariantChoice.nearestAbove(PixelSize(width: 500, height: 300), in: shuffled) == 2)
        #expect(VariantChoice.nearestAbove(PixelSize(width: 2000, height: 2000), in: shuffled) == 0)
    }

    @Test("no variants: no choice; equal sizes: the first of them")
    func edges() {
        #expect(VariantChoice.nearestAbove(PixelSize(width: 10, height: 10), in: []) == nil)
        let twins = [PixelSize(width: 640, height: 360), PixelSize(width: 640, height: 360)]
        #expect(VariantChoice.nearestAbove(PixelSize(width: 10, height: 10), in: twins) == 0)
        #expect(VariantChoice.nearestAbove(PixelSize(width: 4000, height: 4000), in: twins) == 0)
        #expect(VariantChoice.choose(for: Viewport(cells: CellSize(columns: 80, rows: 24)), in: []) == nil)
    }

    @Test("the target is the letterboxed picture's cells in screen pixels, not the blitter's sub-pixels")
    func target() {
        let coded = PixelSize(width: 1280, height: 720)
        // 160x45 cells of half blocks: 160x90 sub-pixels, all of them picture; 1280x720 on
        // a screen of 8x16 cells (the assumed size).
        let full = Viewport(cells: CellSize(columns: 160, rows: 45))
        #expect(VariantChoice.target(for: full, coded: coded) == PixelSize(width: 1280, height: 720))
        // A 56x9-cell window: the 16:9 picture is 32x9 cells of it, 256x144 on screen.
        let window = Viewport(cells: CellSize(columns: 56, rows: 9))
        #expect(VariantChoice.target(for: window, coded: coded) == PixelSize(width: 256, height: 144))
        // The terminal's own cell size replaces the assumed one.
        #expect(VariantChoice.target(for: window, coded: coded, screenCell: PixelSize(width: 10, height: 20))
                == PixelSize(width: 320, height: 180))
        // Octants hold more sub-pixels in the same cells; the screen's pixels are the same.
        let octants = Viewport(cells: CellSize(columns: 160, rows: 45), raster: CellRaster(blitter: .octant))
        #expect(VariantChoice.target(for: octants, coded: coded) == PixelSize(width: 1280, height: 720))
        // Real pixels (kitty, sixel): the raster's cells are the screen's.
        let kitty = Viewport(cells: CellSize(columns: 40, rows: 12), raster: CellRaster(cellPixels: PixelSize(width: 8, height: 16)))
        #expect(VariantChoice.target(for: kitty, coded: coded) == PixelSize(width: 320, height: 176))
        // A quarter-turned picture is compared in the variants' (coded) orientation.
        let turned = VariantChoice.target(for: window, coded: PixelSize(width: 320, height: 180), rotation: .clockwise90)
        #expect(turned.width > turned.height)
        #expect(VariantChoice.target(for: Viewport(cells: .init(columns: 0, rows: 0)), coded: coded) == .zero)
    }

    @Test("full screen at 160x45 picks 720p, the default window there 180p, 80x24 360p", arguments: [
        (CellSize(columns: 160, rows: 45), 2),  // 1280x720: exactly 720p
        (CellSize(columns: 38, rows: 11), 0),   // the default PiP window's picture at 160x45: 304x176
        (CellSize(columns: 56, rows: 9), 0),
        (CellSize(columns: 41, rows: 12), 1),   // 41x12 cells: 328x184, just above 180p
        (CellSize(columns: 80, rows: 24), 1),   // 80x22 cells of picture: 640x352
        (CellSize(columns: 100, rows: 30), 2),  // 800x448: above 360p
    ])
    func choose(cells: CellSize, expected: Int) {
        #expect(VariantChoice.choose(for: Viewport(cells: cells), in: Self.ladder) == expected)
    }
}
