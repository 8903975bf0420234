import InsetCore

/// Nearest-palette-colour lookup that is exact yet costs one read of a 32 KB table for
/// most colours.
///
/// RGB space is cut into 32x32x32 boxes (5 bits per channel), and the build bounds the
/// distance from any colour in a box to each palette entry from below and from above; an
/// entry whose lower bound exceeds the smallest upper bound can never be nearest anywhere
/// in the box. When one entry survives, the box stores its index and a lookup is one read.
/// When several survive (the box straddles a boundary between palette cells), the box is
/// marked and a lookup runs the exact search: `XtermPaletteSearch` for the 256-colour
/// palette, a comparison with all entries for the 16 colours. Ties go to the lowest index
/// everywhere, so the table agrees with `nearestExhaustive` on every colour.
///
/// Why not a finer table: at 64 levels per channel (256 KB) more boxes resolve, but the
/// table no longer stays in cache, and a miss costs more than the exact search, which
/// touches no memory at all.
///
/// Built once per palette and shared read-only through `ColorQuantizer`'s `static let`s,
/// hence `@unchecked Sendable`: the memory is written only in `init`.
final class PaletteTable: @unchecked Sendable {
    enum ExactSearch: Sendable {
        /// The structure of the xterm cube and ramp (`XtermPaletteSearch`).
        case xterm256
        /// Every entry compared; fine for 16.
        case exhaustive
    }

    /// Palette indices and colours, in ascending index order.
    let indices: [UInt8]
    let colors: [RGB]
    private let search: ExactSearch
    /// Per box: the palette index, or `unresolved`.
    private let boxes: UnsafeMutablePointer<UInt8>
    /// A byte value that is no palette index, marking a box that needs the exact search.
    private let unresolved: UInt8
    /// `index << 24 | 0xRRGGBB` per entry, for the exhaustive search without array
    /// retains and bounds checks. Raw memory owned here, freed in deinit.
    private let entries: UnsafeMutablePointer<UInt32>
    private let entryCount: Int

    static let side = 32
    static let boxCount = side * side * side

    init(palette: [(index: UInt8, color: RGB)], search: ExactSearch) {
        precondition(!palette.isEmpty && palette.count < 256)
        let palette = palette.sorted { $0.index < $1.index }
        let colors = palette.map(\.color)
        let indices = palette.map(\.index)
        self.indices = indices
        self.colors = colors
        self.search = search
        entryCount = palette.count
        entries = .allocate(capacity: palette.count)
        for (i, entry) in palette.enumerated() { entries[i] = UInt32(entry.index) << 24 | entry.color.packed }
        let unresolved = UInt8((0...255).first { !indices.contains(UInt8($0)) }!)
        self.unresolved = unresolved
        boxes = .allocate(capacity: PaletteTable.boxCount)

        let bounds = BoxBounds(colors: colors, side: PaletteTable.side)
        var survivors: [Int] = []
        for rk in 0..<PaletteTable.side {
            for gk in 0..<PaletteTable.side {
                for bk in 0..<PaletteTable.side {
                    bounds.survivors(rk, gk, bk, into: &survivors)
                    boxes[(rk * PaletteTable.side + gk) * PaletteTable.side + bk] =
                        survivors.count == 1 ? indices[survivors[0]] : unresolved
                }
            }
        }
    }

    deinit {
        boxes.deallocate()
        entries.deallocate()
    }

    /// The share of boxes that need the exact search; for tests and curiosity.
    var ambiguousFraction: Double {
        Double((0..<PaletteTable.boxCount).count { boxes[$0] == unresolved }) / Double(PaletteTable.boxCount)
    }

    /// The nearest palette index to a packed `0xRRGGBB` colour.
    @inline(__always)
    func index(packed c: UInt32) -> UInt8 {
        let red: UInt32 = (c >> 9) & 0x7C00
        let green: UInt32 = (c >> 6) & 0x3E0
        let blue: UInt32 = (c >> 3) & 0x1F
        let value = boxes[Int(red | green | blue)]
        if value != unresolved { return value }
        return exact(packed: c)
    }

