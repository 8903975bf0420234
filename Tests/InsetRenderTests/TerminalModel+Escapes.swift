import InsetCore
@testable import InsetRender

/// The escapes the model understands: CUP, CUF, ED 2, SGR, DECSC and DECRC, and the
/// synchronized-update markers. Anything else is an error at its byte offset.
extension TerminalModel {
    mutating func escape(_ bytes: [UInt8], at start: Int) throws -> Int {
        func fail(_ m: String) -> TerminalModelError { TerminalModelError(message: m, offset: start) }
        lastPrinted = nil
        var i = start + 1
        if i < bytes.count, bytes[i] == UInt8(ascii: "7") || bytes[i] == UInt8(ascii: "8") {
            // DECSC, DECRC: the cursor and the SGR state (embed mode saves them around a frame).
            if bytes[i] == UInt8(ascii: "7") {
                savedCursor = SavedCursor(row: cursorRow, column: cursorColumn, foreground: foreground, background: background,
                                          attributes: attributes, foregroundIndex: foregroundIndex)
            } else {
                guard let saved = savedCursor else { throw fail("DECRC with nothing saved") }
                cursorRow = saved.row; cursorColumn = saved.column; foreground = saved.foreground
                background = saved.background; attributes = saved.attributes; foregroundIndex = saved.foregroundIndex
                pendingWrap = false
            }
            return i + 1
        }
        guard i < bytes.count, bytes[i] == UInt8(ascii: "[") else { throw fail("ESC not followed by [") }
        i += 1
        var isPrivate = false
        if i < bytes.count, bytes[i] == UInt8(ascii: "?") { isPrivate = true; i += 1 }
        var params: [Int?] = []
        var current: Int?
        var sawAny = false
        while i < bytes.count {
            let b = bytes[i]
            if b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") {
                current = (current ?? 0) * 10 + Int(b - UInt8(ascii: "0"))
                guard current! < 1_000_000 else { throw fail("parameter too long") }
                sawAny = true
            } else if b == UInt8(ascii: ";") {
                params.append(current)
                current = nil
                sawAny = true
            } else {
                break
            }
            i += 1
        }
        guard i < bytes.count else { throw fail("unterminated CSI") }
        if sawAny { params.append(current) }
        let final = bytes[i]
        i += 1
        if isPrivate {
            guard params.count == 1, params[0] == 2026, final == UInt8(ascii: "h") || final == UInt8(ascii: "l") else {
                throw fail("unknown private sequence \(params) \(Character(Unicode.Scalar(final)))")
            }
            let opening = final == UInt8(ascii: "h")
            guard opening != inSynchronizedUpdate else { throw fail(opening ? "nested synchronized update" : "unbalanced synchronized-update end") }
            inSynchronizedUpdate = opening
            return i
        }
        guard inSynchronizedUpdate else { throw fail("escape outside a synchronized update") }
        switch final {
        case UInt8(ascii: "H"):
            guard params.count <= 2 else { throw fail("CUP with \(params.count) parameters") }
            let row = (params.count > 0 ? params[0] : nil) ?? 1
            let column = (params.count > 1 ? params[1] : nil) ?? 1
            guard row >= 1, row <= size.rows, column >= 1, column <= size.columns else {
                throw fail("CUP to \(row);\(column) outside \(size)")
            }
            cursorRow = row - 1
            cursorColumn = column - 1
            pendingWrap = false
        case UInt8(ascii: "C"):
            guard params.count <= 1 else { throw fail("CUF with \(params.count) parameters") }
            let n = max(1, (params.first ?? nil) ?? 1)
            guard !pendingWrap else { throw fail("CUF from the pending-wrap position") }
            guard cursorColumn + n < size.columns else { throw fail("CUF \(n) from column \(cursorColumn) runs off the row") }
            cursorColumn += n
        case UInt8(ascii: "J"):
            guard params.count == 1, params[0] == 2 else { throw fail("ED other than 2J: \(params)") }
            for k in cells.indices {
                cells[k] = ModelCell(glyph: 0x20, foreground: nil, background: background, attributes: [])
                marks[k] = []
                foregroundIndices[k] = nil
            }
        case UInt8(ascii: "m"):
            try sgr(params.isEmpty ? [0] : params, fail: fail)
        default:
            throw fail("unknown CSI final \(Character(Unicode.Scalar(final)))")
        }
        return i
    }

    private mutating func sgr(_ params: [Int?], fail: (String) -> TerminalModelError) throws {
        var k = 0
        func next() throws -> Int {
            guard k < params.count, let v = params[k] else { throw fail("SGR missing a parameter in \(params)") }
            k += 1
            return v
        }
        var index: Int?
        func extendedColor() throws -> RGB {
            index = nil
            switch try next() {
            case 2:
                let r = try next(), g = try next(), b = try next()
                guard (0...255).contains(r), (0...255).contains(g), (0...255).contains(b) else { throw fail("SGR rgb out of range") }
                return RGB(UInt8(r), UInt8(g), UInt8(b))
            case 5:
                let n = try next()
                guard (0...255).contains(n) else { throw fail("SGR index \(n) out of range") }
                index = n
                return ColorQuantizer.rgb(forIndex: n)
            case let other:
                throw fail("SGR 38/48 with kind \(other)")
            }
        }
        while k < params.count {
            let p = try next()
            switch p {
            case 0: attributes = []; foreground = nil; background = nil; foregroundIndex = nil
            case 1: attributes.insert(.bold)
            case 2: attributes.insert(.dim)
            case 3: attributes.insert(.italic)
            case 4: attributes.insert(.underline)
            case 7: attributes.insert(.reverse)
            case 22: attributes.subtract([.bold, .dim])
            case 23: attributes.remove(.italic)
            case 24: attributes.remove(.underline)
            case 27: attributes.remove(.reverse)
            case 30...37: foreground = ColorQuantizer.rgb(forIndex: p - 30); foregroundIndex = p - 30
            case 90...97: foreground = ColorQuantizer.rgb(forIndex: p - 90 + 8); foregroundIndex = p - 90 + 8
            case 40...47: background = ColorQuantizer.rgb(forIndex: p - 40)
            case 100...107: background = ColorQuantizer.rgb(forIndex: p - 100 + 8)
            case 39: foreground = nil; foregroundIndex = nil
            case 49: background = nil
            case 38: foreground = try extendedColor(); foregroundIndex = index
            case 48: background = try extendedColor()
            default: throw fail("unknown SGR \(p)")
            }
        }
    }
}
