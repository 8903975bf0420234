import InsetCore

/// One band (six pixel rows) of a sixel image being built, and its bytes.
///
/// Filling sorts the band's pixels by colour in one pass: each colour has a row of sixel
/// bits (one byte per column, bit k for the band's row k) and the span of columns where it
/// occurs. Writing then walks only the colours that occurred, each only over its span, and
/// zeroes what it walked, so the next band starts from clean rows without clearing
/// 256 x width bytes.
///
/// Ownership: the `SixelEncoder` that owns it; memory grows with the widest image seen.
final class SixelBand {
    private let colorCount: Int
    /// `colorCount` rows of `width` sixel bytes, all zero between bands.
    private var bits: UnsafeMutablePointer<UInt8>
    private var width = 0
    private var capacityWidth = 0
    /// Per colour, its first and last column in the band; `end` < 0 when absent.
    private let spanStart: UnsafeMutablePointer<Int32>
    private let spanEnd: UnsafeMutablePointer<Int32>
    /// The colours present, in order of first appearance.
    private let present: UnsafeMutablePointer<UInt8>
    private var presentCount = 0

    init(colors: Int) {
        colorCount = colors
        bits = .allocate(capacity: 1)
        spanStart = .allocate(capacity: colors)
        spanEnd = .allocate(capacity: colors)
        spanEnd.initialize(repeating: -1, count: colors)
        spanStart.initialize(repeating: 0, count: colors)
        present = .allocate(capacity: colors)
    }

    deinit { bits.deallocate(); spanStart.deallocate(); spanEnd.deallocate(); present.deallocate() }

    /// Makes room for rows of `width` sixels. The rows are all zero between bands (writing
    /// zeroes what it read), so a change of width needs no clearing.
    func prepare(width: Int) {
        if width > capacityWidth {
            bits.deallocate()
            bits = .allocate(capacity: colorCount * width)
            bits.initialize(repeating: 0, count: colorCount * width)
            capacityWidth = width
        }
        self.width = width
    }

    /// Sorts rows `top..<top+rows` by their entries in an exact palette.
    func fillExact(_ image: RGBImage, top: Int, rows: Int, palette: SixelPalette) {
        var state = FillState(self)
        for row in 0..<rows {
            var p = image.bytes + (top + row) * image.bytesPerRow
            let bit = UInt8(1) << row
            for x in 0..<width {
                state.mark(palette.exactIndex(p[0], p[1], p[2]), x: x, bit: bit)
                p += 3
            }
        }
        presentCount = state.presentCount
    }

    /// Sorts rows `top..<top+rows` by their nearest palette entry.
    func fillNearest(_ image: RGBImage, top: Int, rows: Int, map: SixelColorMap) {
        var state = FillState(self)
        for row in 0..<rows {
            var p = image.bytes + (top + row) * image.bytesPerRow
            let bit = UInt8(1) << row
            for x in 0..<width {
                state.mark(map.index(Int32(p[0]), Int32(p[1]), Int32(p[2])), x: x, bit: bit)
                p += 3
            }
        }
        presentCount = state.presentCount
    }

    /// Sorts rows `top..<top+rows` by palette entry after the ordered dither.
    func fillDithered(_ image: RGBImage, top: Int, rows: Int, map: SixelColorMap) {
        var state = FillState(self)
        for row in 0..<rows {
            let y = top + row
            var p = image.bytes + y * image.bytesPerRow
            let offsets = map.offsets + (y & 7) * 8
            let bit = UInt8(1) << row
            for x in 0..<width {
                let column = x & 7
                let r = min(max(Int32(p[0]) + offsets[column], 0), 255)
                let g = min(max(Int32(p[1]) + offsets[64 + column], 0), 255)
                let b = min(max(Int32(p[2]) + offsets[128 + column], 0), 255)
                state.mark(map.index(r, g, b), x: x, bit: bit)
                p += 3
            }
        }
        presentCount = state.presentCount
    }

    /// The band's pointers in locals, so the per-pixel work touches no class property.
    private struct FillState {
        let bits: UnsafeMutablePointer<UInt8>
        let width: Int
        let spanStart: UnsafeMutablePointer<Int32>
        let spanEnd: UnsafeMutablePointer<Int32>
        let present: UnsafeMutablePointer<UInt8>
        var presentCount = 0

        init(_ band: SixelBand) {
            bits = band.bits; width = band.width
            spanStart = band.spanStart; spanEnd = band.spanEnd; present = band.present
        }

        @inline(__always)
        mutating func mark(_ color: UInt8, x: Int, bit: UInt8) {
            let c = Int(color)
            bits[c * width + x] |= bit
            let x32 = Int32(truncatingIfNeeded: x)
            if spanEnd[c] < 0 {
                present[presentCount] = color
                presentCount += 1
                spanStart[c] = x32
                spanEnd[c] = x32
            } else {
                if x32 < spanStart[c] { spanStart[c] = x32 }
                if x32 > spanEnd[c] { spanEnd[c] = x32 }
            }
        }
    }

    /// Appends the band: per colour `#n`, its sixels, then `$` (back to the band's left
    /// edge) between colours and `-` (next band) after the last, unless this is the last
    /// band, where a `-` would add an empty band below the picture.
    func write(into output: OutputBuffer, isLast: Bool) {
        // Per colour: "#255" (4), a skip run of at most 22, the span (runs never take more
        // bytes than columns, slack included), a separator, and decimal slack.
        output.withWriter(reserving: presentCount * (width + 32)) { w in
            for k in 0..<presentCount {
                let c = Int(present[k])
                let start = Int(spanStart[c]), end = Int(spanEnd[c])
                w.put(UInt8(ascii: "#"))
                w.putSmallDecimal(c)
                if start > 0 { Self.putRun(&w, sixel: 0, count: start) }
                let row = bits + c * width
                var x = start
                while x <= end {
                    let value = row[x]
                    var n = 1
                    if value == 0 {
                        // Gaps between a colour's columns are the long runs: 8 at a time.
                        while x + n + 8 <= end + 1
                            && UnsafeRawPointer(row + x + n).loadUnaligned(as: UInt64.self) == 0 { n += 8 }
                    }
                    while x + n <= end && row[x + n] == value { n += 1 }
                    Self.putRun(&w, sixel: value, count: n)
                    x += n
                }
                (row + start).update(repeating: 0, count: end - start + 1)
                spanEnd[c] = -1
                if k < presentCount - 1 {
                    w.put(UInt8(ascii: "$"))
                } else if !isLast {
                    w.put(UInt8(ascii: "-"))
                }
            }
        }
        presentCount = 0
    }

    /// `count` columns of one sixel: `!count c` when that is shorter than repeating it.
    @inline(__always)
    private static func putRun(_ w: inout ByteWriter, sixel: UInt8, count: Int) {
        let character = 0x3F + sixel
        if count > 3 {
            w.put(UInt8(ascii: "!"))
            w.putDecimal(count)
            w.put(character)
        } else {
            for _ in 0..<count { w.put(character) }
        }
    }
}
