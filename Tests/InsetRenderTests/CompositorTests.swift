import InsetCore
import Testing
@testable import InsetRender

@Suite("Compositor")
struct CompositorTests {
    private func solid(_ glyph: Unicode.Scalar, _ size: CellSize, at origin: CellPoint, z: Int, opaque: Bool = false) -> Plane {
        Plane(size: size, origin: origin, zIndex: z, fill: Cell(glyph, style: .plain), isOpaque: opaque)
    }

    @Test("higher z is on top whatever the list order; equal z keeps list order", arguments: [false, true])
    func zOrder(opaque: Bool) {
        let a = solid("a", CellSize(columns: 3, rows: 1), at: .zero, z: 5, opaque: opaque)
        let b = solid("b", CellSize(columns: 2, rows: 1), at: CellPoint(column: 1, row: 0), z: 1, opaque: opaque)
        let c = solid("c", CellSize(columns: 1, rows: 1), at: CellPoint(column: 2, row: 0), z: 5, opaque: opaque)
        var compositor = Compositor()
        let screen = compositor.compose([a, b, c], size: CellSize(columns: 4, rows: 1))
        #expect(screen.description == "aac ")
        let swapped = compositor.compose([c, b, a], size: CellSize(columns: 4, rows: 1))
        #expect(swapped.description == "aaa ")
    }

    @Test("planes partly off every edge are clipped")
    func clipping() {
        var compositor = Compositor()
        let size = CellSize(columns: 4, rows: 3)
        let planes = [
            solid("l", CellSize(columns: 2, rows: 2), at: CellPoint(column: -1, row: -1), z: 0),
            solid("r", CellSize(columns: 3, rows: 2), at: CellPoint(column: 3, row: 2), z: 0),
            solid("x", CellSize(columns: 2, rows: 2), at: CellPoint(column: 9, row: 0), z: 0),
            solid("y", CellSize(columns: 2, rows: 2), at: CellPoint(column: 0, row: -5), z: 0),
        ]
        let screen = compositor.compose(planes, size: size)
        #expect(screen.description == "l   \n    \n   r")
        #expect(screen[1, 1] == .blank)
    }

    @Test("transparent cells show the plane beneath, or the blank screen")
    func transparency() {
        var top = Plane(size: CellSize(columns: 3, rows: 1), zIndex: 2)
        top.grid[1, 0] = Cell("T", foreground: .white, background: RGB(1, 2, 3))
        let bottom = solid("b", CellSize(columns: 2, rows: 1), at: .zero, z: 1)
        var compositor = Compositor()
        let screen = compositor.compose([top, bottom], size: CellSize(columns: 4, rows: 1))
        #expect(screen.description == "bT  ")
        #expect(screen[1, 0].background == RGB(1, 2, 3).packed)
        #expect(screen[2, 0] == .blank)
    }

    @Test("hidden and empty planes draw nothing; the screen is cleared each time")
    func hiddenAndCleared() {
        var hidden = solid("h", CellSize(columns: 2, rows: 1), at: .zero, z: 9)
        hidden.isVisible = false
        let empty = Plane(size: .zero, zIndex: 10)
        var compositor = Compositor()
        var screen = CellGrid(size: CellSize(columns: 2, rows: 1), fill: Cell("?", style: .plain))
        compositor.compose([hidden, empty], into: &screen)
        #expect(screen == CellGrid(size: CellSize(columns: 2, rows: 1)))
    }

    @Test("grids reuse storage when resized back down and up")
    func gridResize() {
        var grid = CellGrid(size: CellSize(columns: 10, rows: 10))
        grid.resize(to: CellSize(columns: 3, rows: 2), fill: Cell("a", style: .plain))
        #expect(grid.cells.count == 6 && grid.storage.count == 100)
        grid.resize(to: CellSize(columns: 10, rows: 10))
        #expect(grid.storage.count == 100 && grid[9, 9] == .blank)
        grid.resize(to: CellSize(columns: 11, rows: 10))
        #expect(grid.storage.count == 110)
    }
}
