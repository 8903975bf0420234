/// How many terminal columns a Unicode scalar takes, as far as the renderer needs to know.
///
/// The renderer models one glyph per cell, so UI text must be reduced to single-column
/// scalars before it reaches a grid: zero-width scalars (combining marks, joiners,
/// variation selectors) are dropped and double-width ones (CJK, emoji) become `?`, which
/// keeps the rasterizer's cursor tracking exact. A close approximation of `wcwidth`,
/// independent of the process locale (which `wcwidth` is not).
public enum GlyphWidth {
    /// 0, 1 or 2 columns; control characters count as 0.
    public static func columns(of scalar: Unicode.Scalar) -> Int {
        let v = scalar.value
        if v >= 0x20 && v < 0x7F { return 1 }
        if v < 0x20 || (v >= 0x7F && v < 0xA0) { return 0 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control, .surrogate:
            return 0
        default:
            break
        }
        if (0xFE00...0xFE0F).contains(v) || (0xE0100...0xE01EF).contains(v) { return 0 }
        // Hangul's conjoining vowels and final consonants are letters (Lo) that join the
        // leading consonant before them into one syllable: 0 columns in wcwidth, libvterm
        // and the terminals, which draw one written alone onto the cell before it (so a
        // cell that held one moved the rest of its row; found by `inset-fuzz terminal`).
        if (0x1160...0x11FF).contains(v) || (0xD7B0...0xD7FF).contains(v) { return 0 }
        if isWide(v) || scalar.properties.isEmojiPresentation { return 2 }
        return 1
    }

    /// The scalar to store for a character of UI text: itself when it is one column wide,
    /// `?` for a wide one, nil for one that takes no column.
    public static func cellGlyph(for scalar: Unicode.Scalar) -> UInt32? {
        switch columns(of: scalar) {
        case 0: return nil
        case 1: return scalar.value
        default: return UInt32(UInt8(ascii: "?"))
        }
    }

    /// East Asian Wide and Fullwidth blocks (Unicode 15, coarse but covering real text),
    /// as glibc's wcwidth and libvterm draw them: Tangut, Khitan, Nushu and the kana
    /// supplements too. Emoji go by their Emoji_Presentation property, not by block: the
    /// emoji blocks also hold symbols drawn one column wide (U+1F321 THERMOMETER, U+1F58B
    /// LOWER LEFT FOUNTAIN PEN), which counted wide moved the rest of their row.
    private static func isWide(_ v: UInt32) -> Bool {
        switch v {
        case 0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x2E80...0x303E,
             0x3041...0x33FF, 0x3400...0x4DFF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
             0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19,
             0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x16FE4,
             0x16FF0...0x16FF1, 0x17000...0x18D8F, 0x1AFF0...0x1B2FF, 0x1F200...0x1F2FF,
             0x20000...0x2FFFD, 0x30000...0x3FFFD:
            return true
        default:
            return false
        }
    }
}
