/// Where the picture of a seek's target goes while scrubbing: a framed box just above the
/// progress line, centred over the target's column and kept inside the screen; the frame
/// sets the picture apart from the video under it, and its bottom edge, next to the line,
/// carries the target's time.
public struct ThumbnailPlacement: Hashable, Sendable {
    /// The whole box, frame included, in screen cells.
    public let frame: CellRect

    /// The picture's cells: inside the frame.
    public var picture: CellRect {
        CellRect(column: frame.minColumn + 1, row: frame.minRow + 1, columns: frame.size.columns - 2, rows: frame.size.rows - 2)
    }

    /// The frame's bottom row, where the target's time is written.
    public var caption: CellRect {
        CellRect(column: frame.minColumn, row: frame.maxRow - 1, columns: frame.size.columns, rows: 1)
    }

    /// The narrowest picture worth showing: a PiP window's quarter would be a few cells.
    public static let minimumColumns = 16

    /// The picture's cells for a video `videoColumns` wide of display aspect `aspect`
    /// (width over height) drawn with `raster`: a quarter of the video's width, at least
    /// `minimumColumns`, and as many rows as keep the aspect (the raster's pixels may not be
    /// square, nor a cell's share of them).
    public static func pictureSize(videoColumns: Int, aspect: Double, raster: CellRaster) -> CellSize {
        let columns = max(minimumColumns, videoColumns / 4)
        let aspect = aspect.isFinite && aspect > 0 ? aspect : 16.0 / 9.0
        let width = Double(columns * raster.pixelsPerCell.width) * raster.pixelAspect
        let rows = (width / aspect / Double(raster.pixelsPerCell.height)).rounded()
        return CellSize(columns: columns, rows: max(1, Int(rows)))
    }

    /// The box for a picture of `pictureSize` in its frame over `column` of a progress line
    /// on `lineRow`, inside `bounds` (the screen): its bottom row just above the line,
    /// centred on the column and moved in from the sides, narrowed to the bounds and
    /// shortened to the rows above the line. Nil when there is no room for a cell of picture.
    public init?(pictureSize: CellSize, column: Int, lineRow: Int, bounds: CellRect) {
        let above = lineRow - bounds.minRow
        let columns = min(pictureSize.columns + 2, bounds.size.columns)
        let rows = min(pictureSize.rows + 2, above)
        guard rows >= 3, columns >= 3 else { return nil }
        let left = min(max(column - columns / 2, bounds.minColumn), bounds.maxColumn - columns)
        frame = CellRect(column: left, row: lineRow - rows, columns: columns, rows: rows)
    }
}
