import InsetCore

/// Turns pixels into cells of 2x2, 2x3 or 2x4 sub-pixels (quadrants, sextants, octants):
/// each cell shows its sub-pixels in two colours, the glyph's ink in the foreground and
/// the rest in the background.
///
/// Per cell it picks the two colours and the pattern with the least colour error against
/// the sub-pixels, in linear light: the sub-pixels are sorted along the channel in which
/// they differ most, every split of that order into a lower and an upper group is scored
/// by the squared error of each group to its mean (the largest Σ|sum|²/count is the least
/// error), and the best split's two means are the colours. Splitting along the widest
/// channel is the principal-axis cut of two-colour quantisers; it finds the exact best
/// two-colour fit for edges and flat areas, which is what video cells mostly are.
///
/// The image is expected at the blitter's resolution (the scaler makes it so), and like the
/// half-block blitter this is the hot path of a frame: one pass, raw pointers, no
/// allocation beyond a small scratch on the stack.
public enum SubCellBlitter {
    /// Blits `region` of `image` (the whole image by default) into `grid` with the region's
    /// top-left pixel landing in cell `origin`. Pixel (x, y) of the region goes to cell
    /// (origin.column + x / w, origin.row + y / h) for the blitter's w x h sub-pixels.
    /// Sub-pixels outside the image are black; cells outside the grid are skipped.
    public static func blit(_ image: RGBImage, as blitter: Blitter, region: PixelRect? = nil,
                            into grid: inout CellGrid, at origin: CellPoint = .zero) {
        if blitter == .half {
            return HalfBlockBlitter.blit(image, region: region, into: &grid, at: origin)
        }
        let region = region ?? PixelRect(x: 0, y: 0, width: image.width, height: image.height)
        guard region.width > 0, region.height > 0 else { return }
        let subRows = blitter.subPixels.height
        let cells = CellRaster(blitter: blitter).cells(for: region.size)
        let target = CellRect(origin: origin, size: cells).intersection(grid.bounds)
        guard !target.isEmpty else { return }
        // The image's pixels that the region may read: the region clipped to the image.
        let readable = (minX: max(0, region.x), maxX: min(image.width, region.x + region.width),
                        minY: max(0, region.y), maxY: min(image.height, region.y + region.height))
        let gridColumns = grid.columns
        let tables = Tables(glyphs: SubCellGlyphs.table(for: blitter).baseAddress!,
                            toLinear: LinearLight.fromSRGB.baseAddress!, toSRGB: LinearLight.toSRGB.baseAddress!)
        grid.withUnsafeMutableCells { buffer in
            let cellsBase = buffer.baseAddress!
            withUnsafeTemporaryAllocation(of: Int.self, capacity: 40) { storage in
                let red = storage.baseAddress!
                // The order array has 8 more after it.
                let scratch = (red: red, green: red + 8, blue: red + 16, order: red + 24)
                for row in target.minRow..<target.maxRow {
                    let y0 = region.y + subRows * (row - origin.row)
                    let out = cellsBase + row * gridColumns
                    for column in target.minColumn..<target.maxColumn {
                        let x0 = region.x + 2 * (column - origin.column)
                        // Each count a constant at its call: the gather, sort and split loops unroll.
                        switch subRows {
                        case 4: out[column] = fitCell(rows: 4, image, x: x0, y: y0, readable: readable, scratch: scratch, tables: tables)
                        case 3: out[column] = fitCell(rows: 3, image, x: x0, y: y0, readable: readable, scratch: scratch, tables: tables)
                        default: out[column] = fitCell(rows: 2, image, x: x0, y: y0, readable: readable, scratch: scratch, tables: tables)
                        }
                    }
                }
            }
        }
    }

