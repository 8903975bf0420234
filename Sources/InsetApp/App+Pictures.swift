import InsetCore
import InsetRender
import InsetTerminal

extension App {
    /// After a paint: tells the presenter which picture the screen shows now, and writes
    /// what it answers at once (a deletion, a picture to put back after a full redraw).
    func presentPicture() {
        guard let presenter = picturePresenter else { return }
        var picture = presenter.output.usesPlaceholders ? placeholderPicture() : visiblePicture(sixel: presenter.output == .sixel)
        if !presenter.output.usesPlaceholders, picture != nil {
            // From the frame's cells to the terminal's: embedded, the frame is at the rectangle.
            picture!.cells.origin.column += session.origin.column
            picture!.cells.origin.row += session.origin.row
        }
        presenter.show(picture, redrawn: painter.lastStats.fullRedraw, write: writePicture)
    }

    /// A picture's bytes count with the frame's in `--stats`, as they are its picture.
    func writePicture(_ bytes: UnsafeRawBufferPointer) {
        // Embedded, the cursor is the program's beside: a picture that moves it puts it back.
        if embedded { _ = try? session.writer.write(App.saveCursor) }
        _ = try? session.writer.write(bytes)
        if embedded { _ = try? session.writer.write(App.restoreCursor) }
        director.wrotePicture(bytes: bytes.count)
    }

    /// The picture whose placeholder cells the screen shows: the PiP window's, or the
    /// full-screen player's, whole, under its layer's image id. Nothing is cut: whatever
    /// covers some of its cells replaced them (the terminal shows text there), and tmux
    /// does the clipping to the pane.
    func placeholderPicture() -> PicturePresenter.Picture? {
        guard let layer = director.pictureLayer, let picture = layer.picture, layer.plane.isVisible, let id = layer.placeholderImageID else { return nil }
        return .init(image: picture.image, region: picture.region, cells: picture.cells, frame: picture.frame, imageID: id)
    }

    /// The video's picture where the screen shows it: the PiP window's, or the full-screen
    /// player's. Only the rows whose cells are all still picture holes in the composed
    /// frame are kept (an overlay or the control bar over the bottom rows cuts it there):
    /// sixel pixels cover text, so they must stop where something is drawn over them.
    /// Kitty's picture sits under text, but is cut the same way so both look alike. With
    /// sixel the screen's last row is left out too: an image that reaches it scrolls the
    /// screen in terminals that scroll sixel images.
    func visiblePicture(sixel: Bool) -> PicturePresenter.Picture? {
        guard let layer = director.pictureLayer, let picture = layer.picture, layer.plane.isVisible else { return nil }
        let origin = layer.plane.origin
        let onScreen = CellRect(column: origin.column + picture.cells.minColumn, row: origin.row + picture.cells.minRow,
                                columns: picture.cells.size.columns, rows: picture.cells.size.rows)
        var bounds = CellRect(origin: .zero, size: session.size)
        if sixel && session.origin.row + session.size.rows >= session.terminalSize.rows { bounds.size.rows -= 1 }
        let visible = onScreen.intersection(bounds)
        guard !visible.isEmpty else { return nil }
        let frame = painter.lastScreen
        var rows = 0
        rowScan: for row in visible.minRow..<visible.maxRow {
            for column in visible.minColumn..<visible.maxColumn where frame[column, row] != VideoLayer.pictureHole {
                break rowScan
            }
            rows += 1
        }
        guard rows > 0 else { return nil }
        let perCell = picture.raster.pixelsPerCell
        var region = picture.region
        region.x += (visible.minColumn - onScreen.minColumn) * perCell.width
        region.y += (visible.minRow - onScreen.minRow) * perCell.height
        region.width = min(region.width - (visible.minColumn - onScreen.minColumn) * perCell.width,
                           visible.size.columns * perCell.width)
        region.height = min(region.height - (visible.minRow - onScreen.minRow) * perCell.height, rows * perCell.height)
        guard region.width > 0, region.height > 0 else { return nil }
        return .init(image: picture.image, region: region,
                     cells: CellRect(origin: visible.origin, size: CellSize(columns: visible.size.columns, rows: rows)),
                     frame: picture.frame, pixelsPerCell: perCell)
    }
}
