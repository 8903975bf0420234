import Testing
@testable import InsetCore

/// Where ASS events go in cells (issue 45, item 2): the script's places scaled to the
/// picture's cells, to the nearest row and column; several at once, apart.
@Suite("Styled subtitle layout: events at their places in cells")
struct StyledSubtitleLayoutTests {
    static let sheet = AssCellEventTests.sheet
    static let area = CellRect(column: 0, row: 0, columns: 80, rows: 24)
    static let sign = #"0,Sign,,0,0,0,,{\an8}Yellow Sign"#
    static let dialogue = #"0,Default,,0,0,0,,{\c&H0000FF&}Red{\c} word then white"#

    static func place(_ events: [String], in area: CellRect = area, bottomMargin: Int = 0) -> [StyledSubtitleLayout.Piece] {
        StyledSubtitleLayout.place(events.compactMap { AssCellEvent(event: $0, sheet: sheet) }, sheet: sheet, in: area,
                                   bottomMargin: bottomMargin)
    }

    /// The text of the pieces on `row`, with their first column.
    static func row(_ pieces: [StyledSubtitleLayout.Piece], _ row: Int) -> (column: Int, text: String)? {
        let on = pieces.filter { $0.origin.row == row }
        guard let first = on.first else { return nil }
        return (first.origin.column, on.map(\.text).joined())
    }

    @Test("the sign at the top in yellow, bold, on the lighter box (no outline); the dialogue at the bottom, its red word red")
    func signAndDialogue() throws {
        let pieces = Self.place([Self.sign, Self.dialogue])
        // 640x360 on 80x24: MarginV 24 is 1.6 rows (2), the sign's margins 30/40 are 4 and 5 columns.
        let top = try #require(Self.row(pieces, 2))
        #expect(top.text == " Yellow Sign " && top.column == 33)
        let word = try #require(pieces.first { $0.text == "Yellow Sign" })
        #expect(word.colour == RGB(255, 255, 0) && word.bold && word.underline)
        #expect(word.background == StyledSubtitleLayout.plainBackground)
        // MarginV 20 is 1.3 rows: one row above the picture's last.
        let bottom = try #require(Self.row(pieces, 22))
        #expect(bottom.text == " Red word then white " && bottom.column == 30)
        let red = try #require(pieces.first { $0.text == "Red" })
        #expect(red.colour == RGB(255, 0, 0) && red.background == StyledSubtitleLayout.outlineBackground)
        #expect(pieces.first { $0.text == " word then white" }?.colour == .white)
        #expect(Set(pieces.map(\.origin.row)) == [2, 22], "nothing else drawn")
    }

    @Test("\\pos goes to the nearest cell, the alignment saying which corner or edge of the block it is",
          arguments: [(7, 40, 12), (2, 37, 11), (9, 34, 12), (5, 37, 12)])
    func position(alignment: Int, column: Int, row: Int) throws {
        let pieces = Self.place([#"0,Default,,0,0,0,,{\an\#(alignment)\pos(320,180)}Here"#])
        let placed = try #require(Self.row(pieces, row), "\(pieces)")
        #expect(placed.column == column && placed.text == " Here ")
    }

    @Test("two events at the bottom at once: the later goes above the first; two at the top, below")
    func collisions() throws {
        let bottom = Self.place([#"0,Default,,0,0,0,,First"#, #"0,Default,,0,0,0,,Second"#])
        #expect(Self.row(bottom, 22)?.text == " First " && Self.row(bottom, 21)?.text == " Second ")
        let top = Self.place([Self.sign, #"0,Sign,,0,0,0,,Other"#])
        #expect(Self.row(top, 2)?.text == " Yellow Sign " && Self.row(top, 3)?.text == " Other ")
    }

    @Test("a higher layer is placed after a lower one whatever the order given")
    func layers() {
        let pieces = Self.place([#"1,Default,,0,0,0,,Upper"#, #"0,Default,,0,0,0,,Lower"#])
        #expect(Self.row(pieces, 22)?.text == " Lower " && Self.row(pieces, 21)?.text == " Upper ")
    }

    @Test("left and right alignment hang on the margins", arguments: [(1, 3, " Left "), (3, 71, " Left ")])
    func sides(alignment: Int, column: Int, text: String) {
        // MarginL/R 20 of 640 on 80 columns: 2.5, rounded to 3.
        let pieces = Self.place([#"0,Default,,0,0,0,,{\an\#(alignment)}Left"#])
        #expect(Self.row(pieces, 22)?.column == column && Self.row(pieces, 22)?.text == text)
    }

    @Test("the controls' rows push a bottom event up; a top one stays")
    func bottomMargin() {
        let pieces = Self.place([Self.sign, Self.dialogue], bottomMargin: 3)
        #expect(Self.row(pieces, 20)?.text == " Red word then white " && Self.row(pieces, 2)?.text == " Yellow Sign ")
    }

    @Test("a line too wide wraps at spaces between the margins, each part keeping its runs' colours")
    func wraps() throws {
        let narrow = CellRect(column: 10, row: 5, columns: 20, rows: 24)
        let pieces = Self.place([Self.dialogue], in: narrow)
        #expect(Self.row(pieces, 26)?.text == " Red word then " && Self.row(pieces, 27)?.text == " white ")
        #expect(pieces.first { $0.text == "Red" }?.colour == RGB(255, 0, 0))
        #expect(pieces.first { $0.text == " word then" }?.colour == .white)
        #expect(pieces.allSatisfy { $0.origin.column >= 10 && $0.origin.column + $0.columns <= 30 })
    }

    @Test("an opaque box (BorderStyle 3) is the style's outline colour")
    func box() {
        let pieces = Self.place([#"0,Boxed,,0,0,0,,Boxed"#])
        #expect(pieces.first { $0.text == "Boxed" }?.background == RGB(0x10, 0x20, 0x40))
    }
}
