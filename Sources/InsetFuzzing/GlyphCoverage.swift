import InsetCore
import InsetRender

/// Which part of a cell a glyph paints in the foreground colour, for the glyphs whose
/// shape the renderer knows: the space, the full block and every pattern of the blitters
/// (half blocks, quadrants, sextants, octants, and the quarter and three-quarter blocks
/// the octant table borrows from other blocks). Other glyphs have no coverage here.
///
/// Shapes are laid on one grid of 2 columns by 12 rows, which each blitter's sub-pixels
/// divide (1x2, 2x2, 2x3, 2x4), so that a glyph of one table compares with a glyph of
/// another sub-pixel by sub-pixel: bit `row * 2 + column`, bit 0 the top-left.
enum GlyphCoverage {
    static let columns = 2, rows = 12
    /// Every sub-pixel lit: the full block.
    static let full: UInt32 = (1 << UInt32(columns * rows)) - 1

    /// The lit sub-pixels of `glyph`, nil for a glyph whose shape is not known.
    static func mask(of glyph: UInt32) -> UInt32? { masks[glyph] }

    /// Built from each blitter's table by its own sub-pixel layout. Two tables that gave
    /// one glyph different shapes would make a cell's look depend on the blitter that drew
    /// it: that is a renderer bug, stopped here rather than guessed around.
    private static let masks: [UInt32: UInt32] = {
        var masks: [UInt32: UInt32] = [:]
        for blitter in Blitter.allCases {
            for pattern in 0..<SubCellPattern.count(in: blitter) {
                let glyph = SubCellPattern.glyph(for: pattern, in: blitter)
                let mask = spread(pattern, from: blitter.subPixels)
                if let known = masks[glyph], known != mask {
                    preconditionFailure("U+\(String(glyph, radix: 16, uppercase: true)) has two shapes in the blitters' tables")
                }
                masks[glyph] = mask
            }
        }
        return masks
    }()

    /// `pattern` (bit `row * width + column` of a grid `size`) on the common grid.
    static func spread(_ pattern: Int, from size: PixelSize) -> UInt32 {
        var mask: UInt32 = 0
        for row in 0..<rows {
            for column in 0..<columns {
                let bit = (row * size.height / rows) * size.width + column * size.width / columns
                if pattern & (1 << bit) != 0 { mask |= 1 << UInt32(row * columns + column) }
            }
        }
        return mask
    }
}
