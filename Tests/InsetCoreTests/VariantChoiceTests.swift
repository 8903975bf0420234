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

    @Test("the target: twice a blitter's sub-pixels of the letterboxed picture each way; real pixels as they are")
    func target() {
        let coded = PixelSize(width: 1280, height: 720)
        // 160x45 cells of half blocks: 160x90 sub-pixels, all of them picture; twice that.
        let full = Viewport(cells: CellSize(columns: 160, rows: 45))
        #expect(VariantChoice.target(for: full, coded: coded) == PixelSize(width: 320, height: 180))
        // A 56x9-cell window: the 16:9 picture is 32x9 cells of it, 32x18 sub-pixels.
        let window = Viewport(cells: CellSize(columns: 56, rows: 9))
        #expect(VariantChoice.target(for: window, coded: coded) == PixelSize(width: 64, height: 36))
        // Octants hold 2x4 sub-pixels a cell: 320x180 of them full screen.
        let octants = Viewport(cells: CellSize(columns: 160, rows: 45), raster: CellRaster(blitter: .octant))
        #expect(VariantChoice.target(for: octants, coded: coded) == PixelSize(width: 640, height: 360))
        // Real pixels (kitty, sixel): the raster's pixels as they are.
        let kitty = Viewport(cells: CellSize(columns: 40, rows: 12), raster: CellRaster(cellPixels: PixelSize(width: 8, height: 16)))
        #expect(VariantChoice.target(for: kitty, coded: coded) == PixelSize(width: 320, height: 176))
        // Kitty at 1200x660 pixels (120x33 cells of 10x20): the 16:9 picture fills its height.
        let wide = Viewport(cells: CellSize(columns: 120, rows: 33), raster: CellRaster(cellPixels: PixelSize(width: 10, height: 20)))
        #expect(VariantChoice.target(for: wide, coded: coded) == PixelSize(width: 1170, height: 660))
        // A quarter-turned picture is compared in the variants' (coded) orientation.
        let turned = VariantChoice.target(for: window, coded: PixelSize(width: 320, height: 180), rotation: .clockwise90)
        #expect(turned.width > turned.height)
        #expect(VariantChoice.target(for: Viewport(cells: .init(columns: 0, rows: 0)), coded: coded) == .zero)
    }

    @Test("half blocks at 160x45 pick 180p, octants there 360p, kitty at 1200x660 pixels 720p", arguments: [
        (Viewport(cells: CellSize(columns: 160, rows: 45)), 0),  // 320x180
        (Viewport(cells: CellSize(columns: 160, rows: 45), raster: CellRaster(blitter: .octant)), 1),  // 640x360
        (Viewport(cells: CellSize(columns: 161, rows: 46)), 1),  // just above 180p
        (Viewport(cells: CellSize(columns: 38, rows: 11)), 0),   // the default PiP window at 160x45
        (Viewport(cells: CellSize(columns: 120, rows: 33), raster: CellRaster(cellPixels: PixelSize(width: 10, height: 20))), 2),
    ])
    func choose(viewport: Viewport, expected: Int) {
        #expect(VariantChoice.choose(for: viewport, in: Self.ladder) == expected)
    }
}
