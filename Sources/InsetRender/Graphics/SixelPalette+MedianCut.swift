import InsetCore

/// The median cut that seeds a frame's palette when there is none to carry over from the
/// frame before (`SixelPalette.build`); k-means then refines it.
extension SixelPalette {
    /// A box of bins: `occupied[start..<end]`, with its population and its extent per
    /// channel in bin levels.
    struct Box {
        var start: Int, end: Int
        var population: Int = 0
        var low: SIMD3<Int32> = .init(repeating: Int32(SixelPalette.levels))
        var high: SIMD3<Int32> = .init(repeating: -1)
        /// Channel weights for choosing the axis to cut: green counts most, as in the
        /// redmean distance the rest of the renderer uses.
        static let weights = SIMD3<Int32>(4, 5, 4)
        var weightedRange: SIMD3<Int32> { (high &- low) &* Box.weights }
        var isSplittable: Bool { (high &- low).max() > 0 }
        var priority: Int { isSplittable ? population * Int(weightedRange.max()) : -1 }
    }

    @inline(__always)
    private static func levels(ofBin bin: Int) -> SIMD3<Int32> {
        SIMD3(Int32(bin >> 10), Int32((bin >> 5) & 31), Int32(bin & 31))
    }

    private func measure(_ box: inout Box) {
        box.population = 0
        box.low = .init(repeating: Int32(Self.levels))
        box.high = .init(repeating: -1)
        for i in box.start..<box.end {
            let bin = Int(occupied[i])
            let l = Self.levels(ofBin: bin)
            box.population += Int(counts[bin])
            box.low = pointwiseMin(box.low, l)
            box.high = pointwiseMax(box.high, l)
        }
    }

    /// Cuts the most populous wide box at the median of its longest (weighted) side until
    /// there are `maxColors` boxes or none can be cut; each box's mean becomes a k-means
    /// centre. Population times width picks the box, so big flat regions get precise
    /// colours and a wide sparse spread still gets cut.
    func medianCut(maxColors: Int) {
        boxes.removeAll(keepingCapacity: true)
        var first = Box(start: 0, end: occupiedCount)
        measure(&first)
        boxes.append(first)
        while boxes.count < maxColors {
            var best = -1, bestPriority = 0
            for (i, box) in boxes.enumerated() where box.priority > bestPriority {
                best = i; bestPriority = box.priority
            }
            guard best >= 0 else { break }
            let (low, high) = split(boxes[best])
            boxes[best] = low
            boxes.append(high)
        }
        let kMeans = self.kMeans
        kMeans.centreCount = boxes.count
        for (i, box) in boxes.enumerated() {
            var r = 0, g = 0, b = 0
            for j in box.start..<box.end {
                let bin = Int(occupied[j])
                r += Int(sums[3 * bin]); g += Int(sums[3 * bin + 1]); b += Int(sums[3 * bin + 2])
            }
            let n = Float(max(1, box.population))
            kMeans.centres[i] = SIMD3(Float(r), Float(g), Float(b)) / n
        }
    }

    /// Cuts `box` along its longest side where half its population lies on each side.
    private func split(_ box: Box) -> (Box, Box) {
        let range = box.weightedRange
        let axis = range.x >= range.y && range.x >= range.z ? 0 : (range.y >= range.z ? 1 : 2)
        let shift = 10 - 5 * axis
        let histogram = levelPopulations
        histogram.update(repeating: 0, count: Self.levels)
        for i in box.start..<box.end {
            let bin = Int(occupied[i])
            histogram[(bin >> shift) & 31] += Int(counts[bin])
        }
        let low = Int(box.low[axis]), high = Int(box.high[axis])
        var cut = low, below = histogram[low]
        while cut < high - 1 && below * 2 < box.population {
            cut += 1
            below += histogram[cut]
        }
        // Bins at level <= cut go left, the rest right; both sides are non-empty because
        // low <= cut < high.
        var i = box.start, j = box.end - 1
        while i <= j {
            if (Int(occupied[i]) >> shift) & 31 <= cut {
                i += 1
            } else {
                occupied.swapAt(i, j)
                j -= 1
            }
        }
        var left = Box(start: box.start, end: i), right = Box(start: i, end: box.end)
        measure(&left)
        measure(&right)
        return (left, right)
    }
}

extension UnsafeMutablePointer {
    @inline(__always)
    fileprivate func swapAt(_ i: Int, _ j: Int) {
        let t = self[i]
        self[i] = self[j]
        self[j] = t
    }
}
