import InsetCore

/// A frame as palette entries, one byte a pixel, and the frame before it: the stage
/// between the palette and the bands.
///
/// Choosing an entry per pixel:
/// - an exact palette: the pixel's own colour;
/// - dithered (only for measuring, see `SixelColorMap`): the nearest after the offset;
/// - otherwise the nearest entry, unless one within `slack` more squared error is at hand
///   that keeps the picture still or costs fewer bytes: the entry this pixel had in the
///   frame before, when the last frame is comparable and this pixel's colour did not
///   change (within `stillness` a channel: what moved has no shimmer to fear, and
///   keeping old entries where the picture moves only broke runs: 5% more bytes on Big
///   Buck Bunny), else the one above it in its band (fewer colours in a column of six),
///   else the one to its left (longer runs).
///
/// The frame before also tells what changed (`changedRect`), so a video sends only that.
///
/// Ownership: the `SixelEncoder` that owns it; the two buffers grow to the largest frame.
final class SixelIndexedFrame {
    /// How far a channel may move for a pixel to count as still.
    static let stillness: UInt8 = 3

    private(set) var entries: UnsafeMutablePointer<UInt8>
    private var previous: UnsafeMutablePointer<UInt8>
    /// The last frame's pixels, packed RGB, and this one's as they are mapped.
    private var pixels: UnsafeMutablePointer<UInt8>
    private var previousPixels: UnsafeMutablePointer<UInt8>
    private var capacity = 0
    private(set) var size = PixelSize(width: 0, height: 0)
    /// Whether `previous` holds the last frame, of this size, mapped to a palette whose
    /// entries this frame's palette keeps or marks as changed.
    private(set) var hasPrevious = false

    init() {
        entries = .allocate(capacity: 1)
        previous = .allocate(capacity: 1)
        pixels = .allocate(capacity: 3)
        previousPixels = .allocate(capacity: 3)
    }

    deinit { entries.deallocate(); previous.deallocate(); pixels.deallocate(); previousPixels.deallocate() }

    /// Starts a frame of `size`; `comparable`: the palette was carried over from the frame
    /// before (its entries' indices still mean about the same colours).
    func begin(size: PixelSize, comparable: Bool) {
        let count = size.width * size.height
        swap(&entries, &previous)
        swap(&pixels, &previousPixels)
        hasPrevious = comparable && size == self.size
        if count > capacity {
            entries.deallocate(); previous.deallocate(); pixels.deallocate(); previousPixels.deallocate()
            entries = .allocate(capacity: count)
            previous = .allocate(capacity: count)
            pixels = .allocate(capacity: 3 * count)
            previousPixels = .allocate(capacity: 3 * count)
            capacity = count
            hasPrevious = false
        }
        self.size = size
    }

    /// Maps every pixel through an exact palette.
    func mapExact(_ image: RGBImage, palette: SixelPalette) {
        for y in 0..<image.height {
            var p = image.bytes + y * image.bytesPerRow
            let out = entries + y * image.width
            for x in 0..<image.width {
                out[x] = palette.exactIndex(p[0], p[1], p[2])
                p += 3
            }
        }
    }

    /// Maps every pixel after the ordered dither.
    func mapDithered(_ image: RGBImage, map: SixelColorMap) {
        for y in 0..<image.height {
            var p = image.bytes + y * image.bytesPerRow
            let out = entries + y * image.width
            let offsets = map.offsets + (y & 7) * 8
            for x in 0..<image.width {
                let column = x & 7
                let r = min(max(Int32(p[0]) + offsets[column], 0), 255)
                let g = min(max(Int32(p[1]) + offsets[64 + column], 0), 255)
                let b = min(max(Int32(p[2]) + offsets[128 + column], 0), 255)
                out[x] = map.index(r, g, b)
                p += 3
            }
        }
    }

