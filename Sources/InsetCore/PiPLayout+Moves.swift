/// Moving, snapping, stashing and resizing the PiP window, and keeping it on a resized
/// screen. Every change leaves the window whole on screen, except a stash (and a drag on
/// its way to one), which leaves `stashedVisibleColumns` showing.
extension PiPLayout {
    // MARK: Moving

    /// Moves by a delta (arrow keys with the window focused, or a drag's step). Call
    /// `finishMove()` when the move ends.
    public mutating func move(byColumns columns: Int, rows: Int) {
        move(to: CellPoint(column: frame.minColumn + columns, row: frame.minRow + rows))
    }

    /// Moves the window's top-left cell to `origin`. For a title drag, pass the pointer
    /// minus where in the window the drag began, so the window does not jump under it.
    /// Horizontally the window may hang off either side down to the stash sliver, so that
    /// a drag can end in a stash; vertically it stays whole on screen.
    public mutating func move(to origin: CellPoint) {
        stashedEdge = nil
        let size = frame.size, sliver = min(PiPLayout.stashedVisibleColumns, size.columns)
        frame.origin = CellPoint(
            column: min(max(origin.column, sliver - size.columns), screen.columns - sliver),
            row: min(max(origin.row, 0), max(0, screen.rows - size.rows)))
    }

    /// Ends a move (mouse released, or a key move done): a window more than half past the
    /// left or right edge is stashed there, any other snaps to the nearest corner.
    public mutating func finishMove() {
        let visible = frame.intersection(CellRect(origin: .zero, size: screen)).size.columns
        if visible * 2 < frame.size.columns {
            stash(toward: 2 * frame.minColumn + frame.size.columns < screen.columns ? .left : .right)
        } else {
            snapToNearestCorner()
        }
    }

    /// Snaps to the screen corner nearest the window's centre.
    public mutating func snapToNearestCorner() { place(at: nearestCorner) }

    /// Puts the window in a corner, `margin` from the edges (`Tab`-and-arrow moves jump
    /// from corner to corner with this).
    public mutating func place(at corner: Corner) {
        stashedEdge = nil
        frame.origin = PiPLayout.origin(of: frame.size, at: corner, on: screen)
    }

    // MARK: Stashing

    /// Slides the window against `edge` so only a sliver of `stashedVisibleColumns` stays
    /// on screen; its row is kept.
    public mutating func stash(toward edge: Edge) {
        let size = frame.size, sliver = min(PiPLayout.stashedVisibleColumns, size.columns)
        frame.origin = CellPoint(
            column: edge == .left ? sliver - size.columns : screen.columns - sliver,
            row: min(max(frame.minRow, 0), max(0, screen.rows - size.rows)))
        stashedEdge = edge
    }

    /// Pulls a stashed window back into the corner on its edge nearest its row.
    public mutating func unstash() {
        guard let edge = stashedEdge else { return }
        place(at: Corner(left: edge == .left, top: nearestCorner.isTop))
    }

    // MARK: Resizing

    /// Grows (positive) or shrinks (negative) by `resizeStep` columns a step, the aspect
    /// kept; the corner nearest the screen's corner stays put, so a snapped window stays
    /// snapped. A stashed window is not resized.
    public mutating func resize(bySteps steps: Int) {
        guard stashedEdge == nil else { return }
        let anchor = nearestCorner
        setSize(PiPLayout.fittedSize(width: frame.size.columns + steps * PiPLayout.resizeStep,
                                     aspect: videoAspect, on: screen), keeping: anchor)
    }

    /// Resizes by dragging `corner` to `point`; the opposite corner stays put and the aspect
    /// is kept. The axis the pointer went further along decides the size, so the corner
    /// follows the pointer whichever way it is dragged. Call `finishMove()` when the drag ends.
    public mutating func resize(dragging corner: Corner, to point: CellPoint) {
        guard stashedEdge == nil else { return }
        let byColumns = corner.isLeft ? frame.maxColumn - point.column : point.column - frame.minColumn + 1
        let byRows = corner.isTop ? frame.maxRow - point.row : point.row - frame.minRow + 1
        let width = max(byColumns, PiPLayout.columns(forHeight: byRows, aspect: videoAspect))
        setSize(PiPLayout.fittedSize(width: width, aspect: videoAspect, on: screen), keeping: corner.opposite)
    }

    /// A new picture in the window (another video): the width is kept, the height follows
    /// the new aspect, and the window stays in its corner.
    public mutating func changeVideoAspect(_ aspect: Double) {
        videoAspect = PiPLayout.sanitized(aspect)
        let size = PiPLayout.fittedSize(width: frame.size.columns, aspect: videoAspect, on: screen)
        if let edge = stashedEdge {
            frame.size = size
            stash(toward: edge)
        } else {
            setSize(size, keeping: nearestCorner)
        }
    }

    // MARK: Terminal resized

    /// Keeps the window on a resized terminal: shrunk (aspect kept) when it exceeds the new
    /// maximum, and back in the corner it was in (or stashed on the same edge).
    public mutating func fit(to newScreen: CellSize) {
        let corner = nearestCorner, edge = stashedEdge
        screen = newScreen
        frame.size = PiPLayout.fittedSize(width: frame.size.columns, aspect: videoAspect, on: newScreen)
        if let edge { stash(toward: edge) } else { place(at: corner) }
    }

    /// Gives the window `size` with the frame's `anchor` corner fixed, then shifts it, if
    /// needed, to be whole on screen.
    mutating func setSize(_ size: CellSize, keeping anchor: Corner) {
        let column = anchor.isLeft ? frame.minColumn : frame.maxColumn - size.columns
        let row = anchor.isTop ? frame.minRow : frame.maxRow - size.rows
        frame = CellRect(
            origin: CellPoint(column: max(0, min(column, screen.columns - size.columns)),
                              row: max(0, min(row, screen.rows - size.rows))),
            size: size)
    }
}
