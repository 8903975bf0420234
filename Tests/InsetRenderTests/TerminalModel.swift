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
///
/// The screen and its state are here; reading escapes is in `+Escapes`, printing text in
/// `+Text`. The state is settable within the test target so those files can change it.
struct TerminalModel {
    private(set) var size: CellSize
    var cells: [ModelCell]
    var cursorRow = 0
    var cursorColumn = 0
    var pendingWrap = false
    var foreground: RGB?
    var background: RGB?
    var attributes: CellAttributes = []
    var inSynchronizedUpdate = false
    /// Per cell: the combining marks after its character, and its foreground's palette index.
    var marks: [[UInt32]]
    var foregroundIndices: [Int?]
    var foregroundIndex: Int?
    /// The cell the last character went to, while nothing but text has followed it.
    var lastPrinted: Int?
    /// What DECSC saved (ESC 7), for DECRC (ESC 8).
    var savedCursor: SavedCursor?

    struct SavedCursor {
        var row: Int, column: Int
        var foreground: RGB?, background: RGB?
        var attributes: CellAttributes
        var foregroundIndex: Int?
    }

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
