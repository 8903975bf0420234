/// Where escape sequences go: the real output (`ByteWriter`) or a length count
/// (`ByteCounter`). The rasterizer writes each sequence through one generic function, so
/// when it weighs two ways of reaching a cell it counts them with the exact code that
/// would write them; the optimiser specialises both away.
protocol ByteSink {
    mutating func put(_ byte: UInt8)
    mutating func put(_ a: UInt8, _ b: UInt8)
    /// `n` in 0..<1000, in decimal.
    mutating func putSmallDecimal(_ n: Int)
    mutating func putDecimal(_ n: Int)
    /// A valid scalar (see `TerminalGlyph.displayable`) as UTF-8.
    mutating func putUTF8(_ scalar: UInt32)
}

/// Writes into memory reserved ahead (see `OutputBuffer.withWriter`), without bounds checks.
struct ByteWriter: ByteSink {
    static let maxDecimalBytes = 20
    private(set) var position: UnsafeMutablePointer<UInt8>
    private let digits: UnsafePointer<UInt8>

    @inline(__always)
    init(at position: UnsafeMutablePointer<UInt8>) {
        self.position = position
        digits = DecimalDigits.table
    }

    @inline(__always) mutating func put(_ byte: UInt8) {
        position.pointee = byte
        position += 1
    }

    @inline(__always) mutating func put(_ a: UInt8, _ b: UInt8) {
        position[0] = a
        position[1] = b
        position += 2
    }

    /// Branch-free: always stores three digit bytes, then advances by the real length. The
    /// reservation per sequence includes that slack.
    @inline(__always) mutating func putSmallDecimal(_ n: Int) {
        let entry = digits + 4 * n
        position[0] = entry[1]
        position[1] = entry[2]
        position[2] = entry[3]
        position += Int(entry[0])
    }

    mutating func putDecimal(_ n: Int) {
        if n >= 0 && n < 1000 { putSmallDecimal(n); return }
        if n < 0 { put(UInt8(ascii: "-")) }
        putDecimalMagnitude(n.magnitude)
    }

    private mutating func putDecimalMagnitude(_ n: UInt) {
        var v = n, length = 1
        while v >= 10 { v /= 10; length += 1 }
        v = n
        var i = length
        repeat {
            i -= 1
            position[i] = UInt8(ascii: "0") + UInt8(v % 10)
            v /= 10
        } while v > 0
        position += length
    }

    /// The bytes of a literal (the fixed keys of an escape), copied at once.
    @inline(__always) mutating func putLiteral(_ text: StaticString) {
        let count = text.utf8CodeUnitCount
        position.update(from: text.utf8Start, count: count)
        position += count
    }

    @inline(__always) mutating func putUTF8(_ s: UInt32) {
        if s < 0x80 {
            put(UInt8(truncatingIfNeeded: s))
        } else if s < 0x800 {
            put(UInt8(truncatingIfNeeded: 0xC0 | s >> 6), UInt8(truncatingIfNeeded: 0x80 | s & 0x3F))
        } else if s < 0x10000 {
            position[0] = UInt8(truncatingIfNeeded: 0xE0 | s >> 12)
            position[1] = UInt8(truncatingIfNeeded: 0x80 | (s >> 6) & 0x3F)
            position[2] = UInt8(truncatingIfNeeded: 0x80 | s & 0x3F)
            position += 3
        } else {
            position[0] = UInt8(truncatingIfNeeded: 0xF0 | s >> 18)
            position[1] = UInt8(truncatingIfNeeded: 0x80 | (s >> 12) & 0x3F)
            position[2] = UInt8(truncatingIfNeeded: 0x80 | (s >> 6) & 0x3F)
            position[3] = UInt8(truncatingIfNeeded: 0x80 | s & 0x3F)
            position += 4
        }
    }
}

/// Counts the bytes a sequence would take, writing nothing.
struct ByteCounter: ByteSink {
    private(set) var count = 0
    @inline(__always) mutating func put(_ byte: UInt8) { count += 1 }
    @inline(__always) mutating func put(_ a: UInt8, _ b: UInt8) { count += 2 }
    @inline(__always) mutating func putSmallDecimal(_ n: Int) { count += n < 10 ? 1 : n < 100 ? 2 : 3 }
    mutating func putDecimal(_ n: Int) {
        var v = n.magnitude, digits = 1
        while v >= 10 { v /= 10; digits += 1 }
        count += digits + (n < 0 ? 1 : 0)
    }
    @inline(__always) mutating func putUTF8(_ s: UInt32) {
        count += s < 0x80 ? 1 : s < 0x800 ? 2 : s < 0x10000 ? 3 : 4
    }
}

/// The decimal digits of 0...999, four bytes each: the length, then up to three ASCII
/// digits left-aligned. Colour components (0–255) and most cursor coordinates take one
/// lookup each.
enum DecimalDigits {
    // Immutable after its one-time initialisation and never freed: safe to share.
    nonisolated(unsafe) static let table: UnsafePointer<UInt8> = {
        let table = UnsafeMutablePointer<UInt8>.allocate(capacity: 4000)
        for n in 0..<1000 {
            let text = Array(String(n).utf8)
            table[4 * n] = UInt8(text.count)
            for i in 0..<3 { table[4 * n + 1 + i] = i < text.count ? text[i] : UInt8(ascii: "0") }
        }
        return UnsafePointer(table)
    }()
}

/// What a glyph value becomes on the wire.
enum TerminalGlyph {
    /// `glyph` when it can be printed in one cell; a space for control characters and the
    /// transparent marker (so nothing moves the cursor behind the rasterizer's back);
    /// U+FFFD for values that are not Unicode scalars, except kitty placeholder cells
    /// (`KittyPlaceholderGlyph`), which `putGlyph` expands.
    @inline(__always)
    static func displayable(_ glyph: UInt32) -> UInt32 {
        if glyph &- 0x20 < 0x5F { return glyph }  // printable ASCII, the common case
        if glyph < 0x20 || (glyph >= 0x7F && glyph < 0xA0) { return 0x20 }
        if glyph > 0x10FFFF { return KittyPlaceholderGlyph.isPlaceholder(glyph) ? glyph : 0xFFFD }
        if glyph >= 0xD800 && glyph < 0xE000 { return 0xFFFD }
        return glyph
    }

    /// The glyph sent for `glyph` over colour codes that the terminal shows: a half block
    /// whose two halves are one colour, with no attribute, goes as a space on that colour.
    /// The same picture for one byte instead of three, which flat areas (a flash, a sky, a
    /// title card) are made of; on a slow link a white frame is a third of the bytes.
    @inline(__always)
    static func shown(_ glyph: UInt32, foreground: UInt32, background: UInt32, attributes: CellAttributes) -> UInt32 {
        if glyph == Cell.upperHalfBlock && foreground == background && attributes.isEmpty { return 0x20 }
        return displayable(glyph)
    }
}
