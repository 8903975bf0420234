import InsetCore

/// Maps pixels to entries of a `SixelPalette`: each to its nearest entry, by Euclidean
/// distance in RGB, optionally after an ordered (Bayer) dither.
///
/// Nearest without dither is the default, chosen by measurement (scripts/bench-sixel, Big
/// Buck Bunny at 1200x660 decoded by libsixel's sixel2png): with k-means entries it gives
/// the highest PSNR and by far the fewest bytes, because flat and slowly varying areas
/// become long runs of one sixel, where any dither breaks them up. And with a palette
/// carried from frame to frame, a still area keeps its entries: nothing shimmers, as it
/// would with error diffusion, whose every change ripples through the pixels after it.
/// The ordered dither stays available (`ditherStrength`, a fraction of the palette's
/// spacing) for measuring: on three Big Buck Bunny frames, strength 0.25 gives 34.7 dB at
/// 853 KB, 0.5 34.4 dB at 949 KB, 1 33.1 dB at 1.16 MB, where nearest alone gives 34.9 dB
/// at 784 KB (and 34.0 dB at 615 KB with `SixelEncoder.runSlack`).
///
/// Lookup is exact, not a cut-down table: for each 5-bit box of colours the map lists the
/// entries that can be nearest to some colour in the box (`SixelNearest.candidates`),
/// filled lazily, only for the boxes a frame reaches; a pixel then compares its own
/// colour with those few (one, mostly). Boxes carry a generation stamp, so a new palette
/// invalidates the lists without clearing them, and a palette carried over unchanged
/// keeps them.
///
/// Ownership: the `SixelEncoder` that owns it; the candidate pool grows to its largest.
final class SixelColorMap {
    private static let boxCount = SixelPalette.binCount
    /// Per box: the generation its list was made for.
    private let stamp: UnsafeMutablePointer<UInt32>
    /// Per box: where its list starts in `pool` << 9 | its length (1–256).
    private let slot: UnsafeMutablePointer<UInt32>
    private var pool: UnsafeMutablePointer<UInt8>
    private let memo: UnsafeMutablePointer<UInt32>
    /// Per pool slot, that entry's distance to its box's centre: each list is sorted by
    /// it, so a pixel stops at the first entry too far from the centre to beat its best.
    private var poolReach: UnsafeMutablePointer<Float>
    private var poolCapacity = 1 << 16
    private var poolCount = 0
    private var generation: UInt32 = 0
    private var paletteGeneration = -1
    private let nearest = SixelNearest()
    /// The entries' colours as shown, by index: red, green, blue and a pad, four apiece.
    private let shown: UnsafeMutablePointer<Int32>
    private let shownFloat: UnsafeMutablePointer<SIMD3<Float>>
    /// Whether `offsets` are not all zero.
    private(set) var dithers = false
    /// Dither offsets for the 64 positions of the Bayer matrix at this frame's amplitude,
    /// per channel (red, green, blue, 64 each), row-major: the red offset of (x, y) is
    /// `offsets[(y & 7) * 8 + (x & 7)]`, green's 64 further on.
    let offsets: UnsafeMutablePointer<Int32>

    init() {
        stamp = .allocate(capacity: Self.boxCount)
        stamp.initialize(repeating: 0, count: Self.boxCount)
        slot = .allocate(capacity: Self.boxCount)
        pool = .allocate(capacity: poolCapacity)
        memo = .allocate(capacity: 1 << Self.memoBits)
        memo.initialize(repeating: 0, count: 1 << Self.memoBits)
        poolReach = .allocate(capacity: poolCapacity)
        shown = .allocate(capacity: 4 * 256)
        shownFloat = .allocate(capacity: 256)
        offsets = .allocate(capacity: 3 * 64)
        offsets.initialize(repeating: 0, count: 3 * 64)
    }

    deinit {
        stamp.deallocate(); slot.deallocate(); pool.deallocate(); poolReach.deallocate(); memo.deallocate(); shown.deallocate(); shownFloat.deallocate()
        offsets.deallocate()
    }

    /// The classic recursive 8x8 Bayer matrix: thresholds 0–63, each once.
    static let bayer8: [Int32] = {
        var m: [Int32] = [0]
        var side = 1
        while side < 8 {
            var next = [Int32](repeating: 0, count: 4 * side * side)
            for y in 0..<side {
                for x in 0..<side {
                    let v = 4 * m[y * side + x]
                    next[y * 2 * side + x] = v
                    next[y * 2 * side + x + side] = v + 2
                    next[(y + side) * 2 * side + x] = v + 3
                    next[(y + side) * 2 * side + x + side] = v + 1
                }
            }
            m = next
            side *= 2
        }
        return m
    }()

