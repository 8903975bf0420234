import InsetCore

/// One band (six pixel rows) of a sixel image being built, and its bytes.
///
/// Filling sorts the band's pixels by colour in one pass: each colour has a row of sixel
/// bits (one byte per column, bit k for the band's row k) and the span of columns where it
/// occurs. Writing (`SixelBand+Write`) then walks only the colours that occurred, each only
/// over its span, and zeroes what it walked, so the next band starts from clean rows
/// without clearing 256 x width bytes.
///
/// Ownership: the `SixelEncoder` that owns it; memory grows with the widest image seen.
final class SixelBand {
    private let colorCount: Int
    /// `colorCount` rows of `width` sixel bytes, all zero between bands.
    private(set) var bits: UnsafeMutablePointer<UInt8>
    private(set) var width = 0
    private var capacityWidth = 0
    /// Per colour, its first and last column in the band; `end` < 0 when absent.
    let spanStart: UnsafeMutablePointer<Int32>
    let spanEnd: UnsafeMutablePointer<Int32>
    /// The colours present, in order of first appearance.
    let present: UnsafeMutablePointer<UInt8>
    var presentCount = 0
    /// The band's segments (`SixelBand+Write`): runs of a colour's columns, at most one per
    /// column and colour present (6 x width), with the list that orders them by start.
    private(set) var segments: Segments
    /// Columns without a colour at which its segment is cut (`SixelBand+Write`).
    var splitGap = SixelBand.defaultSplitGap
    /// The colour register the terminal has selected, across bands (-1: none yet).
    var activeColor = -1

    init(colors: Int) {
        colorCount = colors
        bits = .allocate(capacity: 1)
        spanStart = .allocate(capacity: colors)
        spanEnd = .allocate(capacity: colors)
        spanEnd.initialize(repeating: -1, count: colors)
        spanStart.initialize(repeating: 0, count: colors)
        present = .allocate(capacity: colors)
        segments = Segments(width: 1)
    }

    deinit {
        bits.deallocate(); spanStart.deallocate(); spanEnd.deallocate(); present.deallocate()
        segments.deallocate()
    }

    /// Makes room for rows of `width` sixels. The rows are all zero between bands (writing
    /// zeroes what it read), so a change of width needs no clearing.
    func prepare(width: Int) {
        if width > capacityWidth {
            bits.deallocate()
            bits = .allocate(capacity: colorCount * width)
            bits.initialize(repeating: 0, count: colorCount * width)
            capacityWidth = width
            segments.deallocate()
            segments = Segments(width: width)
        }
        self.width = width
        activeColor = -1
    }

    /// Sorts `rows` rows of entries by entry: the row at `entries` and each `stride`
    /// further, `width` (the band's) of them each.
    func fill(_ entries: UnsafePointer<UInt8>, stride: Int, rows: Int) {
        var state = FillState(self)
        for row in 0..<rows {
            let line = entries + row * stride
            let bit = UInt8(1) << row
            for x in 0..<width { state.mark(line[x], x: x, bit: bit) }
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

    /// `count` columns of one sixel: `!count c` when that is shorter than repeating it.
    @inline(__always)
    static func putRun(_ w: inout ByteWriter, sixel: UInt8, count: Int) {
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
