extension CellSize {
    /// The sizes a terminal can plausibly be, and so the sizes the command line takes: wide
    /// enough for any real screen at any font, small enough that a frame's pixels and its
    /// output stay in memory (4096x2048 cells is 4096x4096 pixels, tens of megabytes).
    public static let allowedColumns = 1...4096
    public static let allowedRows = 1...2048

    /// Why a size on the command line was refused; one line, for `inset: --size TEXT: why`.
    public struct ParseError: Error, Hashable, Sendable, CustomStringConvertible {
        public var reason: String
        public var description: String { reason }
    }

    /// Parses `COLSxROWS` (`160x45`; `X` too): two whole numbers of plain digits, columns in
    /// `allowedColumns`, rows in `allowedRows`.
    public init(validating text: String) throws(ParseError) {
        let parts = text.split(omittingEmptySubsequences: false) { $0 == "x" || $0 == "X" }
        guard parts.count == 2 else { throw ParseError(reason: "expected COLSxROWS, such as 160x45") }
        let columns = try CellSize.count(parts[0], named: "columns", in: CellSize.allowedColumns)
        let rows = try CellSize.count(parts[1], named: "rows", in: CellSize.allowedRows)
        self.init(columns: columns, rows: rows)
    }

    private static func count(_ text: Substring, named name: String, in allowed: ClosedRange<Int>) throws(ParseError) -> Int {
        guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
            throw ParseError(reason: "\(name) '\(text)' is not a whole number")
        }
        // Digits only, so Int fails only on overflow, which is out of range all the same.
        guard let value = Int(text), allowed.contains(value) else {
            throw ParseError(reason: "\(name) must be \(allowed.lowerBound) to \(allowed.upperBound)")
        }
        return value
    }
}
