import InsetCore

/// One frame's sixel palette: up to 256 colours chosen from the frame itself by median cut
/// over a 5-bit-per-channel histogram.
///
/// A fixed palette (the xterm cube) wastes most of its entries on colours a given shot
/// never shows; a palette per frame spends them where this frame's pixels are. The
/// histogram is coarse (32 levels a channel, 32 768 bins) so it stays in cache and the cut
/// works on at most 32 768 bins instead of half a million pixels; each bin keeps the sum of
/// its real colours, so an entry is the mean of the pixels it stands for, not a bin centre.
///
/// When the frame has no more distinct colours than the palette has room for, and no bin
/// mixes two colours, the palette is the frame's colours exactly (`isExact`): flat
/// animation, title cards, test patterns come out unchanged and undithered.
///
/// Colours are given to the terminal in percent (`#n;2;r;g;b`), 101 levels a channel;
/// `colors` holds what the terminal will really show, and that is what pixels are matched
/// against.
///
/// Ownership: the `SixelEncoder` that owns it. All memory is allocated once; building a
/// palette allocates nothing.
final class SixelPalette {
    static let levelBits = 5
    static let levels = 1 << levelBits
    static let binCount = levels * levels * levels
    /// Largest frame whose sums fit the 32-bit bins (2^32 / 255 pixels).
    static let maxPixels = Int(UInt32.max / 255)

