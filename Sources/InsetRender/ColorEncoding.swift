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
    @inline(__always) func code(_ packed: UInt32) -> UInt32 { packed & 0xFFFFFF }

    @inline(__always) func putForeground<S: ByteSink>(_ code: UInt32, into sink: inout S) {
        sink.put(UInt8(ascii: "3"), UInt8(ascii: "8"))
        putRGB(code, into: &sink)
    }

    @inline(__always) func putBackground<S: ByteSink>(_ code: UInt32, into sink: inout S) {
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

    @inline(__always) func code(_ packed: UInt32) -> UInt32 { UInt32(table.index(packed: packed)) }

    @inline(__always) func putForeground<S: ByteSink>(_ code: UInt32, into sink: inout S) {
        sink.put(UInt8(ascii: "3"), UInt8(ascii: "8"))
        putIndex(code, into: &sink)
    }

    @inline(__always) func putBackground<S: ByteSink>(_ code: UInt32, into sink: inout S) {
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

    @inline(__always) func code(_ packed: UInt32) -> UInt32 { UInt32(table.index(packed: packed)) }

    /// 30–37 for the normal eight, 90–97 for the bright ones.
    @inline(__always) func putForeground<S: ByteSink>(_ code: UInt32, into sink: inout S) {
        sink.putSmallDecimal(code < 8 ? 30 + Int(code) : 90 + Int(code & 7))
    }

    /// 40–47 and 100–107.
    @inline(__always) func putBackground<S: ByteSink>(_ code: UInt32, into sink: inout S) {
        sink.putSmallDecimal(code < 8 ? 40 + Int(code) : 100 + Int(code & 7))
    }
}