    /// Takes the frame's palette (not exact: exact palettes are mapped by bin), and the
    /// dither's strength as a fraction of its spacing (0: none).
    func prepare(for palette: SixelPalette, ditherStrength: Float) {
        if palette.generation != paletteGeneration {
            paletteGeneration = palette.generation
            generation &+= 1
            if generation == 0 {  // after 4 billion palettes: start the stamps over
                stamp.update(repeating: 0, count: Self.boxCount)
                generation = 1
            }
            poolCount = 0
            memo.update(repeating: 0, count: 1 << Self.memoBits)
            for i in 0..<palette.count {
                let c = RGB(packed: palette.colors[i])
                shown[4 * i] = Int32(c.r); shown[4 * i + 1] = Int32(c.g); shown[4 * i + 2] = Int32(c.b)
                shownFloat[i] = SIMD3(Float(c.r), Float(c.g), Float(c.b))
            }
            nearest.load(shownFloat, count: palette.count)
        }
        // Offsets centred on zero, spanning one palette spacing: (t + ½)/64 − ½ of it.
        let amplitude = Int32((Float(palette.spacing) * ditherStrength).rounded())
        dithers = amplitude > 0
        // Undithered (the player's setting) the offsets are never read: not worked out.
        guard dithers else { return }
        let m = Self.bayer8
        for y in 0..<8 {
            for x in 0..<8 {
                // Red: the matrix; green: its transpose, inverted; blue: it turned a
                // quarter. Each threshold still comes once per 8x8 tile in every channel.
                let thresholds = (m[y * 8 + x], 63 - m[x * 8 + y], m[x * 8 + 7 - y])
                offsets[y * 8 + x] = Self.offset(thresholds.0, amplitude)
                offsets[64 + y * 8 + x] = Self.offset(thresholds.1, amplitude)
                offsets[128 + y * 8 + x] = Self.offset(thresholds.2, amplitude)
            }
        }
    }

    /// A threshold (0–63) as an offset centred on zero spanning `amplitude`: (t + ½)/64 − ½.
    private static func offset(_ threshold: Int32, _ amplitude: Int32) -> Int32 {
        ((2 * threshold + 1) * amplitude) / 128 - amplitude / 2
    }

    /// The palette index for a pixel (its dither offset, if any, already added and clamped).
    /// A frame repeats its exact colours often, so the answer for each is remembered in a
    /// direct-mapped memo ((colour + 1) << 8 | entry; 0: empty; white overflows the key and
    /// is simply never remembered), cleared with the palette: 20% less time a frame.
    @inline(__always)
    func index(_ r: Int32, _ g: Int32, _ b: Int32) -> UInt8 {
        let colour = UInt32(truncatingIfNeeded: r << 16 | g << 8 | b)
        let slot = Int((colour &* 2_654_435_761) >> (32 - Self.memoBits))
        let remembered = memo[slot]
        if remembered >> 8 == colour &+ 1 { return UInt8(truncatingIfNeeded: remembered) }
        let e = search(r, g, b)
        memo[slot] = (colour &+ 1) << 8 | UInt32(e)
        return e
    }

    private static let memoBits = 18

    @inline(__always)
    private func search(_ r: Int32, _ g: Int32, _ b: Int32) -> UInt8 {
        let box = SixelPalette.bin(UInt8(truncatingIfNeeded: r), UInt8(truncatingIfNeeded: g), UInt8(truncatingIfNeeded: b))
        if stamp[box] != generation { fill(box) }
        let s = slot[box]
        let list = pool + Int(s >> 9), reach = poolReach + Int(s >> 9)
        let n = Int(s & 511)
        if n == 1 { return list[0] }
        var best = Int32.max, bestIndex: UInt8 = 0
        for k in 0..<n {
            let e = list[k]
            // The pixel lies within `boxRadius` of the centre: an entry further than
            // √best + boxRadius from the centre is further than √best from the pixel.
            let beyond = reach[k] - Self.boxRadius
            if beyond > 0 && beyond * beyond > Float(best) { break }
            let distance = self.distance(e, r, g, b)
            if distance < best || (distance == best && e < bestIndex) {
                best = distance
                bestIndex = e
            }
        }
        return bestIndex
    }

    /// The squared distance from entry `e`, as shown, to the colour `r, g, b`. Plain
    /// integers: SIMD3 arithmetic here cost a third of the encoder's time.
    @inline(__always)
    func distance(_ e: UInt8, _ r: Int32, _ g: Int32, _ b: Int32) -> Int32 {
        let c = shown + 4 * Int(e)
        let dr = c[0] &- r, dg = c[1] &- g, db = c[2] &- b
        return dr &* dr &+ dg &* dg &+ db &* db
    }

    /// From a box's centre to its farthest colour: √3 · 3.5 levels.
    private static let boxRadius: Float = 6.07

    @inline(never)
    private func fill(_ box: Int) {
        if poolCount + 256 > poolCapacity {
            let bigger = UnsafeMutablePointer<UInt8>.allocate(capacity: 2 * poolCapacity)
            bigger.update(from: pool, count: poolCount)
            pool.deallocate()
            pool = bigger
            let biggerReach = UnsafeMutablePointer<Float>.allocate(capacity: 2 * poolCapacity)
            biggerReach.update(from: poolReach, count: poolCount)
            poolReach.deallocate()
            poolReach = biggerReach
            poolCapacity *= 2
        }
        let low = SIMD3(Float((box >> 10) << 3), Float((box >> 5) & 31) * 8, Float((box & 31) << 3))
        let list = pool + poolCount, reach = poolReach + poolCount
        let n = nearest.candidates(low: low, high: low + 7, into: list)
        // Insertion sort by distance from the centre: lists are short.
        let centre = low + 3.5
        for k in 0..<n {
            let e = list[k]
            let d = shownFloat[Int(e)] - centre
            let distance = (d * d).sum().squareRoot()
            var j = k
            while j > 0 && reach[j - 1] > distance {
                list[j] = list[j - 1]; reach[j] = reach[j - 1]
                j -= 1
            }
            list[j] = e; reach[j] = distance
        }
        slot[box] = UInt32(poolCount) << 9 | UInt32(n)
        stamp[box] = generation
        poolCount += n
    }
}
