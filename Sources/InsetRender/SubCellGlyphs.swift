#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import InsetCore

/// The glyph that shows a pattern of sub-pixels in the foreground colour, the rest in the
/// background. A pattern is a bit mask over the cell's sub-pixels, row by row, left to
/// right: bit `row * 2 + column` (bit 0 the top-left).
enum SubCellGlyphs {
    /// 2x2: the quadrant blocks of Block Elements (U+2580…), in every monospace font.
    nonisolated(unsafe) static let quadrant = permanent([
        0x20, 0x2598, 0x259D, 0x2580, 0x2596, 0x258C, 0x259E, 0x259B,
        0x2597, 0x259A, 0x2590, 0x259C, 0x2584, 0x2599, 0x259F, 0x2588,
    ] as [UInt32])

    /// 2x3: Unicode 13's sextants, U+1FB00… in mask order, without the four patterns that
    /// Block Elements already had (empty, full, left half, right half).
    nonisolated(unsafe) static let sextant = permanent((0..<64).map { (mask: Int) -> UInt32 in
        switch mask {
        case 0: return 0x20
        case 63: return 0x2588
        case 21: return 0x258C
        case 42: return 0x2590
        default: return UInt32(0x1FB00 + mask - 1 - (mask > 21 ? 1 : 0) - (mask > 42 ? 1 : 0))
        }
    })

    /// 2x4: the 26 patterns Unicode had before version 16, by their own characters.
    static let octantsElsewhere: [Int: UInt32] = [
        0x00: 0x20, 0x01: 0x1CEA8, 0x02: 0x1CEAB, 0x03: 0x1FB82, 0x05: 0x2598, 0x0A: 0x259D,
        0x0F: 0x2580, 0x14: 0x1FBE6, 0x28: 0x1FBE7, 0x3F: 0x1FB85, 0x40: 0x1CEA3, 0x50: 0x2596,
        0x55: 0x258C, 0x5A: 0x259E, 0x5F: 0x259B, 0x80: 0x1CEA0, 0xA0: 0x2597, 0xA5: 0x259A,
        0xAA: 0x2590, 0xAF: 0x259C, 0xC0: 0x2582, 0xF0: 0x2584, 0xF5: 0x2599, 0xFA: 0x259F,
        0xFC: 0x2586, 0xFF: 0x2588,
    ]

    /// 2x4: Unicode 16's octants, U+1CD00…U+1CDE5 in mask order, skipping the 26 above.
    nonisolated(unsafe) static let octant = permanent({
        var table = [UInt32](repeating: 0, count: 256)
        var next: UInt32 = 0x1CD00
        for mask in 0..<256 {
            if let elsewhere = octantsElsewhere[mask] {
                table[mask] = elsewhere
            } else {
                table[mask] = next
                next += 1
            }
        }
        return table
    }())

    nonisolated(unsafe) static let half = permanent([0x20, 0x2580, 0x2584, 0x2588] as [UInt32])

    /// The glyph showing the other sub-pixels of `glyph`'s pattern, or 0 when it is not a
    /// pattern glyph (or is the empty or full one): the same picture with the two colours
    /// swapped. The rasterizer sends whichever of the two costs fewer bytes from the
    /// colours the terminal has. Every table agrees on a glyph's pattern (▌ is the left
    /// half in all of them), so one map serves all blitters.
    @inline(__always)
    static func complement(of glyph: UInt32) -> UInt32 {
        for range in complementRanges where glyph &- range.first < UInt32(range.table.count) {
            return range.table[Int(glyph &- range.first)]
        }
        return 0
    }

    /// The Unicode ranges the patterns' glyphs lie in, each with its complements.
    nonisolated(unsafe) static let complementRanges: [(first: UInt32, table: UnsafeBufferPointer<UInt32>)] = {
        let spans: [(first: UInt32, count: Int)] = [(0x2580, 0x20), (0x1FB00, 0x100), (0x1CD00, 0x200)]
        var tables = spans.map { [UInt32](repeating: 0, count: $0.count) }
        for (table, n) in [(octant, 256), (sextant, 64), (quadrant, 16), (half, 4)] {
            for mask in 1..<(n - 1) {
                let glyph = table[mask]
                guard let k = spans.firstIndex(where: { glyph >= $0.first && glyph - $0.first < UInt32($0.count) }) else {
                    preconditionFailure("pattern glyph \(glyph) outside the complement ranges")
                }
                tables[k][Int(glyph - spans[k].first)] = table[n - 1 - mask]
            }
        }
        return zip(spans, tables).map { ($0.first, permanent($1)) }
    }()

    static func table(for blitter: Blitter) -> UnsafeBufferPointer<UInt32> {
        switch blitter {
        case .half: half
        case .quadrant: quadrant
        case .sextant: sextant
        case .octant: octant
        }
    }
}

/// sRGB ↔ linear light, by table: colours are averaged and compared in linear light, where
/// mixing two colours is what the eye sees of them side by side, then sent in sRGB.
enum LinearLight {
    /// sRGB byte → linear light in 0…65535.
    nonisolated(unsafe) static let fromSRGB = permanent((0..<256).map { (v: Int) -> UInt16 in
        let c = Double(v) / 255
        let linear = c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        return UInt16((linear * 65535).rounded())
    })

    /// Linear light in 0…65535 → the nearest sRGB byte. Built as the inverse of
    /// `fromSRGB` (each linear value takes the byte whose linear value is nearest), so a
    /// colour that goes through both comes back unchanged.
    nonisolated(unsafe) static let toSRGB = permanent({
        var table = [UInt8](repeating: 0, count: 65536)
        var byte = 0
        for linear in 0..<65536 {
            while byte < 255 && abs(Int(fromSRGB[byte + 1]) - linear) <= abs(Int(fromSRGB[byte]) - linear) {
                byte += 1
            }
            table[linear] = UInt8(byte)
        }
        return table
    }())
}

/// A table built once and kept for the life of the process, as a buffer the hot path reads
/// without entering an array's `withUnsafeBufferPointer` (one closure less per table).
/// Written once, during the static's initialisation, and only read after: hence
/// `nonisolated(unsafe)` on the statics that hold one.
func permanent<T>(_ values: [T]) -> UnsafeBufferPointer<T> {
    let storage = UnsafeMutableBufferPointer<T>.allocate(capacity: values.count)
    _ = storage.initialize(from: values)
    return UnsafeBufferPointer(storage)
}