    /// The best cell for the 2 x `rows` sub-pixels from (x, y): gathered in linear light
    /// into the scratch, then fitted.
    @inline(__always)
    private static func fitCell(rows: Int, _ image: RGBImage, x: Int, y: Int,
                                readable: (minX: Int, maxX: Int, minY: Int, maxY: Int),
                                scratch: (red: UnsafeMutablePointer<Int>, green: UnsafeMutablePointer<Int>,
                                          blue: UnsafeMutablePointer<Int>, order: UnsafeMutablePointer<Int>),
                                tables: Tables) -> Cell {
        for j in 0..<rows {
            gatherPair(image, x: x, y: y + j, readable: readable, toLinear: tables.toLinear,
                       into: (scratch.red + 2 * j, scratch.green + 2 * j, scratch.blue + 2 * j))
        }
        return bestCell(count: 2 * rows, red: scratch.red, green: scratch.green, blue: scratch.blue,
                        order: scratch.order, tables: tables)
    }

    /// The two sub-pixels (x, y) and (x + 1, y) in linear light; black outside `readable`.
    @inline(__always)
    private static func gatherPair(_ image: RGBImage, x: Int, y: Int,
                                   readable: (minX: Int, maxX: Int, minY: Int, maxY: Int),
                                   toLinear: UnsafePointer<UInt16>,
                                   into out: (UnsafeMutablePointer<Int>, UnsafeMutablePointer<Int>, UnsafeMutablePointer<Int>)) {
        let rowInside = y >= readable.minY && y < readable.maxY
        let line = image.bytes + y * image.bytesPerRow
        for i in 0..<2 {
            if rowInside && x + i >= readable.minX && x + i < readable.maxX {
                let p = line + 3 * (x + i)
                out.0[i] = Int(toLinear[Int(p[0])])
                out.1[i] = Int(toLinear[Int(p[1])])
                out.2[i] = Int(toLinear[Int(p[2])])
            } else {
                out.0[i] = 0; out.1[i] = 0; out.2[i] = 0
            }
        }
    }

    struct Tables {
        let glyphs: UnsafePointer<UInt32>
        let toLinear: UnsafePointer<UInt16>
        let toSRGB: UnsafePointer<UInt8>
        let scoreWeights = SubCellBlitter.scoreWeights.baseAddress!
        let reciprocals = SubCellBlitter.reciprocals.baseAddress!
    }

