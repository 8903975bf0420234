/// A packed RGB24 picture that the media side scales into and the render side reads from.
/// It is the only pixel type the two share, so neither needs the other's library.
///
/// Ownership: one thread writes it (the decode thread, while scaling), then hands it over
/// through the frame queue; after the handoff it is only read. Rows are padded to 64 bytes
/// so libswscale's SIMD paths can write whole vectors.
public final class RGBImage: @unchecked Sendable {
    public let size: PixelSize
    public let bytesPerRow: Int
    public let bytes: UnsafeMutablePointer<UInt8>

    public static let bytesPerPixel = 3

    public init(size: PixelSize) {
        self.size = size
        let row = max(1, size.width) * RGBImage.bytesPerPixel
        bytesPerRow = (row + 63) & ~63
        let count = bytesPerRow * max(1, size.height) + 64
        let raw = UnsafeMutableRawPointer.allocate(byteCount: count, alignment: 64)
        raw.initializeMemory(as: UInt8.self, repeating: 0, count: count)
        bytes = raw.assumingMemoryBound(to: UInt8.self)
    }

    deinit { UnsafeMutableRawPointer(bytes).deallocate() }

    public var width: Int { size.width }
    public var height: Int { size.height }

    @inline(__always)
    public func pixel(x: Int, y: Int) -> RGB {
        let p = bytes + y * bytesPerRow + x * 3
        return RGB(p[0], p[1], p[2])
    }

    @inline(__always)
    public func setPixel(x: Int, y: Int, _ c: RGB) {
        let p = bytes + y * bytesPerRow + x * 3
        p[0] = c.r; p[1] = c.g; p[2] = c.b
    }

    /// Copies `region` of `source` (which must lie inside it) into this image, whose size
    /// must be the region's.
    public func copyPixels(of region: PixelRect, from source: RGBImage) {
        precondition(region.size == size && region.x >= 0 && region.y >= 0
            && region.x + region.width <= source.width && region.y + region.height <= source.height,
            "region \(region) of \(source.size) into \(size)")
        let rowBytes = width * RGBImage.bytesPerPixel
        for y in 0..<height {
            let from = source.bytes + (region.y + y) * source.bytesPerRow + region.x * RGBImage.bytesPerPixel
            (bytes + y * bytesPerRow).update(from: from, count: rowBytes)
        }
    }

    /// Copies the pixels row after row without the rows' padding into `target`, which
    /// holds width x height x 3 bytes: the packed RGB24 that graphics protocols take.
    public func copyPacked(into target: UnsafeMutablePointer<UInt8>) {
        let rowBytes = width * RGBImage.bytesPerPixel
        for y in 0..<height {
            (target + y * rowBytes).update(from: bytes + y * bytesPerRow, count: rowBytes)
        }
    }

    public func fill(_ c: RGB) {
        for y in 0..<size.height { for x in 0..<size.width { setPixel(x: x, y: y, c) } }
    }
}

/// A 24-bit colour.
public struct RGB: Hashable, Sendable, CustomStringConvertible {
    public var r: UInt8
    public var g: UInt8
    public var b: UInt8
    @inline(__always) public init(_ r: UInt8, _ g: UInt8, _ b: UInt8) { self.r = r; self.g = g; self.b = b }
    public static let black = RGB(0, 0, 0)
    public static let white = RGB(255, 255, 255)
    /// Packed as 0xRRGGBB, the form cells store.
    @inline(__always) public var packed: UInt32 { UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b) }
    @inline(__always) public init(packed v: UInt32) {
        self.init(UInt8(truncatingIfNeeded: v >> 16), UInt8(truncatingIfNeeded: v >> 8), UInt8(truncatingIfNeeded: v))
    }
    public var description: String { "#" + String(packed, radix: 16).leftPadded(6) }
}

extension String {
    fileprivate func leftPadded(_ n: Int) -> String { count >= n ? self : String(repeating: "0", count: n - count) + self }
}
