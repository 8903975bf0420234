import InsetCore

/// A layer of the screen: a grid of cells placed at `origin` (screen cells; may be negative
/// or run past the edges, the compositor clips), stacked by `zIndex` (higher on top).
///
/// The video, the control bar, the library, the PiP window are each a plane; the
/// compositor flattens them into one screen frame. Draw into `grid` with the helpers of
/// `CellGrid` (`fill`, `put`, `drawBox`, `blit`). Cells left `Cell.transparent`
/// show the planes beneath.
public struct Plane: Sendable {
    public var grid: CellGrid
    public var origin: CellPoint
    public var zIndex: Int
    public var isVisible: Bool
    /// A promise that no cell is transparent, so the compositor may copy whole rows. A
    /// video plane is opaque; a plane with holes must leave this false.
    public var isOpaque: Bool

    /// A plane of `size` cells filled with `fill` (transparent by default).
    public init(size: CellSize, origin: CellPoint = .zero, zIndex: Int = 0, isVisible: Bool = true,
                fill: Cell = .transparent, isOpaque: Bool = false) {
        grid = CellGrid(size: size, fill: fill)
        self.origin = origin
        self.zIndex = zIndex
        self.isVisible = isVisible
        self.isOpaque = isOpaque
    }

    public var size: CellSize { grid.size }

    /// Where the plane lies on the screen.
    public var frame: CellRect { CellRect(origin: origin, size: grid.size) }

    /// Resizes the grid (reallocating only to grow) and sets every cell to `fill`.
    public mutating func resize(to size: CellSize, fill: Cell = .transparent) {
        grid.resize(to: size, fill: fill)
    }

    /// Moves and resizes in one step, as a window being dragged by a corner does.
    public mutating func setFrame(_ frame: CellRect, fill: Cell = .transparent) {
        origin = frame.origin
        if frame.size != grid.size { grid.resize(to: frame.size, fill: fill) }
    }
}
