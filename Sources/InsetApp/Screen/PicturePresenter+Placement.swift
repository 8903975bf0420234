import InsetCore
import InsetRender

/// Where the presenter's pictures go and at what size, and whether a change leaves sixel
/// pixels behind (UI thread).
extension PicturePresenter {
    /// Whether sixel (or iTerm2) pixels written before would stay on screen with pictures at `now`: a
    /// cell the last pictures covered, that none of these does, and that is still a hole
    /// (or any such cell, where the terminal keeps pictures under text, `textKeepsPixels`).
    func leavesDebris(_ now: [CellRect], isHole: (CellPoint) -> Bool) -> Bool {
        let before = slots.values.compactMap(\.writtenCells)
        guard !before.isEmpty else { return false }
        for rectangle in before where !now.contains(where: { $0.intersection(rectangle) == rectangle }) {
            for row in rectangle.minRow..<rectangle.maxRow {
                for column in rectangle.minColumn..<rectangle.maxColumn {
                    let cell = CellPoint(column: column, row: row)
                    if !now.contains(where: { $0.contains(cell) }) && (textKeepsPixels || isHole(cell)) { return true }
                }
            }
        }
        return false
    }

    /// Where `picture` goes at `scale` and the pixel size it is sent at. Kitty's terminal
    /// (and iTerm2's, told the cells) scales a smaller picture up to the same cells; a sixel one is shown as it is, so it
    /// takes fewer cells, centred in its own.
    func placement(of picture: Picture, scale: Double) -> (cells: CellRect, size: PixelSize) {
        guard scale < 1 else { return (picture.cells, picture.region.size) }
        let size = PixelSize(width: max(1, Int((Double(picture.region.width) * scale).rounded())),
                             height: max(1, Int((Double(picture.region.height) * scale).rounded())))
        guard !output.scalesToCells, picture.pixelsPerCell.width > 0, picture.pixelsPerCell.height > 0 else {
            return (picture.cells, size)
        }
        let columns = (size.width + picture.pixelsPerCell.width - 1) / picture.pixelsPerCell.width
        let rows = (size.height + picture.pixelsPerCell.height - 1) / picture.pixelsPerCell.height
        let cells = CellRect(column: picture.cells.minColumn + (picture.cells.size.columns - columns) / 2,
                             row: picture.cells.minRow + (picture.cells.size.rows - rows) / 2, columns: columns, rows: rows)
        return (cells, size)
    }

    /// The picture's pixels at `size` (its own, or smaller), in a spare image of that size
    /// when there is one.
    func copy(_ picture: Picture, at size: PixelSize) -> RGBImage {
        let spare: RGBImage? = condition.withLock {
            guard let index = shared.spareImages.firstIndex(where: { $0.size == size }) else { return nil }
            return shared.spareImages.remove(at: index)
        }
        let copy = spare ?? RGBImage(size: size)
        copy.copyScaledDown(of: picture.region, from: picture.image)
        return copy
    }

    /// UI thread: inside tmux, the pane is somewhere else outside now (`TmuxPaneWatch`). The
    /// pictures' bytes say where they go outside, so none may be written again as it was:
    /// after the redraw that follows, each is encoded anew.
    func paneMoved(to origin: CellPoint) {
        condition.withLock { shared.paneOrigin = origin }
        for id in slots.keys { slots[id]!.lastWrittenReplayable = false }
    }
}
