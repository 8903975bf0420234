#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import InsetCore

/// A copy of the pixels of the last frame an encoder sent, so a frame equal to it can be
/// skipped: a paused video, a still title card, a frame the decoder repeated to keep pace.
///
/// Exact bytes rather than a hash: comparing 1.5 MB (960x540) with `memcmp` costs about
/// as much as hashing it, and no collision can ever hide a change. Rows are compared and
/// copied one at a time, so a frame that differs only near the bottom copies only the rows
/// from the first difference on.
///
/// Ownership: the encoder that owns it (one thread). The copy is reused while the size
/// stays the same: steady state allocates nothing.
final class LastFramePixels {
    private var pixels: UnsafeMutablePointer<UInt8>?
    private var capacity = 0
    /// The size of the frame held; nil when none is (never sent, or forgotten).
    private(set) var size: PixelSize?

    init() {}

    deinit { pixels?.deallocate() }

    /// Drops the copy, so the next frame counts as changed (after the screen was cleared).
    func forget() { size = nil }

    /// Whether `image` differs from the frame held; the copy becomes `image` either way.
    @discardableResult
    func replace(with image: RGBImage) -> Bool {
        let rowBytes = image.width * RGBImage.bytesPerPixel
        let needed = rowBytes * image.height
        var changed = size != image.size
        if changed {
            if needed > capacity {
                pixels?.deallocate()
                pixels = .allocate(capacity: max(needed, 1))
                capacity = max(needed, 1)
            }
            size = image.size
        }
        guard let pixels, needed > 0 else { return changed }
        for y in 0..<image.height {
            let source = image.bytes + y * image.bytesPerRow
            let copy = pixels + y * rowBytes
            if changed || memcmp(source, copy, rowBytes) != 0 {
                changed = true
                copy.update(from: source, count: rowBytes)
            }
        }
        return changed
    }
}
