import InsetRender

/// What a cell of the shell pane holds for the character libvterm stored there.
///
/// Whatever a program prints reaches the outer terminal through these cells, so a glyph
/// must be a Unicode scalar that the rasterizer can write and whose width everyone agrees
/// on. libvterm gives neither: it decodes 5- and 6-byte UTF-8 into values up to
/// 0x7FFF_FFFF (`printf '\375\217\277\277\277\277'` is 0x4FFF_FFFF, which the renderer
/// once took for a kitty placeholder and crashed on), passes U+110000 and above, and sizes
/// characters by its own old width table. A cell whose glyph the outer terminal draws one
/// column wider or narrower than libvterm placed it moves everything after it on the row,
/// since the rasterizer counts columns; so a glyph is kept only when it is assigned and
/// `GlyphWidth` agrees with libvterm on its width, and is U+FFFD otherwise (one column in
/// every table).
struct PaneGlyph: Equatable {
    /// The glyph to store: a printable scalar, or a space.
    var glyph: UInt32
    /// Whether it takes two columns (the cell to its right is its continuation). Only ever
    /// true when libvterm gave the cell two columns.
    var wide: Bool

    static let replacement: UInt32 = 0xFFFD

    /// The glyph for libvterm's first character `character` of a cell `width` columns wide
    /// (1, or 2 for a wide character; a concealed cell is asked as 0).
    static func resolve(_ character: UInt32, width: Int) -> PaneGlyph {
        // Empty cells, control characters, and 0xFFFF_FFFF: the right half of a wide
        // character left behind when its left half went (libvterm keeps it).
        if character < 0x20 || (character >= 0x7F && character < 0xA0) || character == UInt32.max {
            return PaneGlyph(glyph: Cell.space, wide: false)
        }
        if character < 0x7F { return PaneGlyph(glyph: character, wide: false) }
        guard let scalar = Unicode.Scalar(character) else { return PaneGlyph(glyph: replacement, wide: false) }
        // An unassigned code point has no width anyone agrees on (glibc's wcwidth says -1,
        // terminals guess one or two columns, the renderer by its block).
        guard scalar.properties.generalCategory != .unassigned else { return PaneGlyph(glyph: replacement, wide: false) }
        let columns = GlyphWidth.columns(of: scalar)
        if columns == width { return PaneGlyph(glyph: character, wide: width == 2) }
        return PaneGlyph(glyph: replacement, wide: false)
    }
}

/// The last answer of `PaneGlyph.resolve`: a screen repeats its characters (box drawing,
/// a language's letters), and the width look-up costs tens of nanoseconds a cell.
struct PaneGlyphMemo {
    private var character = UInt32.max
    private var width = -1
    private var answer = PaneGlyph(glyph: Cell.space, wide: false)

    @inline(__always)
    mutating func resolve(_ character: UInt32, width: Int) -> PaneGlyph {
        if character < 0x7F && character >= 0x20 { return PaneGlyph(glyph: character, wide: false) }
        if character != self.character || width != self.width {
            self.character = character
            self.width = width
            answer = PaneGlyph.resolve(character, width: width)
        }
        return answer
    }
}
