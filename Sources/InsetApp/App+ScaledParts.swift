import InsetCore

/// Sixel pictures at the link's smaller scale (`PicturePacer.scale`), when something covers
/// part of the video (the PiP window over the full-screen one): the terminal shows a sixel
/// image at its own size, so a smaller picture takes fewer cells, centred in the video's.
/// That smaller picture is what is cut into the parts nothing covers, so the parts are
/// pieces of one picture. Shrinking each part and centring it in its own cells instead
/// scattered the video into small whole pictures, one per part, over black (the real
/// xterm 'two' scene under load: a 240x94 picture above the window, a 179x39 one beside
/// it, a sliver right of it, all whole at 1/4 of their parts).
extension App {
    /// The cells that `picture`, whose whole takes `onScreen`, takes at `scale`: centred in
    /// them, as `PicturePresenter.placement` places a picture it shrinks.
    static func scaledCells(of picture: VideoLayer.Picture, at onScreen: CellRect, scale: Double) -> CellRect {
        let perCell = picture.raster.pixelsPerCell
        guard scale < 1, perCell.width > 0, perCell.height > 0 else { return onScreen }
        let size = scaledSize(picture.region.size, scale)
        let columns = (size.width + perCell.width - 1) / perCell.width
        let rows = (size.height + perCell.height - 1) / perCell.height
        return CellRect(column: onScreen.minColumn + (onScreen.size.columns - columns) / 2,
                        row: onScreen.minRow + (onScreen.size.rows - rows) / 2, columns: columns, rows: rows)
    }

    /// The part of `picture` (its whole at `onScreen`, `scaledCells` at `scale`) that falls
    /// in `part` of the scaled cells: its source pixels, which the presenter shrinks by
    /// `scale` to the part's cells. A source width of whole pixels at most the part's over
    /// `scale` shrinks to at most the part's pixels, and at least one fewer, so the presenter
    /// places it at the part's cells, not a cell over.
    static func scaledPart(of picture: VideoLayer.Picture, at onScreen: CellRect, scale: Double,
                           showing part: CellRect) -> PicturePresenter.Picture? {
        guard scale < 1 else { return self.part(of: picture, at: onScreen, showing: part) }
        let perCell = picture.raster.pixelsPerCell
        let whole = scaledCells(of: picture, at: onScreen, scale: scale)
        let size = scaledSize(picture.region.size, scale)
        let skipX = (part.minColumn - whole.minColumn) * perCell.width
        let skipY = (part.minRow - whole.minRow) * perCell.height
        let width = min(size.width - skipX, part.size.columns * perCell.width)
        let height = min(size.height - skipY, part.size.rows * perCell.height)
        guard width > 0, height > 0 else { return nil }
        var region = picture.region
        region.x += Int((Double(skipX) / scale).rounded())
        region.y += Int((Double(skipY) / scale).rounded())
        region.width = min(picture.region.x + picture.region.width - region.x, Int((Double(width) / scale).rounded(.down)))
        region.height = min(picture.region.y + picture.region.height - region.y, Int((Double(height) / scale).rounded(.down)))
        guard region.width > 0, region.height > 0 else { return nil }
        return .init(image: picture.image, region: region, cells: part, frame: picture.frame, pixelsPerCell: perCell)
    }

    /// A size at `scale`, rounded as the presenter rounds it.
    private static func scaledSize(_ size: PixelSize, _ scale: Double) -> PixelSize {
        PixelSize(width: max(1, Int((Double(size.width) * scale).rounded())),
                  height: max(1, Int((Double(size.height) * scale).rounded())))
    }
}
