/// Where `inset --embed` draws: a rectangle of the terminal, written as X11 geometry
/// (`COLSxROWS+X+Y`), or the whole terminal (`full`) for a previewer that gives the
/// player a pane of its own.
///
/// X11's minus offsets are kept because a previewer's window is often placed from the
/// right or the bottom (fzf's preview on the right, 2 columns from the edge after its
/// border: `56x37-2+2`): `-X` is the distance from the terminal's right edge to the
/// rectangle's, `-Y` from the bottom edge to the rectangle's. Without an offset the
/// rectangle is at the top left. The rectangle is cut to the terminal; one that falls
/// outside it entirely is nothing to draw.
public struct EmbedGeometry: Hashable, Sendable, CustomStringConvertible {
    /// Columns and rows; nil for the whole terminal.
    public var size: CellSize?
    /// The horizontal offset and whether it counts from the right edge (`-X`).
    public var x = 0
    public var xFromRight = false
    /// The vertical offset and whether it counts from the bottom edge (`-Y`).
    public var y = 0
    public var yFromBottom = false

    /// The whole terminal.
    public static let full = EmbedGeometry(size: nil)

    public init(size: CellSize?, x: Int = 0, xFromRight: Bool = false, y: Int = 0, yFromBottom: Bool = false) {
        self.size = size; self.x = x; self.xFromRight = xFromRight; self.y = y; self.yFromBottom = yFromBottom
    }

    /// Reads `full`, `COLSxROWS`, `COLSxROWS+X+Y` (each offset `+N` or `-N`); nil for
    /// anything else, a zero size included.
    public init?(parsing text: String) {
        if text == "full" { self = .full; return }
        let bytes = Array(text.utf8)
        var index = 0
        func number() -> Int? {
            let start = index
            while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") { index += 1 }
            guard index > start, index - start <= 5 else { return nil }
            return Int(String(decoding: bytes[start..<index], as: UTF8.self))
        }
        guard let columns = number(), index < bytes.count, bytes[index] == UInt8(ascii: "x") else { return nil }
        index += 1
        guard let rows = number(), columns > 0, rows > 0 else { return nil }
        self.init(size: CellSize(columns: columns, rows: rows))
        guard index < bytes.count else { return }
        func offset() -> (Int, fromEnd: Bool)? {
            guard index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") else { return nil }
            let fromEnd = bytes[index] == UInt8(ascii: "-")
            index += 1
            return number().map { ($0, fromEnd) }
        }
        guard let (x, xFromRight) = offset(), let (y, yFromBottom) = offset(), index == bytes.count else { return nil }
        self.x = x; self.xFromRight = xFromRight; self.y = y; self.yFromBottom = yFromBottom
    }

    /// The rectangle in a terminal of `terminal`, cut to it; nil when nothing of it is inside.
    public func area(in terminal: CellSize) -> CellRect? {
        guard let size else { return terminal.isEmpty ? nil : CellRect(origin: .zero, size: terminal) }
        let column = xFromRight ? terminal.columns - x - size.columns : x
        let row = yFromBottom ? terminal.rows - y - size.rows : y
        let wanted = CellRect(column: column, row: row, columns: size.columns, rows: size.rows)
        let inside = wanted.intersection(CellRect(origin: .zero, size: terminal))
        return inside.isEmpty ? nil : inside
    }

    public var description: String {
        guard let size else { return "full" }
        return "\(size)\(xFromRight ? "-" : "+")\(x)\(yFromBottom ? "-" : "+")\(y)"
    }
}