    /// The histogram bin of a colour: 5 bits each of red, green, blue.
    @inline(__always)
    static func bin(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> Int {
        Int(r >> 3) << 10 | Int(g >> 3) << 5 | Int(b >> 3)
    }

    /// The colours shown, packed 0xRRGGBB, `count` of them.
    let colors: UnsafeMutablePointer<UInt32>
    /// Per entry, red, green and blue in percent, as sent.
    let percents: UnsafeMutablePointer<UInt8>
    private(set) var count = 0
    /// The palette holds every colour of the frame exactly; map with `exactIndex`, no dither.
    private(set) var isExact = false
    /// Typical distance between neighbouring entries, in 8-bit steps: how strong the
    /// ordered dither must be to mix them (see `SixelColorMap`).
    private(set) var spacing = 8

    // The histogram. Only the bins listed in `occupied` are non-zero between builds.
    private let counts: UnsafeMutablePointer<UInt32>
    private let sums: UnsafeMutablePointer<UInt32>
    /// The first colour seen in the bin, with `mixed` set once another was seen.
    private let firstColor: UnsafeMutablePointer<UInt32>
    private let occupied: UnsafeMutablePointer<UInt16>
    private var occupiedCount = 0
    private static let mixed: UInt32 = 1 << 24
    /// For an exact palette: the entry of each occupied bin.
    private let binEntry: UnsafeMutablePointer<UInt8>
    private var boxes: [Box] = []
    /// Scratch for `split`: the population at each level of the axis being cut.
    private let levelPopulations: UnsafeMutablePointer<Int>

    init() {
        colors = .allocate(capacity: 256)
        percents = .allocate(capacity: 3 * 256)
        counts = .allocate(capacity: Self.binCount)
        counts.initialize(repeating: 0, count: Self.binCount)
        sums = .allocate(capacity: 3 * Self.binCount)
        sums.initialize(repeating: 0, count: 3 * Self.binCount)
        firstColor = .allocate(capacity: Self.binCount)
        occupied = .allocate(capacity: Self.binCount)
        binEntry = .allocate(capacity: Self.binCount)
        levelPopulations = .allocate(capacity: Self.levels)
        boxes.reserveCapacity(256)
    }

    deinit {
        colors.deallocate(); percents.deallocate(); counts.deallocate(); sums.deallocate()
        firstColor.deallocate(); occupied.deallocate(); binEntry.deallocate(); levelPopulations.deallocate()
    }

    /// The entry for a colour of the frame, when `isExact`.
    @inline(__always)
    func exactIndex(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> UInt8 { binEntry[Self.bin(r, g, b)] }

    /// Chooses at most `maxColors` (1–256) entries for `image`.
    func build(from image: RGBImage, maxColors: Int) {
        precondition((1...256).contains(maxColors), "a sixel palette has 1 to 256 colours")
        precondition(image.width * image.height <= Self.maxPixels, "image \(image.size) too large for the histogram")
        countColors(of: image)
        if occupiedCount <= maxColors && allBinsPure() {
            takeExactColors()
        } else {
            medianCut(maxColors: maxColors)
        }
        clearHistogram()
    }

    // MARK: Histogram

    private func countColors(of image: RGBImage) {
        var occupiedCount = 0
        let counts = self.counts, sums = self.sums, firstColor = self.firstColor, occupied = self.occupied
        for y in 0..<image.height {
            var p = image.bytes + y * image.bytesPerRow
            for _ in 0..<image.width {
                let r = p[0], g = p[1], b = p[2]
                p += 3
                let bin = Self.bin(r, g, b)
                let packed = UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b)
                if counts[bin] == 0 {
                    occupied[occupiedCount] = UInt16(bin)
                    occupiedCount += 1
                    firstColor[bin] = packed
                } else if firstColor[bin] != packed {
                    firstColor[bin] |= Self.mixed
                }
                counts[bin] &+= 1
                sums[3 * bin] &+= UInt32(r)
                sums[3 * bin + 1] &+= UInt32(g)
                sums[3 * bin + 2] &+= UInt32(b)
            }
        }
        self.occupiedCount = occupiedCount
    }

    private func allBinsPure() -> Bool {
        for i in 0..<occupiedCount where firstColor[Int(occupied[i])] & Self.mixed != 0 { return false }
        return true
    }

    private func clearHistogram() {
        for i in 0..<occupiedCount {
            let bin = Int(occupied[i])
            counts[bin] = 0
            sums[3 * bin] = 0; sums[3 * bin + 1] = 0; sums[3 * bin + 2] = 0
        }
        occupiedCount = 0
    }

    // MARK: Entries

    private func takeExactColors() {
        isExact = true
        spacing = 0
        count = occupiedCount
        for i in 0..<occupiedCount {
            let bin = Int(occupied[i])
            binEntry[bin] = UInt8(i)
            setEntry(i, RGB(packed: firstColor[bin]))
        }
    }

    /// Stores entry `i` as the terminal will show it: through percent and back.
    private func setEntry(_ i: Int, _ color: RGB) {
        let r = Self.percent(color.r), g = Self.percent(color.g), b = Self.percent(color.b)
        percents[3 * i] = r; percents[3 * i + 1] = g; percents[3 * i + 2] = b
        colors[i] = RGB(Self.level(r), Self.level(g), Self.level(b)).packed
    }

    /// 0–255 to the nearest percent.
    @inline(__always) static func percent(_ v: UInt8) -> UInt8 { UInt8((Int(v) * 100 + 127) / 255) }
    /// A percent back to the nearest 0–255 level (what a terminal shows for it).
    @inline(__always) static func level(_ p: UInt8) -> UInt8 { UInt8((Int(p) * 255 + 50) / 100) }

    // MARK: Median cut

    /// A box of bins: `occupied[start..<end]`, with its population and its extent per
    /// channel in bin levels.
    private struct Box {
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
    /// there are `maxColors` boxes or none can be cut; each box becomes the mean of its
    /// pixels. Population times width picks the box, so big flat regions get precise
    /// colours and a wide sparse spread still gets cut.
    private func medianCut(maxColors: Int) {
        isExact = false
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
        count = boxes.count
        var weightedExtent = 0, total = 0
        for (i, box) in boxes.enumerated() {
            var r = 0, g = 0, b = 0
            for j in box.start..<box.end {
                let bin = Int(occupied[j])
                r += Int(sums[3 * bin]); g += Int(sums[3 * bin + 1]); b += Int(sums[3 * bin + 2])
            }
            let n = max(1, box.population), half = n / 2
            setEntry(i, RGB(UInt8((r + half) / n), UInt8((g + half) / n), UInt8((b + half) / n)))
            // In 8-bit steps, the box's longest side: one bin is 8 wide.
            weightedExtent += box.population * Int((box.high &- box.low).max() + 1) * 8
            total += box.population
        }
        spacing = min(48, max(8, weightedExtent / max(1, total)))
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
