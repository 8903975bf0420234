import InsetCore

/// The blitters' pattern glyphs as public facts: which glyph shows which sub-pixels lit.
///
/// For checks outside the renderer (the terminal fuzzer's idea of what a person sees in a
/// cell, `GlyphCoverage`), which must know a glyph's shape without the renderer's internal
/// tables or its complement map: a check that reused the complement map would pass a
/// wrong complement.
public enum SubCellPattern {
    /// How many patterns `blitter` has: one per subset of its sub-pixels.
    public static func count(in blitter: Blitter) -> Int { 1 << (blitter.subPixels.width * blitter.subPixels.height) }

    /// The glyph that shows `mask` of `blitter`'s sub-pixels in the foreground colour:
    /// bit `row * width + column` (bit 0 the top-left), as `SubCellGlyphs` lays them out.
    public static func glyph(for mask: Int, in blitter: Blitter) -> UInt32 {
        SubCellGlyphs.table(for: blitter)[mask]
    }
}
