import InsetCore
@testable import InsetRender
import InsetTestSupport

/// A cell as a terminal shows it. A nil colour is the terminal's default colour, which a
/// frame drawn by the rasterizer must never leave on screen.
struct ModelCell: Equatable, CustomStringConvertible {
    var glyph: UInt32
    var foreground: RGB?
    var background: RGB?
    var attributes: CellAttributes

    var description: String {
        let g = Unicode.Scalar(glyph).map { String(Character($0)) } ?? "\\u{\(glyph)}"
        return "'\(g)' fg \(foreground.map(\.description) ?? "default") bg \(background.map(\.description) ?? "default") attrs \(attributes.rawValue)"
    }
}

struct TerminalModelError: Error, CustomStringConvertible {
    var message: String
    var offset: Int
    var description: String { "terminal model: \(message) at byte \(offset)" }
}

/// A small terminal emulator that understands exactly the escapes the rasterizer emits,
/// and rejects everything else, so a replay test cannot pass on output a real terminal
/// would read differently.
///
/// Understood: CUP `ESC[r;cH` (empty or missing parameters are 1), CUF `ESC[nC`,
/// `ESC[2J`, SGR 0/1/2/3/4/7/22/23/24/27, 30–37, 39, 40–47, 49, 90–97, 100–107, `38;2;r;g;b`,
/// `48;2;r;g;b`, `38;5;n`, `48;5;n`, the synchronized-update markers `ESC[?2026h/l`, and
/// UTF-8 text, each scalar taking one cell, or two for East Asian wide ones (the right
/// cell then holds `Cell.wideContinuation`, the left has `.wide`). Writing in the last column sets the pending-wrap
/// state as xterm does; printing in that state (relying on autowrap) is an error, and so
/// are moves off the screen, control characters, invalid UTF-8, unknown sequences, text
/// outside a synchronized update, and nested or unbalanced markers.
///
/// Combining marks (kitty's placeholder diacritics among them) join the character printed
/// just before them, with no escape in between, as a terminal stores them; one anywhere
/// else is an error. For kitty's Unicode placeholders it also keeps the palette index a
/// cell's foreground was set by (`38;5;n`, `3n`, `9n`), the low byte of the image id.
struct TerminalModel {
    private(set) var size: CellSize
    private(set) var cells: [ModelCell]
    private(set) var cursorRow = 0
    private(set) var cursorColumn = 0
    private(set) var pendingWrap = false
    private(set) var foreground: RGB?
    private(set) var background: RGB?
    private(set) var attributes: CellAttributes = []
    private(set) var inSynchronizedUpdate = false
    /// Per cell: the combining marks after its character, and its foreground's palette index.
    private(set) var marks: [[UInt32]]
    private(set) var foregroundIndices: [Int?]
    private var foregroundIndex: Int?
    /// The cell the last character went to, while nothing but text has followed it.
    private var lastPrinted: Int?

    init(size: CellSize) {
        self.size = size
        cells = Array(repeating: ModelCell(glyph: 0x20, foreground: nil, background: nil, attributes: []),
                      count: size.count)
        marks = Array(repeating: [], count: size.count)
        foregroundIndices = Array(repeating: nil, count: size.count)
    }

    subscript(column: Int, row: Int) -> ModelCell { cells[row * size.columns + column] }

    /// The terminal window changes size; what it shows afterwards is anyone's guess, so
    /// the model fills it with junk the rasterizer has to overwrite.
    mutating func resize(to newSize: CellSize, junkSeed: UInt64) {
        size = newSize
        cells = Array(repeating: ModelCell(glyph: 0x20, foreground: nil, background: nil, attributes: []),
                      count: newSize.count)
        marks = Array(repeating: [], count: newSize.count)
        foregroundIndices = Array(repeating: nil, count: newSize.count)
        scramble(seed: junkSeed)
        cursorRow = min(cursorRow, max(0, newSize.rows - 1))
        cursorColumn = min(cursorColumn, max(0, newSize.columns - 1))
        pendingWrap = false
    }

    /// Something else wrote to the screen (a shell while suspended, a stray message).
    mutating func scramble(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        for i in cells.indices {
            cells[i] = ModelCell(glyph: UInt32(UInt8(ascii: "#")), foreground: rng.nextRGB(),
                                 background: rng.nextRGB(), attributes: CellAttributes(rawValue: UInt8(rng.next() % 8)))
        }
        foreground = rng.nextRGB()
        background = rng.nextRGB()
        attributes = [.bold, .reverse]
        marks = Array(repeating: [], count: size.count)
        foregroundIndices = Array(repeating: nil, count: size.count)
        foregroundIndex = nil
        lastPrinted = nil
        cursorRow = Int(rng.next() % UInt64(max(1, size.rows)))
        cursorColumn = Int(rng.next() % UInt64(max(1, size.columns)))
    }

    /// Interprets one frame's bytes, which must be one synchronized update.
    mutating func applyFrame(_ bytes: [UInt8]) throws {
        let begin = Array("\u{1B}[?2026h".utf8), end = Array("\u{1B}[?2026l".utf8)
        guard bytes.starts(with: begin) else { throw TerminalModelError(message: "frame does not open a synchronized update", offset: 0) }
        guard bytes.count >= begin.count + end.count, Array(bytes.suffix(end.count)) == end else {
            throw TerminalModelError(message: "frame does not end with the synchronized-update end", offset: bytes.count)
        }
        try apply(bytes)
    }

    /// Interprets bytes; throws on the first thing it does not understand.
    mutating func apply(_ bytes: [UInt8]) throws {
        var i = 0
        while i < bytes.count {
            if bytes[i] == 0x1B {
                i = try escape(bytes, at: i)
            } else {
                i = try text(bytes, at: i)
            }
        }
    }

    private mutating func escape(_ bytes: [UInt8], at start: Int) throws -> Int {
        func fail(_ m: String) -> TerminalModelError { TerminalModelError(message: m, offset: start) }
        lastPrinted = nil
        var i = start + 1
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

    private mutating func text(_ bytes: [UInt8], at start: Int) throws -> Int {
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

extension TerminalModel {
    /// What kitty shows at a cell: (image id, row, column) when it holds a placeholder
    /// (U+10EEEE, a palette-index foreground, three diacritics), nil for anything else.
    func kittyPlaceholder(column: Int, row: Int) -> KittyDecoder.PlaceholderCell? {
        let i = row * size.columns + column
        guard cells[i].glyph == KittyGraphicsEncoder.placeholder, let low = foregroundIndices[i], marks[i].count == 3,
              let numbers = Optional(marks[i].compactMap { KittyDiacritics.marks.firstIndex(of: $0) }),
              numbers.count == 3 else { return nil }
        return KittyDecoder.PlaceholderCell(imageID: UInt32(numbers[2]) << 24 | UInt32(low), row: numbers[0], column: numbers[1])
    }
}
