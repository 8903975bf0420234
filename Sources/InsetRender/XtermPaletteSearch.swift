/// The exact nearest xterm-256 colour (cube and grey ramp) under the redmean distance, in a
/// few dozen integer operations and no memory beyond registers: the refinement step of
/// `PaletteTable` for boxes that straddle a boundary.
///
/// Why it is exact without comparing all 240 entries:
/// - Cube: once the red level is fixed, the green weight (2048) and the blue weight
///   (1534 − r − level) are constants, so the best green and blue levels are simply the
///   nearest in one dimension; the six red levels are then compared.
/// - Grey ramp: the distance to grey v is strictly convex in v (second derivative
///   6144 + 2(g − r) + ... > 0 for all channels in 0...255), so walking downhill from an
///   estimate (the weighted mean of the channels) finds the nearest grey.
/// Ties go to the lowest index, as in the exhaustive search: lower levels win on equal
/// distances, and the cube (16–231) wins ties against the ramp (232–255).
///
/// Arithmetic is wrapping (`&+`, `&*`): every value stays far below 2^40.
enum XtermPaletteSearch {
    /// Cube level `i` (0...5): 0, 95, 135, 175, 215, 255. Branch-free, like the rest: on
    /// video the comparisons are unpredictable, and a mispredicted branch costs more than
    /// this whole computation.
    @inline(__always)
    static func level(_ i: Int) -> Int {
        i == 0 ? 0 : 55 &+ 40 &* i
    }

    /// The cube level nearest to `v`, the lower one on a tie (115 → 95, 155 → 135, ...).
    @inline(__always)
    static func nearestLevel(_ v: Int) -> Int {
        (v >= 48 ? 1 : 0) &+ (v >= 116 ? 1 : 0) &+ (v >= 156 ? 1 : 0) &+ (v >= 196 ? 1 : 0) &+ (v >= 236 ? 1 : 0)
    }

    @inline(__always)
    static func distance(_ r: Int, _ g: Int, _ b: Int, _ pr: Int, _ pg: Int, _ pb: Int) -> Int {
        let s = r &+ pr, dr = r &- pr, dg = g &- pg, db = b &- pb
        return (1024 &+ s) &* dr &* dr &+ 2048 &* dg &* dg &+ (1534 &- s) &* db &* db
    }

    static func nearest(packed c: UInt32) -> UInt8 {
        let r = Int(c >> 16 & 0xFF), g = Int(c >> 8 & 0xFF), b = Int(c & 0xFF)

        let gi = nearestLevel(g), bi = nearestLevel(b)
        let pg = level(gi), pb = level(bi)
        // All six red levels: cheaper without branches than walking.
        var ri = 0
        var cubeDistance = distance(r, g, b, 0, pg, pb)
        for i in 1..<6 {
            let d = distance(r, g, b, level(i), pg, pb)
            ri = d < cubeDistance ? i : ri
            cubeDistance = min(d, cubeDistance)
        }

        // No grey can win when even the best grey of any level is farther than the cube
        // entry: every weight is at least 1024, and the sum of squared distances to one
        // value v is smallest at the mean, where it is (3·Σx² − (Σx)²) / 3.
        let sum = r &+ g &+ b
        let spread = 3 &* (r &* r &+ g &* g &+ b &* b) &- sum &* sum
        if 1024 &* spread >= 3 &* cubeDistance { return UInt8(16 + 36 * ri + 6 * gi + bi) }

        // The grey ramp, from about the weighted mean (weights 2 : 4 : 3).
        var k = min(23, max(0, ((2 &* r &+ 4 &* g &+ 3 &* b) / 9 &- 3) / 10))
        var greyDistance = grey(r, g, b, k)
        while k > 0 {
            let d = grey(r, g, b, k - 1)
            if d > greyDistance { break }
            k -= 1
            greyDistance = d
        }
        while k < 23 {
            let d = grey(r, g, b, k + 1)
            if d >= greyDistance { break }
            k += 1
            greyDistance = d
        }
        return greyDistance < cubeDistance ? UInt8(232 + k) : UInt8(16 + 36 * ri + 6 * gi + bi)
    }

    @inline(__always)
    private static func grey(_ r: Int, _ g: Int, _ b: Int, _ k: Int) -> Int {
        let v = 8 &+ 10 &* k
        return distance(r, g, b, v, v, v)
    }
}
