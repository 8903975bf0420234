/// The cells of an area that a picture may cover, as a few rectangles.
///
/// A picture in pixels is a rectangle, but what it may cover is the area less whatever is
/// drawn over it: the PiP window over the full-screen video, a message, the control bar.
/// Scanning row by row, each run of open cells extends the rectangle above it when its
/// columns are the same, else it starts one; so a window in a corner leaves two rectangles
/// (the band above it, the band beside it) and a message line in the middle a few more.
/// Beyond `limit` the largest are kept: the cells left out show the black under them.
public enum OpenRectangles {
    /// The rectangles of `area` whose cells are all open, largest `limit` of them, in
    /// reading order (top to bottom, then left to right), so the same screen gives the
    /// same list.
    public static func find(in area: CellRect, limit: Int, isOpen: (_ column: Int, _ row: Int) -> Bool) -> [CellRect] {
        guard !area.isEmpty, limit > 0 else { return [] }
        var done: [CellRect] = []
        // The rectangles still growing, and the next row's: two arrays swapped each row, so
        // a paint allocates no array a row.
        var growing: [CellRect] = [], next: [CellRect] = []
        for row in area.minRow..<area.maxRow {
            next.removeAll(keepingCapacity: true)
            var column = area.minColumn
            while column < area.maxColumn {
                guard isOpen(column, row) else { column += 1; continue }
                let start = column
                while column < area.maxColumn && isOpen(column, row) { column += 1 }
                if let index = growing.firstIndex(where: { $0.minColumn == start && $0.maxColumn == column }) {
                    var rectangle = growing.remove(at: index)
                    rectangle.size.rows += 1
                    next.append(rectangle)
                } else {
                    next.append(CellRect(column: start, row: row, columns: column - start, rows: 1))
                }
            }
            done += growing
            swap(&growing, &next)
        }
        done += growing
        if done.count > limit {
            done.sort { $0.size.columns * $0.size.rows > $1.size.columns * $1.size.rows }
            done.removeLast(done.count - limit)
        }
        return done.sorted { ($0.minRow, $0.minColumn) < ($1.minRow, $1.minColumn) }
    }
}
