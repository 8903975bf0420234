import InsetCore

/// Flattens planes into one screen frame: the *render* stage of render → rasterize → write.
///
/// Painter's order: the screen is cleared to blank, then visible planes are drawn from the
/// lowest `zIndex` to the highest (equal z keeps the order of the list), each clipped to
/// the screen; a transparent cell leaves what is beneath. Cost is one pass over the screen
/// plus one over each plane's visible part.
///
/// Holds a scratch array for the draw order, kept between calls, so composing a frame
/// allocates nothing once the plane count is stable. Owned by the thread that renders.
public struct Compositor: Sendable {
    private var order: [Int] = []

    public init() {}

    /// Composes `planes` into `screen`, which keeps its size (the terminal's size); resize
    /// it first when the terminal changes.
    public mutating func compose(_ planes: [Plane], into screen: inout CellGrid) {
        screen.fill(.blank)
        sortedIndices(of: planes)
        let screenBounds = screen.bounds
        let screenColumns = screen.columns
        screen.withUnsafeMutableCells { out in
            guard let outBase = out.baseAddress else { return }
            for index in order {
                draw(planes[index], clippedTo: screenBounds, into: outBase, screenColumns: screenColumns)
            }
        }
    }

    /// Composes into a new screen frame of `size`; convenient for tests and `inset cat`.
    public mutating func compose(_ planes: [Plane], size: CellSize) -> CellGrid {
        var screen = CellGrid(size: size)
        compose(planes, into: &screen)
        return screen
    }

    /// Fills `order` with the indices of visible planes, stably sorted by z. Insertion sort:
    /// a screen has a handful of planes, and it needs no temporary storage.
    private mutating func sortedIndices(of planes: [Plane]) {
        order.removeAll(keepingCapacity: true)
        for (i, plane) in planes.enumerated() where plane.isVisible && !plane.grid.size.isEmpty {
            var at = order.count
            order.append(i)
            while at > 0 && planes[order[at - 1]].zIndex > plane.zIndex {
                order.swapAt(at, at - 1)
                at -= 1
            }
        }
    }

    private func draw(_ plane: Plane, clippedTo screen: CellRect, into out: UnsafeMutablePointer<Cell>,
                      screenColumns: Int) {
        let visible = plane.frame.intersection(screen)
        guard !visible.isEmpty else { return }
        let planeColumns = plane.grid.columns
        let width = visible.size.columns
        let isOpaque = plane.isOpaque
        plane.grid.withUnsafeCells { src in
            let srcBase = src.baseAddress!
            for row in visible.minRow..<visible.maxRow {
                let from = srcBase + (row - plane.origin.row) * planeColumns + (visible.minColumn - plane.origin.column)
                let to = out + row * screenColumns + visible.minColumn
                if isOpaque {
                    to.update(from: from, count: width)
                } else {
                    for i in 0..<width where !from[i].isTransparent {
                        to[i] = from[i]
                    }
                }
            }
        }
    }
}
