import InsetCore

/// A colour mode (`ColorMode`, from InsetCore) as the rasterizer's inner loop sees it: what code the terminal ends up
/// showing for a colour (the packed RGB, or a palette index), and how to write a code.
/// The row loop is generic over this, so each mode gets its own specialised copy with no
/// per-cell switch on the mode.
protocol ColorEncoding {
    /// Whether `code` is so cheap that remembering the last answer would cost more.
    static var codeIsTrivial: Bool { get }
    /// The terminal's view of `packed`: equal codes look identical on screen.
    func code(_ packed: UInt32) -> UInt32
    /// Writes the SGR parameters that set the foreground to `code` (no separators).
    func putForeground<S: ByteSink>(_ code: UInt32, into sink: inout S)
    func putBackground<S: ByteSink>(_ code: UInt32, into sink: inout S)
}

struct TrueColorEncoding: ColorEncoding {
    static var codeIsTrivial: Bool { true }
    /// The colour itself: RGB is sent as it is, palette and default colours as themselves.
    @inline(__always) func code(_ packed: UInt32) -> UInt32 { packed }

    @inline(__always) func putForeground<S: ByteSink>(_ code: UInt32, into sink: inout S) {
        if TerminalColor.isTagged(code) { return putTerminalColor(code, foreground: true, into: &sink) }
        sink.put(UInt8(ascii: "3"), UInt8(ascii: "8"))
        putRGB(code, into: &sink)
    }

    @inline(__always) func putBackground<S: ByteSink>(_ code: UInt32, into sink: inout S) {
        if TerminalColor.isTagged(code) { return putTerminalColor(code, foreground: false, into: &sink) }
        sink.put(UInt8(ascii: "4"), UInt8(ascii: "8"))
        putRGB(code, into: &sink)
    }

    /// `;2;r;g;b`
    @inline(__always) private func putRGB<S: ByteSink>(_ c: UInt32, into sink: inout S) {
        sink.put(UInt8(ascii: ";"), UInt8(ascii: "2"))
        sink.put(UInt8(ascii: ";"))
        sink.putSmallDecimal(Int(c >> 16))
        sink.put(UInt8(ascii: ";"))
        sink.putSmallDecimal(Int((c >> 8) & 0xFF))
        sink.put(UInt8(ascii: ";"))
        sink.putSmallDecimal(Int(c & 0xFF))
    }
}

struct Palette256Encoding: ColorEncoding {
    static var codeIsTrivial: Bool { false }
    let table = ColorQuantizer.table256

    /// A palette colour is its own index (0–255); the defaults stay tagged.
    @inline(__always) func code(_ packed: UInt32) -> UInt32 {
        if TerminalColor.isTagged(packed) { return TerminalColor.paletteIndex(packed).map(UInt32.init) ?? packed }
        return UInt32(table.index(packed: packed))
    }

    /// Codes below 16 only come from palette colours (the table answers 16–255): they go
    /// in the sixteen's short form, as the program that asked for them wrote them.
    @inline(__always) func putForeground<S: ByteSink>(_ code: UInt32, into sink: inout S) {
        if code < 16 || TerminalColor.isTagged(code) {
            return putTerminalColor(code < 16 ? TerminalColor.palette(UInt8(code)) : code, foreground: true, into: &sink)
        }
        sink.put(UInt8(ascii: "3"), UInt8(ascii: "8"))
        putIndex(code, into: &sink)
    }

    @inline(__always) func putBackground<S: ByteSink>(_ code: UInt32, into sink: inout S) {
        if code < 16 || TerminalColor.isTagged(code) {
            return putTerminalColor(code < 16 ? TerminalColor.palette(UInt8(code)) : code, foreground: false, into: &sink)
        }
        sink.put(UInt8(ascii: "4"), UInt8(ascii: "8"))
        putIndex(code, into: &sink)
    }

    /// `;5;n`
    @inline(__always) private func putIndex<S: ByteSink>(_ n: UInt32, into sink: inout S) {
        sink.put(UInt8(ascii: ";"), UInt8(ascii: "5"))
        sink.put(UInt8(ascii: ";"))
        sink.putSmallDecimal(Int(n & 0xFF))
    }
}

struct Palette16Encoding: ColorEncoding {
    static var codeIsTrivial: Bool { false }
    let table = ColorQuantizer.table16

    /// A palette colour of the sixteen is its own index, one beyond them the nearest of the
    /// sixteen; the defaults stay tagged.
    @inline(__always) func code(_ packed: UInt32) -> UInt32 {
        if TerminalColor.isTagged(packed) {
            guard let index = TerminalColor.paletteIndex(packed) else { return packed }
            return index < 16 ? UInt32(index) : UInt32(table.index(packed: TerminalColor.rgb(packed).packed))
        }
        return UInt32(table.index(packed: packed))
    }

    /// 30–37 for the normal eight, 90–97 for the bright ones.
    @inline(__always) func putForeground<S: ByteSink>(_ code: UInt32, into sink: inout S) {
        if TerminalColor.isTagged(code) { return putTerminalColor(code, foreground: true, into: &sink) }
        sink.putSmallDecimal(code < 8 ? 30 + Int(code) : 90 + Int(code & 7))
    }

    /// 40–47 and 100–107.
    @inline(__always) func putBackground<S: ByteSink>(_ code: UInt32, into sink: inout S) {
        if TerminalColor.isTagged(code) { return putTerminalColor(code, foreground: false, into: &sink) }
        sink.putSmallDecimal(code < 8 ? 40 + Int(code) : 100 + Int(code & 7))
    }
}

extension ColorEncoding {
    /// A `TerminalColor` in the terminal's own terms: 39/49 for the defaults, 30–37/90–97
    /// (40–47/100–107) for the sixteen, `38;5;n` (`48;5;n`) for the rest of the palette.
    @inline(__always)
    func putTerminalColor<S: ByteSink>(_ code: UInt32, foreground: Bool, into sink: inout S) {
        guard let index = TerminalColor.paletteIndex(code) else {
            sink.put(UInt8(ascii: foreground ? "3" : "4"), UInt8(ascii: "9"))
            return
        }
        if index < 8 {
            sink.putSmallDecimal((foreground ? 30 : 40) + index)
        } else if index < 16 {
            sink.putSmallDecimal((foreground ? 90 : 100) + index - 8)
        } else {
            sink.put(UInt8(ascii: foreground ? "3" : "4"), UInt8(ascii: "8"))
            sink.put(UInt8(ascii: ";"), UInt8(ascii: "5"))
            sink.put(UInt8(ascii: ";"))
            sink.putSmallDecimal(index)
        }
    }
}
