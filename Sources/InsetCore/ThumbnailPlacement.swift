/// Where the picture of a seek's target goes while scrubbing: a box just above the progress
/// line, centred over the target's column and kept inside the screen, the picture in its
/// top rows and the target's time on its last row, next to the line.
public struct ThumbnailPlacement: Hashable, Sendable {
    /// The whole box, picture and caption, in screen cells.
    public let frame: CellRect

    /// The picture's cells: every row of the box but the last.
    public var picture: CellRect {
        CellRect(column: frame.minColumn, row: frame.minRow, columns: frame.size.columns, rows: frame.size.rows - 1)
    }

    /// The caption's row, where the target's time is written.
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

    /// The box for a picture of `pictureSize` over `column` of a progress line on `lineRow`,
    /// inside `bounds` (the screen): its bottom row just above the line, centred on the
    /// column and moved in from the sides, narrowed to the bounds and shortened to the rows
    /// above the line. Nil when there is no room for a row of picture and its caption.
    public init?(pictureSize: CellSize, column: Int, lineRow: Int, bounds: CellRect) {
        let above = lineRow - bounds.minRow
        let columns = min(pictureSize.columns, bounds.size.columns)
        let rows = min(pictureSize.rows + 1, above)
        guard rows >= 2, columns > 0 else { return nil }
        let left = min(max(column - columns / 2, bounds.minColumn), bounds.maxColumn - columns)
        frame = CellRect(column: left, row: lineRow - rows, columns: columns, rows: rows)
    }
}
