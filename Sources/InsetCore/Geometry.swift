/// Sizes and rectangles in terminal cells and in pixels are distinct types so a function
/// that takes cells cannot be handed pixels. With half blocks, one cell holds a column of
/// two pixels: a grid of C x R cells is C x 2R pixels.

public struct CellSize: Hashable, Sendable, CustomStringConvertible {
    public var columns: Int
    public var rows: Int
    public init(columns: Int, rows: Int) { self.columns = columns; self.rows = rows }
    public static let zero = CellSize(columns: 0, rows: 0)
    public var isEmpty: Bool { columns <= 0 || rows <= 0 }
    public var count: Int { max(0, columns) * max(0, rows) }
    public var description: String { "\(columns)x\(rows)" }

    /// Parses `COLSxROWS` as given on the command line (`160x45`); nil for anything
    /// `init(validating:)` refuses.
    public init?(parsing text: String) {
        guard let size = try? CellSize(validating: text) else { return nil }
        self = size
    }
}

public struct CellPoint: Hashable, Sendable {
    public var column: Int
    public var row: Int
    public init(column: Int, row: Int) { self.column = column; self.row = row }
    public static let zero = CellPoint(column: 0, row: 0)
}

public struct CellRect: Hashable, Sendable, CustomStringConvertible {
    public var origin: CellPoint
    public var size: CellSize
    public init(origin: CellPoint, size: CellSize) { self.origin = origin; self.size = size }
    public init(column: Int, row: Int, columns: Int, rows: Int) {
        self.init(origin: CellPoint(column: column, row: row), size: CellSize(columns: columns, rows: rows))
    }
    public var minColumn: Int { origin.column }
    public var minRow: Int { origin.row }
    public var maxColumn: Int { origin.column + size.columns }
    public var maxRow: Int { origin.row + size.rows }
    public var isEmpty: Bool { size.isEmpty }
    public func contains(_ p: CellPoint) -> Bool {
        p.column >= minColumn && p.column < maxColumn && p.row >= minRow && p.row < maxRow
    }
    public func intersection(_ other: CellRect) -> CellRect {
        let c0 = max(minColumn, other.minColumn), r0 = max(minRow, other.minRow)
        let c1 = min(maxColumn, other.maxColumn), r1 = min(maxRow, other.maxRow)
        return CellRect(column: c0, row: r0, columns: max(0, c1 - c0), rows: max(0, r1 - r0))
    }
    public var description: String { "(\(origin.column),\(origin.row) \(size))" }
}

public struct PixelSize: Hashable, Sendable, CustomStringConvertible {
    public var width: Int
    public var height: Int
    public init(width: Int, height: Int) { self.width = width; self.height = height }
    public static let zero = PixelSize(width: 0, height: 0)
    public var isEmpty: Bool { width <= 0 || height <= 0 }
    public var description: String { "\(width)x\(height)" }
}

public struct PixelRect: Hashable, Sendable, CustomStringConvertible {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }
    public var size: PixelSize { PixelSize(width: width, height: height) }
    public var description: String { "(\(x),\(y) \(width)x\(height))" }
}

/// An exact ratio, as FFmpeg's AVRational: sample aspect ratios and frame rates.
public struct Ratio: Hashable, Sendable, CustomStringConvertible {
    public var numerator: Int
    public var denominator: Int
    public init(_ numerator: Int, _ denominator: Int) { self.numerator = numerator; self.denominator = denominator }
    public static let one = Ratio(1, 1)
    /// An unknown ratio (0/x or x/0) reads as nil, the way FFmpeg marks "unspecified".
    public var value: Double? { numerator > 0 && denominator > 0 ? Double(numerator) / Double(denominator) : nil }
    public var description: String { "\(numerator):\(denominator)" }
}
