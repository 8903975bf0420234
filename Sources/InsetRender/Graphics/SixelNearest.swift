/// The nearest of up to 256 colours to a point, by squared Euclidean distance in RGB: the
/// measure PSNR takes, which is what the sixel palette is tuned for (`SixelPalette`).
///
/// The colours are kept sorted by green, and a search walks outwards from the point's
/// green: the green difference alone bounds the distance from below, so each side stops as
/// soon as its square exceeds the best so far. On a video frame's palette that looks at a
/// handful of entries instead of 256.
///
/// Ownership: whoever owns the palette (the k-means of `SixelPalette`, the `SixelColorMap`);
/// allocated once.
final class SixelNearest {
    private let sorted: UnsafeMutablePointer<SIMD3<Float>>
    private let sortedIndex: UnsafeMutablePointer<UInt8>
    /// The colours by index, as loaded.
    private let colours: UnsafeMutablePointer<SIMD3<Float>>
    private(set) var count = 0

    init() {
        sorted = .allocate(capacity: 256)
        sortedIndex = .allocate(capacity: 256)
        colours = .allocate(capacity: 256)
    }

    deinit { sorted.deallocate(); sortedIndex.deallocate(); colours.deallocate() }

    /// Takes `count` (1–256) colours; their indices are what searches answer.
    func load(_ colours: UnsafePointer<SIMD3<Float>>, count: Int) {
        self.count = count
        self.colours.update(from: colours, count: count)
        // Insertion sort by green: at most 256 entries, once a palette.
        for i in 0..<count {
            let c = colours[i]
            var j = i
            while j > 0 && sorted[j - 1].y > c.y {
                sorted[j] = sorted[j - 1]; sortedIndex[j] = sortedIndex[j - 1]
                j -= 1
            }
            sorted[j] = c
            sortedIndex[j] = UInt8(i)
        }
    }

    /// The first sorted position whose green is at least `green`.
    @inline(__always)
    private func position(ofGreen green: Float) -> Int {
        var lo = 0, hi = count
        while lo < hi {
            let mid = (lo + hi) / 2
            if sorted[mid].y < green { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// The index of the colour nearest `point` and its squared distance. Ties go to the
    /// lower index, so the answer does not depend on the sort.
    func nearest(_ point: SIMD3<Float>) -> (index: Int, distance: Float) {
        var best = Float.infinity, bestIndex = 0
        let start = position(ofGreen: point.y)
        var up = start, down = start - 1
        while up < count || down >= 0 {
            if up < count {
                let dg = sorted[up].y - point.y
                if dg * dg > best { up = count } else {
                    consider(up, point, &best, &bestIndex)
                    up += 1
                }
            }
            if down >= 0 {
                let dg = sorted[down].y - point.y
                if dg * dg > best { down = -1 } else {
                    consider(down, point, &best, &bestIndex)
                    down -= 1
                }
            }
        }
        return (bestIndex, best)
    }

    @inline(__always)
    private func consider(_ i: Int, _ point: SIMD3<Float>, _ best: inout Float, _ bestIndex: inout Int) {
        let d = sorted[i] - point
        let distance = (d * d).sum()
        let index = Int(sortedIndex[i])
        if distance < best || (distance == best && index < bestIndex) {
            best = distance
            bestIndex = index
        }
    }

    /// Appends to `out` every colour that is the nearest to some point of the box
    /// `low...high` (a superset: each colour that could be), and returns how many.
    ///
    /// The colour nearest the box's centre is within `bound`, the distance to the box's
    /// corner farthest from it, of every point in the box; so a colour nearer than that to
    /// no point of the box (its distance to the box itself is greater) is never the nearest.
    func candidates(low: SIMD3<Float>, high: SIMD3<Float>, into out: UnsafeMutablePointer<UInt8>) -> Int {
        let centre = (low + high) * 0.5
        let colourOfFirst = colours[nearest(centre).index]
        let toLow = colourOfFirst - low, toHigh = high - colourOfFirst
        let far = pointwiseMax(pointwiseMax(toLow, -toLow), pointwiseMax(toHigh, -toHigh))
        let bound = (far * far).sum()
        var n = 0
        let start = position(ofGreen: low.y)
        // Upwards from the box's lowest green, then downwards below it; green alone bounds
        // a colour's distance to the box from below.
        var i = start
        while i < count {
            let dg = max(0, sorted[i].y - high.y)
            if dg * dg > bound { break }
            if Self.distance(sorted[i], toBox: low, high) <= bound { out[n] = sortedIndex[i]; n += 1 }
            i += 1
        }
        i = start - 1
        while i >= 0 {
            let dg = low.y - sorted[i].y
            if dg * dg > bound { break }
            if Self.distance(sorted[i], toBox: low, high) <= bound { out[n] = sortedIndex[i]; n += 1 }
            i -= 1
        }
        return n
    }

    /// Squared distance from `point` to the nearest point of the box `low...high`.
    @inline(__always)
    static func distance(_ point: SIMD3<Float>, toBox low: SIMD3<Float>, _ high: SIMD3<Float>) -> Float {
        let below = pointwiseMax(low - point, .zero), above = pointwiseMax(point - high, .zero)
        let d = below + above
        return (d * d).sum()
    }
}
