import InsetCore
@testable import InsetRender

/// UTF-8 text on the model's screen: strict decoding, wide glyphs, combining marks joined
/// to the character before them, and xterm's pending-wrap state.
extension TerminalModel {
    mutating func text(_ bytes: [UInt8], at start: Int) throws -> Int {
        func fail(_ m: String) -> TerminalModelError { TerminalModelError(message: m, offset: start) }
        let lead = bytes[start]
        let length: Int
        var value: UInt32
        switch lead {
        case 0x00..<0x80: length = 1; value = UInt32(lead)
        case 0xC2..<0xE0: length = 2; value = UInt32(lead & 0x1F)
        case 0xE0..<0xF0: length = 3; value = UInt32(lead & 0x0F)
        case 0xF0..<0xF5: length = 4; value = UInt32(lead & 0x07)
        default: throw fail("invalid UTF-8 lead byte \(lead)")
        }
        guard start + length <= bytes.count else { throw fail("truncated UTF-8") }
        for k in 1..<length {
            let b = bytes[start + k]
            guard b & 0xC0 == 0x80 else { throw fail("invalid UTF-8 continuation") }
            value = value << 6 | UInt32(b & 0x3F)
        }
        let minimum: UInt32 = [0, 0, 0x80, 0x800, 0x10000][length]
        guard value >= minimum, value <= 0x10FFFF, !(0xD800..<0xE000).contains(value) else { throw fail("invalid scalar") }
        guard value >= 0x20, !(0x7F..<0xA0).contains(value) else { throw fail("control character \(value)") }
        guard inSynchronizedUpdate else { throw fail("text outside a synchronized update") }
        if let scalar = Unicode.Scalar(value), scalar.properties.generalCategory == .nonspacingMark {
            guard let lastPrinted else { throw fail("a combining mark with no character before it") }
            marks[lastPrinted].append(value)
            return start + length
        }
        guard !pendingWrap else { throw fail("printing at the pending-wrap position relies on autowrap") }
        let width = TerminalModel.isWide(value) ? 2 : 1
        guard cursorColumn + width <= size.columns else { throw fail("a wide glyph in the last column") }
        // Overwriting either half of a wide glyph blanks the other half, as terminals do.
        for column in cursorColumn..<(cursorColumn + width) {
            let here = cells[cursorRow * size.columns + column]
            if here.glyph == Cell.wideContinuation, column > 0 {
                cells[cursorRow * size.columns + column - 1].glyph = 0x20
            } else if here.attributes.contains(.wide), column + 1 < size.columns {
                cells[cursorRow * size.columns + column + 1].glyph = 0x20
            }
        }
        cells[cursorRow * size.columns + cursorColumn] = ModelCell(
            glyph: value, foreground: foreground, background: background,
            attributes: width == 2 ? attributes.union(.wide) : attributes)
        lastPrinted = cursorRow * size.columns + cursorColumn
        marks[lastPrinted!] = []
        foregroundIndices[lastPrinted!] = foregroundIndex
        if width == 2 {
            cells[cursorRow * size.columns + cursorColumn + 1] = ModelCell(
                glyph: Cell.wideContinuation, foreground: foreground, background: background, attributes: attributes)
        }
        if cursorColumn + width - 1 == size.columns - 1 { pendingWrap = true; cursorColumn = size.columns - 1 } else { cursorColumn += width }
        return start + length
    }

    /// East Asian wide and emoji ranges: the glyphs a terminal draws two columns wide.
    static func isWide(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
             0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
             0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD:
            return true
        default:
            return false
        }
    }
}
