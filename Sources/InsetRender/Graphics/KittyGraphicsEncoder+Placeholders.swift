import InsetCore

extension KittyGraphicsEncoder {
    /// The placeholder character: a cell printing it shows part of an image instead.
    static let placeholder: UInt32 = 0x10EEEE

    /// Rows and columns a placeholder can number (`KittyDiacritics`).
    public static var maxPlaceholderCells: Int { KittyDiacritics.marks.count }

    /// Writes row `row` of the Unicode placeholder text for image `imageID`, `columns`
    /// cells wide, at the cursor: the foreground set to the id (24-bit, `ESC[38;2;r;g;bm`),
    /// then per cell U+10EEEE with the row's and the column's diacritic (and a third for
    /// the id's top byte when it has one), then the default foreground again.
    ///
    /// Every cell carries all its diacritics, although the protocol lets later cells of a
    /// row inherit them: a cell then still shows the right part of the picture when a host
    /// application (tmux, an editor) redraws the line from the middle.
    ///
    /// The image must have a virtual placement (`transmitForPlaceholders`) of at least
    /// `row + 1` rows and `columns` columns.
    public static func writePlaceholderRow(imageID: UInt32, row: Int, columns: Int, into output: OutputBuffer) {
        let marks = KittyDiacritics.marks
        precondition(imageID != 0, "placeholders need an image id")
        precondition(row >= 0 && row < marks.count && columns >= 0 && columns <= marks.count,
                     "placeholders number rows and columns below \(marks.count)")
        let topByte = Int(imageID >> 24)
        let perCell = topByte != 0 ? 12 : 8  // 4 bytes for U+10EEEE, at most 4 per diacritic
        output.withWriter(reserving: 32 + columns * perCell + 8) { w in
            w.putLiteral("\u{1B}[38;2;")
            w.putSmallDecimal(Int((imageID >> 16) & 0xFF))
            w.put(UInt8(ascii: ";"))
            w.putSmallDecimal(Int((imageID >> 8) & 0xFF))
            w.put(UInt8(ascii: ";"))
            w.putSmallDecimal(Int(imageID & 0xFF))
            w.put(UInt8(ascii: "m"))
            marks.withUnsafeBufferPointer { marks in
                let rowMark = marks[row]
                for column in 0..<columns {
                    w.putUTF8(placeholder)
                    w.putUTF8(rowMark)
                    w.putUTF8(marks[column])
                    if topByte != 0 { w.putUTF8(marks[topByte]) }
                }
            }
            w.putLiteral("\u{1B}[39m")
        }
    }
}
