/// How far a frame's colours moved from the last frame's: what decides whether the last
/// palette is carried over (`SixelPalette.build`).
extension SixelPalette {
    /// How far the histogram moved since the last frame: the L1 distance of the two
    /// normalised histograms, 0 (the same) to 2 (no colour in common).
    func histogramShift(pixels: Int) -> Float {
        let scale = 1 / Float(max(1, pixels))
        var distance: Float = 0, sharedBefore: Float = 0
        for i in 0..<occupiedCount {
            let bin = Int(occupied[i])
            let before = previousShare[bin]
            distance += abs(Float(counts[bin]) * scale - before)
            sharedBefore += before
        }
        return distance + max(0, 1 - sharedBefore)
    }

    func rememberHistogram(pixels: Int) {
        for i in 0..<previousOccupiedCount { previousShare[Int(previousOccupied[i])] = 0 }
        let scale = 1 / Float(max(1, pixels))
        for i in 0..<occupiedCount {
            let bin = Int(occupied[i])
            previousShare[bin] = Float(counts[bin]) * scale
            previousOccupied[i] = UInt16(bin)
        }
        previousOccupiedCount = occupiedCount
    }
}
