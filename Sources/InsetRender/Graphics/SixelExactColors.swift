import InsetCore

/// The distinct colours of a picture that has few of them, and each one's palette entry:
/// a small open-addressing hash set, for pictures whose colours share histogram bins (a
/// fine grey ramp: 256 greys in 32 bins) but number no more than the palette holds, so
/// they are kept exactly instead of merged bin by bin.
///
/// Ownership: the `SixelPalette` that owns it; allocated once.
final class SixelExactColors {
    private static let slotCount = 1024
    /// Per slot: the colour | `taken`, or 0 when empty.
    private let keys: UnsafeMutablePointer<UInt32>
    private let values: UnsafeMutablePointer<UInt8>
    /// The colours found, in order: entry i is `colors[i]`.
    let colors: UnsafeMutablePointer<UInt32>
    private(set) var count = 0
    private let usedSlots: UnsafeMutablePointer<Int>
    private static let taken: UInt32 = 1 << 31

    init() {
        keys = .allocate(capacity: Self.slotCount)
        keys.initialize(repeating: 0, count: Self.slotCount)
        values = .allocate(capacity: Self.slotCount)
        colors = .allocate(capacity: 256)
        usedSlots = .allocate(capacity: 257)
    }

    deinit { keys.deallocate(); values.deallocate(); colors.deallocate(); usedSlots.deallocate() }

    @inline(__always)
    private static func home(_ packed: UInt32) -> Int { Int((packed &* 2_654_435_761) >> 22) }

    /// Gathers the picture's distinct colours; false (and nothing kept) when there are more
    /// than `limit` (at most 256).
    func collect(_ image: RGBImage, limit: Int) -> Bool {
        clear()
        for y in 0..<image.height {
            var p = image.bytes + y * image.bytesPerRow
            for _ in 0..<image.width {
                let packed = UInt32(p[0]) << 16 | UInt32(p[1]) << 8 | UInt32(p[2])
                p += 3
                var slot = Self.home(packed)
                while keys[slot] != 0 && keys[slot] != packed | Self.taken { slot = (slot + 1) & (Self.slotCount - 1) }
                if keys[slot] != 0 { continue }
                if count == limit { clear(); return false }
                keys[slot] = packed | Self.taken
                values[slot] = UInt8(count)
                colors[count] = packed
                usedSlots[count] = slot
                count += 1
            }
        }
        return true
    }

    /// The entry of a colour `collect` found.
    @inline(__always)
    func entry(_ packed: UInt32) -> UInt8 {
        var slot = Self.home(packed)
        while keys[slot] != packed | Self.taken { slot = (slot + 1) & (Self.slotCount - 1) }
        return values[slot]
    }

    private func clear() {
        for i in 0..<count { keys[usedSlots[i]] = 0 }
        count = 0
    }
}
