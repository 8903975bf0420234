import InsetCore

/// A width x height buffer of cells, row-major, reusable from frame to frame.
///
/// Storage never shrinks: `resize(to:fill:)` reallocates only when the new size needs more
/// cells than were ever held, so a grid resized back and forth (a PiP window being dragged
/// larger and smaller) stops allocating once it has been at its largest. Only the first
/// `size.count` cells of the storage are meaningful; equality looks at those alone.
///
/// A value type: copying a grid shares storage until one copy is written (copy on write).
/// The hot paths enter `withUnsafeMutableCells` once per frame, which keeps storage unique.
public struct CellGrid: Sendable {
    public private(set) var size: CellSize
    @usableFromInline var storage: [Cell]

    /// A grid of `size` cells, all `fill` (blank by default).
    public init(size: CellSize = .zero, fill: Cell = .blank) {
        let size = CellSize(columns: max(0, size.columns), rows: max(0, size.rows))
        self.size = size
        storage = Array(repeating: fill, count: size.count)
    }

    public var columns: Int { size.columns }
    public var rows: Int { size.rows }
    /// The grid's own bounds, at the origin.
    public var bounds: CellRect { CellRect(origin: .zero, size: size) }

    /// Changes the size and sets every cell to `fill`. Reallocates only to grow.
    public mutating func resize(to newSize: CellSize, fill: Cell = .blank) {
        let newSize = CellSize(columns: max(0, newSize.columns), rows: max(0, newSize.rows))
        let needed = newSize.count
        if needed > storage.count {
            storage.append(contentsOf: repeatElement(fill, count: needed - storage.count))
        }
        size = newSize
        self.fill(fill)
    }

    /// Becomes a copy of `other`, in the storage it has (no allocation once it is as large).
    public mutating func copy(from other: CellGrid) {
        if size != other.size { resize(to: other.size) }
        let count = size.count
        guard count > 0 else { return }
        other.storage.withUnsafeBufferPointer { source in
            storage.withUnsafeMutableBufferPointer { target in
                target.baseAddress!.update(from: source.baseAddress!, count: count)
            }
        }
    }

    /// Sets every cell to `cell`.
    public mutating func fill(_ cell: Cell) {
        let n = size.count
        storage.withUnsafeMutableBufferPointer { buf in
            guard let base = buf.baseAddress, n > 0 else { return }
            base.update(repeating: cell, count: n)
        }
    }

    /// The cell at a position; reading outside the grid is a programming error.
    public subscript(column: Int, row: Int) -> Cell {
        get {
            precondition(contains(column: column, row: row), "cell (\(column),\(row)) outside \(size)")
            return storage[row * size.columns + column]
        }
        set {
            precondition(contains(column: column, row: row), "cell (\(column),\(row)) outside \(size)")
            storage[row * size.columns + column] = newValue
        }
    }

    @inline(__always)
    public func contains(column: Int, row: Int) -> Bool {
        column >= 0 && column < size.columns && row >= 0 && row < size.rows
    }

    /// The meaningful cells, row-major. For tests and one-off reads; not the hot path.
    public var cells: ArraySlice<Cell> { storage[0..<size.count] }

    /// Read access to the `size.count` cells, row-major, for the length of `body`.
    @inlinable
    public func withUnsafeCells<R>(_ body: (UnsafeBufferPointer<Cell>) throws -> R) rethrows -> R {
        let n = size.count
        return try storage.withUnsafeBufferPointer { buf in
            try body(UnsafeBufferPointer(rebasing: buf[0..<n]))
        }
    }

    /// Write access to the `size.count` cells, row-major, for the length of `body`.
    @inlinable
    public mutating func withUnsafeMutableCells<R>(
        _ body: (UnsafeMutableBufferPointer<Cell>) throws -> R
    ) rethrows -> R {
        let n = size.count
        return try storage.withUnsafeMutableBufferPointer { buf in
            try body(UnsafeMutableBufferPointer(rebasing: buf[0..<n]))
        }
    }
}

extension CellGrid: Equatable {
    public static func == (a: CellGrid, b: CellGrid) -> Bool {
        a.size == b.size && a.cells.elementsEqual(b.cells)
    }
}

extension CellGrid: CustomStringConvertible {
    /// The glyphs as lines of text, transparent cells as `·`; for test failure messages.
    public var description: String {
        var lines: [String] = []
        for r in 0..<size.rows {
            var line = String.UnicodeScalarView()
            for c in 0..<size.columns {
                let g = self[c, r].glyph
                line.append(g == 0 ? "·" : Unicode.Scalar(g) ?? "?")
            }
            lines.append(String(line))
        }
        return lines.joined(separator: "\n")
    }
}
