/// Lloyd's k-means over a frame's colour histogram: moves palette entries to the means of
/// the colours nearest them, which lowers the squared error (and raises the PSNR) that the
/// median cut's boxes leave.
///
/// Median cut splits boxes at population medians along an axis, so an entry is the mean
/// of a box that may hold two clusters of colour; each k-means pass gives every histogram
/// bin to its nearest entry and moves each entry to the mean of its bins. Measured on Big
/// Buck Bunny at 1200x660 (scripts/bench-sixel) the error drops most in the first passes.
///
/// The points are the histogram's occupied bins, each at the mean of its real colours and
/// weighted by its pixels: a few thousand points a frame instead of 800 000 pixels.
///
/// Ownership: the `SixelPalette` that owns it; allocated once.
final class SixelKMeans {
    /// The histogram's points (bin means) and their weights (pixel counts), `pointCount`.
    let points: UnsafeMutablePointer<SIMD3<Float>>
    let weights: UnsafeMutablePointer<Float>
    var pointCount = 0
    /// The entries being moved, `centreCount` of them.
    let centres: UnsafeMutablePointer<SIMD3<Float>>
    var centreCount = 0

    private let nearest = SixelNearest()
    private let sums: UnsafeMutablePointer<SIMD3<Float>>
    private let totals: UnsafeMutablePointer<Float>

    init(maxPoints: Int) {
        points = .allocate(capacity: maxPoints)
        weights = .allocate(capacity: maxPoints)
        centres = .allocate(capacity: 256)
        sums = .allocate(capacity: 256)
        totals = .allocate(capacity: 256)
    }

    deinit {
        points.deallocate(); weights.deallocate(); centres.deallocate(); sums.deallocate(); totals.deallocate()
    }

    /// The mean squared distance (per pixel, over the three channels summed) from the
    /// points to their nearest centre, without moving any.
    func distortion() -> Float {
        nearest.load(centres, count: centreCount)
        var error: Float = 0, total: Float = 0
        for i in 0..<pointCount {
            error += weights[i] * nearest.nearest(points[i]).distance
            total += weights[i]
        }
        return total > 0 ? error / total : 0
    }

    /// Runs `passes` assignment-and-update passes; returns the distortion the last
    /// assignment measured. A centre no point chose stays where it is.
    @discardableResult
    func refine(passes: Int) -> Float {
        var measured: Float = 0
        for _ in 0..<passes {
            nearest.load(centres, count: centreCount)
            sums.update(repeating: .zero, count: centreCount)
            totals.update(repeating: 0, count: centreCount)
            var error: Float = 0, total: Float = 0
            for i in 0..<pointCount {
                let (c, d) = nearest.nearest(points[i])
                let w = weights[i]
                sums[c] += points[i] * w
                totals[c] += w
                error += w * d
                total += w
            }
            measured = total > 0 ? error / total : 0
            for c in 0..<centreCount where totals[c] > 0 { centres[c] = sums[c] / totals[c] }
        }
        return measured
    }
}
