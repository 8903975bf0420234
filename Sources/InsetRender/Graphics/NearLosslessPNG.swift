import CZlib
import InsetCore

/// Writes pictures as PNG files whose pixels are each within `maxError` of the source in
/// every channel (zero: exactly the source), for kitty's `f=100`.
///
/// Why PNG and why lossy: a video frame deflated as raw RGB (kitty's `o=z`) barely
/// shrinks, 1.6 MB of 2.4 MB at 1200x660 on Big Buck Bunny, because deflate finds few
/// repeats in smooth colour. PNG's filters turn the pixels into differences from a
/// prediction the decoder makes too; near-lossless coding (as in JPEG-LS) then rounds
/// each difference to a multiple of 2·maxError+1, so most become zero, and deflate
/// (`ZlibDeflater` with Z_RLE) packs the runs of zeros. The rounding is made against the
/// pixels the decoder will have reconstructed, not the source, so errors never add up
/// along a row or down a column: every pixel is within `maxError`, whatever the decoder.
/// Measured on 100 frames of Big Buck Bunny at 1200x660 (scripts/bench-kitty): maxError 4
/// gave about 390 KB of PNG a frame at 40.1 dB, lossless PNG about 1.15 MB (before base64).
///
/// Every row uses filter 3 (Average: the mean of the pixel to the left and the one above),
/// which beat Sub, Up and Paeth on that clip, and costs one pass with no trial per row.
///
/// Ownership: one owner; `encode`'s result is valid until the next call. The buffers are
/// kept from frame to frame, so steady state allocates nothing.
final class NearLosslessPNG {
    let maxError: Int
    private let deflater = ZlibDeflater(level: 1, rle: true)
    /// Index `difference + 255` gives the difference rounded to a multiple of the step.
    private let rounded: UnsafeMutablePointer<Int16>
    private var filtered: UnsafeMutablePointer<UInt8>
    private var filteredCapacity = 0
    /// Two reconstructed rows, the one above and the current one.
    private var rows: UnsafeMutablePointer<UInt8>
    private var rowsCapacity = 0
    private var file: UnsafeMutablePointer<UInt8>
    private var fileCapacity = 0

    /// PNG's signature, and the IEND chunk (empty, its CRC).
    private static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    private static let end: [UInt8] = [0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82]

    init(maxError: Int) {
        precondition((0...64).contains(maxError), "maxError is 0 to 64")
        self.maxError = maxError
        let step = 2 * maxError + 1
        rounded = .allocate(capacity: 511)
        for difference in -255...255 {
            let steps = difference >= 0 ? (difference + maxError) / step : -((-difference + maxError) / step)
            rounded[difference + 255] = Int16(steps * step)
        }
        filtered = .allocate(capacity: 1)
        rows = .allocate(capacity: 1)
        file = .allocate(capacity: 1)
    }

    deinit {
        rounded.deallocate()
        filtered.deallocate()
        rows.deallocate()
        file.deallocate()
    }

    /// The PNG file of `image` (8-bit RGB, not interlaced). The image must not be empty.
    func encode(_ image: RGBImage) -> UnsafeBufferPointer<UInt8> {
        precondition(!image.size.isEmpty, "nothing to encode")
        let rowBytes = image.width * 3
        let filteredCount = image.height * (1 + rowBytes)
        if filteredCount > filteredCapacity {
            filtered.deallocate()
            filtered = .allocate(capacity: filteredCount)
            filteredCapacity = filteredCount
        }
        if 2 * rowBytes > rowsCapacity {
            rows.deallocate()
            rows = .allocate(capacity: 2 * rowBytes)
            rowsCapacity = 2 * rowBytes
        }
        filter(image, rowBytes: rowBytes)
        let zlib = deflater.compress(filtered, count: filteredCount)
        return wrap(zlib, width: image.width, height: image.height)
    }

    /// Each row as filter type 3 and the rounded differences, reconstructing as it goes.
    private func filter(_ image: RGBImage, rowBytes: Int) {
        let rounded = self.rounded
        var above = rows, current = rows + rowBytes
        above.initialize(repeating: 0, count: rowBytes)  // PNG's row before the first is zeros
        var out = filtered
        for y in 0..<image.height {
            let source = image.bytes + y * image.bytesPerRow
            out[0] = 3
            out += 1
            // Each channel's left neighbour stays in a register: through memory, every byte
            // would wait for the store of the one three before it.
            @inline(__always) func put(_ x: Int, _ left: inout Int) {
                let predicted = (left + Int(above[x])) >> 1
                let value = min(255, max(0, predicted + Int(rounded[Int(source[x]) - predicted + 255])))
                current[x] = UInt8(truncatingIfNeeded: value)
                out[x] = UInt8(truncatingIfNeeded: value - predicted)
                left = value
            }
            var red = 0, green = 0, blue = 0  // left of the first pixel: zeros
            var x = 0
            while x < rowBytes {
                put(x, &red)
                put(x + 1, &green)
                put(x + 2, &blue)
                x += 3
            }
            out += rowBytes
            swap(&above, &current)
        }
    }

    /// Signature, IHDR, one IDAT holding `zlib`, IEND.
    private func wrap(_ zlib: UnsafeBufferPointer<UInt8>, width: Int, height: Int) -> UnsafeBufferPointer<UInt8> {
        let count = 8 + 25 + 12 + zlib.count + 12
        if count > fileCapacity {
            file.deallocate()
            file = .allocate(capacity: count)
            fileCapacity = count
        }
        var at = 0
        func put(_ b: UInt8) { file[at] = b; at += 1 }
        func put32(_ v: Int) {
            put(UInt8(truncatingIfNeeded: v >> 24)); put(UInt8(truncatingIfNeeded: v >> 16))
            put(UInt8(truncatingIfNeeded: v >> 8)); put(UInt8(truncatingIfNeeded: v))
        }
        func putCRC(from start: Int) { put32(Int(crc32(0, file + start, uInt(at - start)))) }
        for b in Self.signature { put(b) }
        put32(13)
        let header = at
        put32(0x4948_4452)  // IHDR
        put32(width)
        put32(height)
        put(8); put(2); put(0); put(0); put(0)  // 8 bits, RGB, deflate, adaptive filters, no interlace
        putCRC(from: header)
        put32(zlib.count)
        let data = at
        put32(0x4944_4154)  // IDAT
        if let base = zlib.baseAddress { (file + at).update(from: base, count: zlib.count) }
        at += zlib.count
        putCRC(from: data)
        for b in Self.end { put(b) }
        return UnsafeBufferPointer(start: file, count: at)
    }
}