    /// The two-colour cell nearest to `count` sub-pixels given in linear light.
    @inline(__always)
    static func bestCell(count n: Int, red: UnsafeMutablePointer<Int>, green: UnsafeMutablePointer<Int>,
                         blue: UnsafeMutablePointer<Int>, order: UnsafeMutablePointer<Int>, tables: Tables) -> Cell {
        var loR = red[0], hiR = red[0], loG = green[0], hiG = green[0], loB = blue[0], hiB = blue[0]
        var totalR = red[0], totalG = green[0], totalB = blue[0]
        for i in 1..<n {
            loR = min(loR, red[i]); hiR = max(hiR, red[i])
            loG = min(loG, green[i]); hiG = max(hiG, green[i])
            loB = min(loB, blue[i]); hiB = max(hiB, blue[i])
            totalR += red[i]; totalG += green[i]; totalB += blue[i]
        }
        let rangeR = hiR - loR, rangeG = hiG - loG, rangeB = hiB - loB
        if rangeR | rangeG | rangeB == 0 {
            let flat = packed(red[0], green[0], blue[0], tables.toSRGB)
            return .halfBlock(top: flat, bottom: flat)
        }
        let key = rangeR >= rangeG && rangeR >= rangeB ? red : (rangeG >= rangeB ? green : blue)
        // Sort at most 8 sub-pixels by the widest channel, each as its value and index in
        // one integer (value << 3 | index: all distinct). Each one's place is the count of
        // those below it: n² comparisons without a branch, where an insertion sort's
        // data-dependent branches mispredicted on most cells of real video.
        let entries = order + 8
        for i in 0..<n { entries[i] = key[i] &<< 3 | i }
        for i in 0..<n {
            let entry = entries[i]
            var place = 0
            // Entries are below 2^20: the difference's sign bit says "below".
            for j in 0..<n { place &-= (entries[j] &- entry) &>> 63 }
            order[place] = entry
        }
        // Least error of a split = largest |sum_low|²/n_low + |sum_high|²/n_high, compared
        // as that times 840 (divisible by every group size up to 8) in integers: sums are
        // at most 8 · 65535 per channel, so a score stays below 2^51.
        var lowR = 0, lowG = 0, lowB = 0
        var bestScore = -1, bestSplit = 1
        var bestLow = (0, 0, 0)
        for split in 1..<n {
            let v = order[split - 1] & 7
            lowR &+= red[v]; lowG &+= green[v]; lowB &+= blue[v]
            // Splitting between equal values puts one colour on both sides: never better.
            if order[split - 1] >> 3 == order[split] >> 3 { continue }
            let highR = totalR &- lowR, highG = totalG &- lowG, highB = totalB &- lowB
            let score = (lowR &* lowR &+ lowG &* lowG &+ lowB &* lowB) &* tables.scoreWeights[split]
                &+ (highR &* highR &+ highG &* highG &+ highB &* highB) &* tables.scoreWeights[n - split]
            if score > bestScore {
                bestScore = score
                bestSplit = split
                bestLow = (lowR, lowG, lowB)
            }
        }
        var lowMask = 0
        for i in 0..<bestSplit { lowMask |= 1 << (order[i] & 7) }
        let lowShare = tables.reciprocals[bestSplit], highShare = tables.reciprocals[n - bestSplit]
        let low = packed(mean(bestLow.0, lowShare), mean(bestLow.1, lowShare), mean(bestLow.2, lowShare), tables.toSRGB)
        let high = packed(mean(totalR &- bestLow.0, highShare), mean(totalG &- bestLow.1, highShare),
                          mean(totalB &- bestLow.2, highShare), tables.toSRGB)
        // Two means a rounding apart are one colour on screen: a flat cell is cheaper.
        if low == high { return .halfBlock(top: low, bottom: low) }
        // The foreground is the group with the top-left sub-pixel, so the pattern is never
        // empty or full and the top half of a half-block-like cell keeps the foreground.
        if lowMask & 1 != 0 {
            return Cell(glyph: tables.glyphs[lowMask], foreground: low, background: high)
        }
        let highMask = ~lowMask & ((1 << n) - 1)
        return Cell(glyph: tables.glyphs[highMask], foreground: high, background: low)
    }

    /// 840 / k for a group of k sub-pixels (index 0 unused).
    nonisolated(unsafe) static let scoreWeights = permanent([0, 840, 420, 280, 210, 168, 140, 120, 105])

    /// ⌈2^32 / k⌉ for k sub-pixels: `sum * reciprocal >> 32` is `sum / k` exactly for sums
    /// below 2^20 (8 · 65535 is), without a division per channel.
    nonisolated(unsafe) static let reciprocals = permanent((0...8).map { $0 == 0 ? 0 : ((1 << 32) + $0 - 1) / $0 })

    /// `sum / k`, given k's entry in `reciprocals`.
    @inline(__always)
    static func mean(_ sum: Int, _ reciprocal: Int) -> Int { (sum &* reciprocal) &>> 32 }

    @inline(__always)
    private static func packed(_ r: Int, _ g: Int, _ b: Int, _ toSRGB: UnsafePointer<UInt8>) -> UInt32 {
        UInt32(toSRGB[r]) << 16 | UInt32(toSRGB[g]) << 8 | UInt32(toSRGB[b])
    }
}

extension CellGrid {
    /// Blits `image` into this grid with `blitter`; see `SubCellBlitter.blit`.
    public mutating func blit(_ image: RGBImage, as blitter: Blitter, region: PixelRect? = nil,
                              at origin: CellPoint = .zero) {
        SubCellBlitter.blit(image, as: blitter, region: region, into: &self, at: origin)
    }
}
