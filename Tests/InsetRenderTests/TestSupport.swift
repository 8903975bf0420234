import InsetCore
@testable import InsetRender
import InsetTestSupport

extension SplitMix64 {
    mutating func nextRGB() -> RGB {
        let v = next()
        return RGB(UInt8(truncatingIfNeeded: v), UInt8(truncatingIfNeeded: v >> 8), UInt8(truncatingIfNeeded: v >> 16))
    }

    mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &self) < p }
}

/// What a terminal in `mode` shows for an intended cell (nil colours: the defaults).
func shownCell(_ cell: Cell, mode: ColorMode) -> ModelCell {
    func show(_ packed: UInt32) -> RGB? {
        if packed == TerminalColor.defaultForeground || packed == TerminalColor.defaultBackground { return nil }
        if let index = TerminalColor.paletteIndex(packed) {
            if mode == .palette16 && index >= 16 {
                return ColorQuantizer.rgb(forIndex: Int(ColorQuantizer.index16(packed: TerminalColor.rgb(packed).packed)))
            }
            return ColorQuantizer.rgb(forIndex: index)
        }
        switch mode {
        case .truecolor: return RGB(packed: packed)
        case .palette256: return ColorQuantizer.rgb(forIndex: Int(ColorQuantizer.index256(packed: packed)))
        case .palette16: return ColorQuantizer.rgb(forIndex: Int(ColorQuantizer.index16(packed: packed)))
        }
    }
    let foreground = show(cell.foreground), background = show(cell.background)
    let attributes = cell.attributes.intersection(.all.union(.wide))
    // A half block of one colour is sent as a space on it (TerminalGlyph.shown): the same picture.
    let glyph = cell.glyph == Cell.upperHalfBlock && foreground == background && foreground != nil
        && TerminalColor.isTagged(cell.foreground) == TerminalColor.isTagged(cell.background) && attributes.isEmpty
        ? 0x20 : cell.glyph == Cell.wideContinuation ? cell.glyph : TerminalGlyph.displayable(cell.glyph)
    return ModelCell(glyph: glyph, foreground: foreground, background: background, attributes: attributes)
}

/// A pattern glyph (half block, quadrant, sextant, octant) and its complement with the two
/// colours swapped are one picture, and the rasterizer sends whichever costs fewer bytes:
/// the form with the lower glyph stands for both.
func canonical(_ cell: ModelCell) -> ModelCell {
    let other = SubCellGlyphs.complement(of: cell.glyph)
    guard other != 0, other < cell.glyph, cell.attributes.isEmpty else { return cell }
    return ModelCell(glyph: other, foreground: cell.background, background: cell.foreground, attributes: cell.attributes)
}

/// The first cell where the model differs from `frame` as `mode` shows it, described; nil
/// when the screen is exactly the frame (a pattern glyph may be shown by its complement).
func firstMismatch(_ model: TerminalModel, _ frame: CellGrid, mode: ColorMode) -> String? {
    guard model.size == frame.size else { return "model is \(model.size), frame \(frame.size)" }
    for row in 0..<frame.rows {
        for column in 0..<frame.columns {
            let want = shownCell(frame[column, row], mode: mode)
            let have = model[column, row]
            if canonical(want) != canonical(have) { return "cell (\(column),\(row)): screen shows \(have), frame wants \(want)" }
        }
    }
    return nil
}

/// Rasterizes `frame` and feeds the bytes to `model`.
@discardableResult
func replay(_ frame: CellGrid, through rasterizer: Rasterizer, into model: inout TerminalModel) throws -> RasterStats {
    let stats = rasterizer.rasterize(frame)
    try model.applyFrame(rasterizer.output.array)
    return stats
}

/// An image of random pixels.
func randomImage(_ size: PixelSize, using rng: inout SplitMix64) -> RGBImage {
    let image = RGBImage(size: size)
    for y in 0..<size.height { for x in 0..<size.width { image.setPixel(x: x, y: y, rng.nextRGB()) } }
    return image
}

extension OutputBuffer {
    var text: String { String(decoding: array, as: UTF8.self) }
}
