import InsetCore

/// A sixel palette of up to 256 colours, chosen from each frame itself and carried from
/// frame to frame of a video while the shot stays the same.
///
/// A fixed palette (the xterm cube) wastes most of its entries on colours a given shot
/// never shows; a palette per frame spends them where this frame's pixels are. The frame's
/// colours go into a coarse histogram (32 levels a channel, 32 768 bins, so it stays in
/// cache), each bin keeping the sum of its real colours. A median cut over the bins seeds
/// the entries and k-means passes (`SixelKMeans`) move them to the means of the colours
/// nearest them: on Big Buck Bunny that is what raises the PSNR past libsixel's median cut
/// (scripts/bench-sixel has the figures).
///
/// Stable on video: when the histogram moved little since the frame before (a shot, not a
/// cut: `histogramShift`), the last palette is the start instead of a new median cut, a
/// pass or two adjust it, and every entry that moved by no more than `snap` levels is put
/// back exactly where it was. The same colour at the same place then gets the same entry
/// frame after frame, and a still background does not shimmer; the table that maps
/// colours to entries is kept too when no entry moved (`generation`).
///
/// When the frame has no more distinct colours than the palette has room for, and no bin
/// mixes two colours, the palette is the frame's colours exactly (`isExact`): flat
/// animation, title cards, test patterns come out unchanged.
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
    /// k-means passes from a median cut, and from the last frame's palette.
    static let freshPasses = 4
    static let carriedPasses = 1
    /// The largest histogram shift (L1 distance of the normalised histograms, 0–2) at which
    /// the last palette is carried over: consecutive frames of a shot measure about 0.1–0.3
    /// on Big Buck Bunny, a cut above 1.
    static let maxCarriedShift: Float = 0.5
    /// A carried palette whose error on the new frame is within this factor of its error
    /// when it was last refined is kept as it is, without a k-means pass: video noise
    /// then changes no entry at all.
    static let keptDistortion: Float = 1.05
    /// An entry that moved no further than this (levels, on every channel) stays put.
    static let snap: Float = 2

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
    /// Typical distance between neighbouring entries, in 8-bit steps: how strong an ordered
    /// dither must be to mix them (see `SixelColorMap`).
    private(set) var spacing = 8
    /// Bumped whenever an entry changes: a colour map made for the same generation holds.
    private(set) var generation = 0
    /// Whether this frame's palette was carried over from the last one.
    private(set) var wasCarried = false
    /// Per entry, whether this build changed its colour (all of them unless carried over).
    let entryChanged: UnsafeMutablePointer<Bool>

    // The histogram. Only the bins listed in `occupied` are non-zero between builds.
    let counts: UnsafeMutablePointer<UInt32>
    let sums: UnsafeMutablePointer<UInt32>
    /// The first colour seen in the bin, with `mixed` set once another was seen.
    private let firstColor: UnsafeMutablePointer<UInt32>
    let occupied: UnsafeMutablePointer<UInt16>
    var occupiedCount = 0
    private static let mixed: UInt32 = 1 << 24
    /// For an exact palette: the entry of each occupied bin, or when bins mix colours
    /// (`exactByBin` false), of each colour.
    private let binEntry: UnsafeMutablePointer<UInt8>
    private var exactByBin = true
    private let exactColors = SixelExactColors()
    var boxes: [Box] = []
    /// Scratch for `split`: the population at each level of the axis being cut.
    let levelPopulations: UnsafeMutablePointer<Int>
    let kMeans = SixelKMeans(maxPoints: SixelPalette.binCount)

    // The last frame's histogram, normalised, and its palette (k-means centres), for
    // carrying it over.
    let previousShare: UnsafeMutablePointer<Float>
    let previousOccupied: UnsafeMutablePointer<UInt16>
    var previousOccupiedCount = 0
    private let previousCentres: UnsafeMutablePointer<SIMD3<Float>>
    private var previousCentreCount = 0
    /// The distortion (`SixelKMeans`) of the palette when k-means last moved it.
    private var refinedDistortion: Float = 0

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
        previousShare = .allocate(capacity: Self.binCount)
        previousShare.initialize(repeating: 0, count: Self.binCount)
        previousOccupied = .allocate(capacity: Self.binCount)
        previousCentres = .allocate(capacity: 256)
        entryChanged = .allocate(capacity: 256)
        entryChanged.initialize(repeating: true, count: 256)
        boxes.reserveCapacity(256)
    }

    deinit {
        colors.deallocate(); percents.deallocate(); counts.deallocate(); sums.deallocate()
        firstColor.deallocate(); occupied.deallocate(); binEntry.deallocate(); levelPopulations.deallocate()
        previousShare.deallocate(); previousOccupied.deallocate(); previousCentres.deallocate()
        entryChanged.deallocate()
    }

    /// The entry for a colour of the frame, when `isExact`.
    @inline(__always)
    func exactIndex(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> UInt8 {
        exactByBin ? binEntry[Self.bin(r, g, b)] : exactColors.entry(UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b))
    }

    /// Chooses at most `maxColors` (1–256) entries for `image`, carrying the last frame's
    /// over when the histogram barely moved.
    func build(from image: RGBImage, maxColors: Int) {
        precondition((1...256).contains(maxColors), "a sixel palette has 1 to 256 colours")
        precondition(image.width * image.height <= Self.maxPixels, "image \(image.size) too large for the histogram")
        countColors(of: image)
        if occupiedCount <= maxColors && allBinsPure() {
            takeExactColors()
            previousCentreCount = 0
        } else if occupiedCount <= maxColors && exactColors.collect(image, limit: maxColors) {
            // Few bins but some hold several colours (a fine ramp): still few enough
            // colours to keep them all, found by hash instead of by bin.
            takeExactColors(byBin: false)
            previousCentreCount = 0
        } else {
            choose(maxColors: maxColors, pixels: image.width * image.height)
        }
        rememberHistogram(pixels: image.width * image.height)
        clearHistogram()
    }

    private func choose(maxColors: Int, pixels: Int) {
        isExact = false
        loadPoints()
        wasCarried = previousCentreCount > 0 && previousCentreCount <= maxColors
            && histogramShift(pixels: pixels) <= Self.maxCarriedShift
        if wasCarried {
            kMeans.centreCount = previousCentreCount
            kMeans.centres.update(from: previousCentres, count: previousCentreCount)
            // Still as good a fit as when it was last refined: kept exactly, no pass.
            if kMeans.distortion() <= refinedDistortion * Self.keptDistortion {
                entryChanged.update(repeating: false, count: 256)
                return
            }
        } else {
            medianCut(maxColors: maxColors)
        }
        let distortion = kMeans.refine(passes: wasCarried ? Self.carriedPasses : Self.freshPasses)
        refinedDistortion = distortion
        // A uniform quantiser of step s leaves s²/12 a channel, s²/4 over three.
        spacing = min(48, max(8, Int(2 * distortion.squareRoot())))
        var changed = !wasCarried || count != kMeans.centreCount
        for i in 0..<kMeans.centreCount {
            let move = kMeans.centres[i] - previousCentres[i]
            if wasCarried && pointwiseMax(move, -move).max() <= Self.snap {
                kMeans.centres[i] = previousCentres[i]
                entryChanged[i] = false
                continue
            }
            changed = true
            entryChanged[i] = true
            let c = pointwiseMin(pointwiseMax(kMeans.centres[i].rounded(.toNearestOrEven), .zero), SIMD3(repeating: 255))
            setEntry(i, RGB(UInt8(c.x), UInt8(c.y), UInt8(c.z)))
        }
        count = kMeans.centreCount
        if changed { generation += 1 }
        previousCentreCount = count
        previousCentres.update(from: kMeans.centres, count: count)
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

    /// The occupied bins as k-means points: each at the mean of its colours, weighed by them.
    private func loadPoints() {
        for i in 0..<occupiedCount {
            let bin = Int(occupied[i])
            let n = Float(counts[bin])
            kMeans.points[i] = SIMD3(Float(sums[3 * bin]), Float(sums[3 * bin + 1]), Float(sums[3 * bin + 2])) / n
            kMeans.weights[i] = n
        }
        kMeans.pointCount = occupiedCount
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

    private func takeExactColors(byBin: Bool = true) {
        isExact = true
        exactByBin = byBin
        wasCarried = false
        spacing = 0
        generation += 1
        entryChanged.update(repeating: true, count: 256)
        guard byBin else {
            count = exactColors.count
            for i in 0..<count { setEntry(i, RGB(packed: exactColors.colors[i])) }
            return
        }
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
}
