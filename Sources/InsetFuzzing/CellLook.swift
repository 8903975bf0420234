import InsetRender

/// A cell as a person sees it: a glyph painted in two colours. Two cells look alike when
/// every sub-pixel of the one is painted in a colour the rasterizer counts as the same as
/// the other's (`Rasterizer.countsAsSame`), after both went through the terminal's
/// quantisation (`Rasterizer.shownColor`). For glyphs of known shape (`GlyphCoverage`)
/// that takes in what the rasterizer does on purpose:
/// - a pattern glyph in one colour over another is its complement with the colours
///   swapped (`RowDiffer` writes, or keeps, whichever costs fewer bytes);
/// - a glyph whose two colours are the same cannot be seen: any shape in that colour,
///   a space included, is the same picture (a half block of one colour goes as a space);
/// - colours the rasterizer counts as the same are the same.
/// A glyph of unknown shape must be the same glyph, in the same colours.
struct CellLook {
    var glyph: UInt32
    var foreground: UInt32
    var background: UInt32

    /// Whether `self`, as the pane intended it, and `shown`, as the terminal shows it,
    /// look alike on a terminal that `rasterizer` writes to, sub-pixel by sub-pixel.
    /// For cells without attributes only: an underline or reverse paints a cell otherwise.
    func looksLike(_ shown: CellLook, on rasterizer: Rasterizer) -> Bool {
        if isSame(as: shown, on: rasterizer) { return true }
        guard let lit = GlyphCoverage.mask(of: glyph), let shownLit = GlyphCoverage.mask(of: shown.glyph) else { return false }
        let (foreground, background) = (rasterizer.shownColor(self.foreground), rasterizer.shownColor(self.background))
        let shownForeground = rasterizer.shownColor(shown.foreground)
        let shownBackground = rasterizer.shownColor(shown.background)
        let same = rasterizer.countsAsSame
        // Sub-pixels fall in four kinds by which of the two cells lights them; each kind
        // present must be painted alike in both.
        let unlit = ~lit & GlyphCoverage.full, shownUnlit = ~shownLit & GlyphCoverage.full
        return (lit & shownLit == 0 || same(foreground, shownForeground))
            && (lit & shownUnlit == 0 || same(foreground, shownBackground))
            && (unlit & shownLit == 0 || same(background, shownForeground))
            && (unlit & shownUnlit == 0 || same(background, shownBackground))
    }

    /// The same glyph in colours the rasterizer counts as the same: what any cell must
    /// match when its shape is not known or an attribute paints it.
    func isSame(as shown: CellLook, on rasterizer: Rasterizer) -> Bool {
        glyph == shown.glyph && sameForeground(shown, rasterizer) && sameBackground(shown, rasterizer)
    }

    /// What differs, in a word, for the failure's line.
    func difference(from shown: CellLook, on rasterizer: Rasterizer) -> String {
        glyph != shown.glyph ? "glyph" : !sameForeground(shown, rasterizer) ? "foreground" : "background"
    }

    private func sameForeground(_ shown: CellLook, _ rasterizer: Rasterizer) -> Bool {
        rasterizer.countsAsSame(rasterizer.shownColor(foreground), rasterizer.shownColor(shown.foreground))
    }

    private func sameBackground(_ shown: CellLook, _ rasterizer: Rasterizer) -> Bool {
        rasterizer.countsAsSame(rasterizer.shownColor(background), rasterizer.shownColor(shown.background))
    }
}
