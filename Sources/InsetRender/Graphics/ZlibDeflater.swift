import CZlib
import InsetCore

/// Compresses pictures to zlib streams (RFC 1950), the kitty protocol's `o=z`.
///
/// One `z_stream` lives as long as the deflater and is reset per frame (`deflateReset`), so
/// zlib's ~300 KB of state is allocated once instead of by every `compress2` call; the
/// output buffer is kept too and grows only for a bigger picture. Rows are fed one by one
/// from the padded `RGBImage`, so the packed picture is never copied first.
///
/// Level 1 by default: it is video, a frame is gone in 40 ms, and level 1 takes a fraction
/// of level 6's time for a stream only somewhat larger. `rle` (zlib's Z_RLE: matches only
/// at distance one) is for PNG's filtered rows, mostly runs of zeros: on Big Buck Bunny's
/// near-lossless rows it made a stream about a fifth smaller than the default strategy
/// at level 1, in about the same time.
///
/// Ownership: one owner; `compress`'s result is valid until the next call.
final class ZlibDeflater {
    private let stream: UnsafeMutablePointer<z_stream>
    private var output: UnsafeMutablePointer<UInt8>
    private var capacity = 0

    init(level: Int32 = 1, rle: Bool = false) {
        stream = .allocate(capacity: 1)
        stream.initialize(to: z_stream())
        let status = rle ? czlib_deflate_init_strategy(stream, level, Z_RLE) : czlib_deflate_init(stream, level)
        precondition(status == Z_OK, "deflateInit failed (\(status)): out of memory")
        output = .allocate(capacity: 1)
    }

    deinit {
        deflateEnd(stream)
        stream.deinitialize(count: 1)
        stream.deallocate()
        output.deallocate()
    }

    /// The zlib stream of `image`'s pixels, packed RGB rows, as `f=24` expects them. The
    /// image must not be empty.
    func compress(_ image: RGBImage) -> UnsafeBufferPointer<UInt8> {
        precondition(!image.size.isEmpty, "nothing to compress")
        return compress(rows: image.height, rowBytes: image.width * RGBImage.bytesPerPixel) {
            image.bytes + $0 * image.bytesPerRow
        }
    }

    /// The zlib stream of `count` bytes at `bytes` (at least one).
    func compress(_ bytes: UnsafePointer<UInt8>, count: Int) -> UnsafeBufferPointer<UInt8> {
        precondition(count > 0, "nothing to compress")
        return compress(rows: 1, rowBytes: count) { _ in UnsafeMutablePointer(mutating: bytes) }
    }

    private func compress(rows: Int, rowBytes: Int, row: (Int) -> UnsafeMutablePointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        deflateReset(stream)
        let bound = Int(deflateBound(stream, uLong(rowBytes * rows)))
        if bound > capacity {
            output.deallocate()
            output = .allocate(capacity: bound)
            capacity = bound
        }
        stream.pointee.next_out = output
        stream.pointee.avail_out = uInt(capacity)
        for y in 0..<rows {
            stream.pointee.next_in = row(y)
            stream.pointee.avail_in = uInt(rowBytes)
            let status = deflate(stream, y == rows - 1 ? Z_FINISH : Z_NO_FLUSH)
            // With room for deflateBound's worst case, a row is always taken whole and the
            // last call always ends the stream.
            precondition(stream.pointee.avail_in == 0 && status != Z_STREAM_ERROR, "deflate stalled (\(status))")
        }
        return UnsafeBufferPointer(start: output, count: capacity - Int(stream.pointee.avail_out))
    }
}
