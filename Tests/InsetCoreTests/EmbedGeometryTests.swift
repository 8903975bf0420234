import Testing
@testable import InsetCore

/// `--embed`'s geometry: X11's COLSxROWS+X+Y, minus offsets from the right and bottom
/// edges, `full`, and the rectangle each gives on a terminal, cut to it.
@Suite("Embed geometry")
struct EmbedGeometryTests {
    @Test("accepted forms and the rectangle on a 120x40 terminal", arguments: [
        ("40x12+10+5", CellRect(column: 10, row: 5, columns: 40, rows: 12)),
        ("40x12", CellRect(column: 0, row: 0, columns: 40, rows: 12)),
        ("56x37-2+2", CellRect(column: 62, row: 2, columns: 56, rows: 37)),
        ("20x10-0-0", CellRect(column: 100, row: 30, columns: 20, rows: 10)),
        ("full", CellRect(column: 0, row: 0, columns: 120, rows: 40)),
        // Cut to the terminal.
        ("50x20+100+30", CellRect(column: 100, row: 30, columns: 20, rows: 10)),
        ("50x20-110+0", CellRect(column: 0, row: 0, columns: 10, rows: 20)),
    ])
    func area(text: String, rect: CellRect) throws {
        let geometry = try #require(EmbedGeometry(parsing: text))
        #expect(geometry.area(in: CellSize(columns: 120, rows: 40)) == rect)
        #expect(EmbedGeometry(parsing: geometry.description) == geometry)
    }

    @Test("refused forms", arguments: ["", "40", "40x", "x12", "0x12+1+1", "40x0", "40x12+1", "40x12+1+", "40x12+1+2+3",
                                       "40X12", "-40x12", "40x12 +1+1", "123456x2", "40x12+a+1", "ful"])
    func refuses(text: String) {
        #expect(EmbedGeometry(parsing: text) == nil)
    }

    @Test("a rectangle wholly outside the terminal is nothing to draw")
    func outside() throws {
        let geometry = try #require(EmbedGeometry(parsing: "10x5+130+0"))
        #expect(geometry.area(in: CellSize(columns: 120, rows: 40)) == nil)
    }
}
