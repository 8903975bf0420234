import InsetCore

/// Kitty's Unicode placeholders as ordinary cells of a grid, so the rasterizer writes and
/// diffs them like any text: an overlay (the control bar, the PiP window, a message) simply
/// replaces some of them, and when it goes the rasterizer writes them back. Inside tmux
/// this is how a picture follows the pane: tmux keeps the placeholder text in its own grid
/// and redraws it wherever the pane is, and the outer terminal shows the image there.
///
/// A placeholder cell's glyph is a value above U+10FFFF that no character has: it carries
/// the row, the column and the top byte of the image id, and the rasterizer expands it on
/// the wire to U+10EEEE followed by three diacritics (`KittyDiacritics`): row, column, top
/// byte. The low byte of the id is the cell's foreground, as a 256-colour palette index
/// (`38;5;n`): it goes through tmux unchanged whatever tmux knows of the outer terminal's
/// colours (a 24-bit id would be rounded to the 256 colours by a tmux that does not know
/// the outer terminal takes RGB), and it is never quantised or taken as "close enough" by
/// the rasterizer (a palette colour only ever equals itself). So an image id here is
/// `top << 24 | low`, top in 1...255 and low in 16...255 (16 and up: always `38;5;n`,
/// never the sixteen's `3n`), the middle bytes zero: 16 bits, enough to stay clear of
/// other programs' images in the terminal's one namespace.
///
/// Every cell carries all three diacritics, so tmux can redraw any part of a line.
public enum KittyPlaceholderGlyph {
    /// Glyphs `tag...tag | 0x0FFF_FFFF` are placeholders: below `Cell.wideContinuation`.
    static let tag: UInt32 = 0x4000_0000

    /// Whether `imageID` can be written by placeholder cells (see the type's summary).
    public static func canEncode(imageID: UInt32) -> Bool {
        let top = imageID >> 24, low = imageID & 0xFF
        return top >= 1 && Int(top) < KittyDiacritics.marks.count && imageID & 0x00FF_FF00 == 0 && low >= 16
    }

    /// Whether `glyph` is a placeholder cell's: the tag, and a row and a column that a
    /// diacritic can number. The top byte always can (8 bits, 297 marks). The whole glyph
    /// is checked, not just the tag, because a value in the tag's range can come from
    /// outside: libvterm decodes 5- and 6-byte UTF-8 to anything up to 0x7FFF_FFFF, and one
    /// that reached `put` with row 1023 indexed the table out of range (issue 22).
    @inline(__always)
    static func isPlaceholder(_ glyph: UInt32) -> Bool {
        glyph & 0xF000_0000 == tag && (glyph >> 10) & 0x3FF < markCount && glyph & 0x3FF < markCount
    }

    private static let markCount = UInt32(KittyDiacritics.marks.count)

    /// The glyph for (row, column) of image `imageID`; both below
    /// `KittyGraphicsEncoder.maxPlaceholderCells`.
    static func glyph(imageID: UInt32, row: Int, column: Int) -> UInt32 {
        tag | (imageID >> 24) << 20 | UInt32(row) << 10 | UInt32(column)
    }

    /// Writes the placeholder character and its three diacritics; U+FFFD for a glyph that
    /// is not a placeholder's, so no value can index the diacritics out of range.
    @inline(__always)
    static func put<S: ByteSink>(_ glyph: UInt32, into sink: inout S) {
        guard isPlaceholder(glyph) else { return sink.putUTF8(0xFFFD) }
        let marks = KittyDiacritics.marks
        sink.putUTF8(KittyGraphicsEncoder.placeholder)
        sink.putUTF8(marks[Int((glyph >> 10) & 0x3FF)])
        sink.putUTF8(marks[Int(glyph & 0x3FF)])
        sink.putUTF8(marks[Int((glyph >> 20) & 0xFF)])
    }
}

extension Cell {
    /// The cell that shows (row, column) of the picture of `imageID` through kitty's Unicode
    /// placeholders (`KittyPlaceholderGlyph`). The background is black, what a transparent
    /// pixel would show.
    public static func kittyPlaceholder(imageID: UInt32, row: Int, column: Int) -> Cell {
        precondition(KittyPlaceholderGlyph.canEncode(imageID: imageID), "image id \(imageID) cannot be a placeholder's")
        precondition(row >= 0 && row < KittyGraphicsEncoder.maxPlaceholderCells && column >= 0
                     && column < KittyGraphicsEncoder.maxPlaceholderCells, "placeholder (\(row), \(column)) out of range")
        return Cell(glyph: KittyPlaceholderGlyph.glyph(imageID: imageID, row: row, column: column),
                    foreground: TerminalColor.palette(UInt8(imageID & 0xFF)), background: 0)
    }

    /// Whether this cell is a kitty placeholder.
    @inline(__always) public var isKittyPlaceholder: Bool { KittyPlaceholderGlyph.isPlaceholder(glyph) }
}

extension ByteSink {
    /// A cell's glyph on the wire: its UTF-8, or a placeholder's character and diacritics.
    /// Values that are neither (above U+10FFFF, surrogates) go as U+FFFD: `putUTF8` would
    /// write them as bytes no terminal reads as one character.
    @inline(__always)
    mutating func putGlyph(_ glyph: UInt32) {
        if glyph <= 0x10FFFF && glyph & 0xFFFF_F800 != 0xD800 {
            putUTF8(glyph)
        } else {
            KittyPlaceholderGlyph.put(glyph, into: &self)
        }
    }
}