    @inline(never)
    private func exact(packed c: UInt32) -> UInt8 {
        switch search {
        case .xterm256: XtermPaletteSearch.nearest(packed: c)
        case .exhaustive: nearest(packed: c)
        }
    }

    private func nearest(packed c: UInt32) -> UInt8 {
        let color = RGB(packed: c)
        var best: UInt32 = 0, bestDistance = Int.max
        for i in 0..<entryCount {
            let d = ColorQuantizer.distance(color, RGB(packed: entries[i]))
            if d < bestDistance { bestDistance = d; best = entries[i] }
        }
        return UInt8(truncatingIfNeeded: best >> 24)
    }

    /// The nearest index by comparing every entry: the reference the table must match.
    func nearestExhaustive(_ color: RGB) -> UInt8 { nearest(packed: color.packed) }
}

/// The build's bounds: per axis, per box coordinate, per entry, the smallest and largest
/// squared channel difference over the box, precomputed so the 32 768 boxes x 240 entries
/// loop is a few multiply-adds each.
private struct BoxBounds {
    let count: Int
    let width: Int
    let reds: [Int]
    let red: (min: [Int], max: [Int])
    let green: (min: [Int], max: [Int])
    let blue: (min: [Int], max: [Int])

    init(colors: [RGB], side: Int) {
        let width = 256 / side
        count = colors.count
        self.width = width
        reds = colors.map { Int($0.r) }
        func spans(_ channel: (RGB) -> UInt8) -> (min: [Int], max: [Int]) {
            var lo = [Int](repeating: 0, count: side * colors.count), hi = lo
            for k in 0..<side {
                let a = k * width, b = a + width - 1
                for (e, color) in colors.enumerated() {
                    let p = Int(channel(color))
                    let dMin = p < a ? a - p : p > b ? p - b : 0
                    let dMax = max(abs(a - p), abs(b - p))
                    lo[k * colors.count + e] = dMin * dMin
                    hi[k * colors.count + e] = dMax * dMax
                }
            }
            return (lo, hi)
        }
        red = spans(\.r)
        green = spans(\.g)
        blue = spans(\.b)
    }

    /// The entries that may be nearest somewhere in box (rk, gk, bk). Redmean weights grow
    /// with the red sum s = r1 + r2 for red and shrink for blue, so each bound takes s at
    /// the box edge that favours it.
    func survivors(_ rk: Int, _ gk: Int, _ bk: Int, into out: inout [Int]) {
        out.removeAll(keepingCapacity: true)
        let rLo = rk * width, rHi = rLo + width - 1
        let r = rk * count, g = gk * count, b = bk * count
        red.min.withUnsafeBufferPointer { rMin in
        red.max.withUnsafeBufferPointer { rMax in
        green.min.withUnsafeBufferPointer { gMin in
        green.max.withUnsafeBufferPointer { gMax in
        blue.min.withUnsafeBufferPointer { bMin in
        blue.max.withUnsafeBufferPointer { bMax in
        reds.withUnsafeBufferPointer { reds in
            var bestUpper = Int.max
            for e in 0..<count {
                let sLo = rLo + reds[e], sHi = rHi + reds[e]
                bestUpper = min(bestUpper, (1024 + sHi) * rMax[r + e] + 2048 * gMax[g + e] + (1534 - sLo) * bMax[b + e])
            }
            for e in 0..<count {
                let sLo = rLo + reds[e], sHi = rHi + reds[e]
                let lower = (1024 + sLo) * rMin[r + e] + 2048 * gMin[g + e] + (1534 - sHi) * bMin[b + e]
                if lower <= bestUpper { out.append(e) }
            }
        }}}}}}}
    }
}
