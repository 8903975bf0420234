import InsetCore
import Testing

@Suite("Open rectangles")
struct OpenRectanglesTests {
    /// The open cells of a screen drawn as text: "." open, anything else covered.
    static func find(_ rows: [String], in area: CellRect? = nil, limit: Int = 8) -> [CellRect] {
        let cells = rows.map { Array($0) }
        let whole = CellRect(column: 0, row: 0, columns: cells[0].count, rows: cells.count)
        return OpenRectangles.find(in: area ?? whole, limit: limit) { column, row in cells[row][column] == "." }
    }

    @Test("all open: one rectangle; all covered or empty: none")
    func whole() {
        #expect(Self.find(["....", "...."]) == [CellRect(column: 0, row: 0, columns: 4, rows: 2)])
        #expect(Self.find(["##", "##"]).isEmpty)
        #expect(Self.find(["...."], in: CellRect(column: 0, row: 0, columns: 0, rows: 1)).isEmpty)
    }

    @Test("a window in the bottom-right corner and a bar under all: the band above and the band beside")
    func windowInCorner() {
        let screen = ["........",
                      "........",
                      ".....WWW",
                      ".....WWW",
                      "BBBBBBBB"]
        #expect(Self.find(screen) == [CellRect(column: 0, row: 0, columns: 8, rows: 2),
                                      CellRect(column: 0, row: 2, columns: 5, rows: 2)])
    }

    @Test("a window in the middle: above, left and right beside it, below")
    func windowInMiddle() {
        let screen = ["......",
                      "..WW..",
                      "..WW..",
                      "......"]
        #expect(Self.find(screen) == [CellRect(column: 0, row: 0, columns: 6, rows: 1),
                                      CellRect(column: 0, row: 1, columns: 2, rows: 2),
                                      CellRect(column: 4, row: 1, columns: 2, rows: 2),
                                      CellRect(column: 0, row: 3, columns: 6, rows: 1)])
    }

    @Test("only the area is looked at, and every rectangle is open and inside it, never overlapping")
    func insideArea() {
        let screen = ["#.....",
                      "#..#..",
                      "#....."]
        let area = CellRect(column: 1, row: 0, columns: 4, rows: 3)
        let found = Self.find(screen, in: area)
        #expect(found == [CellRect(column: 1, row: 0, columns: 4, rows: 1), CellRect(column: 1, row: 1, columns: 2, rows: 1),
                          CellRect(column: 4, row: 1, columns: 1, rows: 1), CellRect(column: 1, row: 2, columns: 4, rows: 1)])
        for (i, a) in found.enumerated() {
            #expect(a.intersection(area) == a)
            for b in found[(i + 1)...] { #expect(a.intersection(b).isEmpty) }
        }
    }

    @Test("beyond the limit the largest are kept, still in reading order")
    func limit() {
        let screen = [".#.#....",
                      "........"]
        let found = Self.find(screen, limit: 2)
        #expect(found == [CellRect(column: 4, row: 0, columns: 4, rows: 1), CellRect(column: 0, row: 1, columns: 8, rows: 1)])
    }
}