    /// Maps every pixel of `rows` (all of them by default) to its nearest entry or, within
    /// `slack`, the last frame's, the one above in the band, or the one to the left. A
    /// pixel looks no further than its own band and row, so rows cut at bands (multiples
    /// of six) can be mapped at once on several threads, each with its own `map`, and come
    /// out the same as in one pass.
    func mapNearest(_ image: RGBImage, map: SixelColorMap, slack: Int32, rows: Range<Int>? = nil) {
        let width = image.width, useLast = hasPrevious, still = Int32(Self.stillness)
        for y in rows ?? 0..<image.height {
            var p = image.bytes + y * image.bytesPerRow
            let out = entries + y * width, last = previous + y * width
            let kept = pixels + 3 * y * width, before = previousPixels + 3 * y * width
            kept.update(from: p, count: 3 * width)
            let hasAbove = y % 6 != 0
            let above = out - width
            var left: UInt8 = 0
            for x in 0..<width {
                let r = Int32(p[0]), g = Int32(p[1]), b = Int32(p[2])
                var e = map.index(r, g, b)
                if slack > 0 {
                    let bound = map.distance(e, r, g, b) &+ slack
                    if hasAbove && above[x] != e && map.distance(above[x], r, g, b) <= bound {
                        e = above[x]
                    } else if x > 0 && left != e && map.distance(left, r, g, b) <= bound {
                        e = left
                    } else if useLast && last[x] != e
                        && Self.isStill(r, g, b, before + 3 * x, within: still)
                        && map.distance(last[x], r, g, b) <= bound {
                        e = last[x]
                    }
                }
                out[x] = e
                left = e
                p += 3
            }
        }
    }

    @inline(__always)
    private static func isStill(_ r: Int32, _ g: Int32, _ b: Int32, _ before: UnsafeMutablePointer<UInt8>,
                                within still: Int32) -> Bool {
        abs(r - Int32(before[0])) <= still && abs(g - Int32(before[1])) <= still && abs(b - Int32(before[2])) <= still
    }

    /// The smallest rectangle holding every pixel whose colour differs from the last
    /// frame's (another entry, or an entry the palette changed), grown outwards to whole
    /// `cell`s so that it starts where the cursor can be put; nil when nothing changed. The
    /// whole frame when there is no comparable last frame.
    func changedRect(cell: PixelSize, entryChanged: UnsafePointer<Bool>) -> PixelRect? {
        let width = size.width, height = size.height
        guard hasPrevious else { return PixelRect(x: 0, y: 0, width: width, height: height) }
        var minX = width, maxX = -1, minY = height, maxY = -1
        for y in 0..<height {
            let row = entries + y * width, last = previous + y * width
            var x = 0
            while x < width {
                let e = row[x]
                if e != last[x] || entryChanged[Int(e)] {
                    minX = min(minX, x); maxX = max(maxX, x)
                    if minY == height { minY = y }
                    maxY = y
                    // Only the last change in the row can widen the rectangle now.
                    var r = width - 1
                    while r > maxX && row[r] == last[r] && !entryChanged[Int(row[r])] { r -= 1 }
                    maxX = max(maxX, r)
                    break
                }
                x += 1
            }
        }
        guard maxX >= 0 else { return nil }
        let cw = max(1, cell.width), ch = max(1, cell.height)
        let x0 = minX / cw * cw, y0 = minY / ch * ch
        let x1 = min(width, (maxX / cw + 1) * cw), y1 = min(height, (maxY / ch + 1) * ch)
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// Sets `used[e]` for exactly the entries that occur in `rect`.
    func markEntries(in rect: PixelRect, into used: UnsafeMutablePointer<Bool>) {
        used.update(repeating: false, count: 256)
        for y in rect.y..<(rect.y + rect.height) {
            let row = entries + y * size.width + rect.x
            for x in 0..<rect.width { used[Int(row[x])] = true }
        }
    }

    /// Forgets the last frame: the next one is compared with nothing.
    func forget() { hasPrevious = false; size = PixelSize(width: 0, height: 0) }
}
