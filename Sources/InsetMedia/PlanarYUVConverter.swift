import CFFmpeg
import InsetCore

/// YUV 4:4:4 (8 bits, planar) to RGB24 by tables: the second pass of `FrameScaler`, on a
/// picture already at the size it is shown.
///
/// libswscale does this pass with full chroma and accurate rounding through generic C
/// (about 4 ns a pixel: a fifth of a 160x45 octant frame's scaling); five table lookups and
/// three clamps a pixel do it in a quarter of that, to the same values within one step
/// (tested against libswscale for each matrix and range).
struct PlanarYUVConverter {
    /// Five tables of 256, one after the other: each entry is a term's contribution to a
    /// channel in 1/65536ths of a step, so a pixel is three sums and a shift.
    private let tables: [Int32]
    private static let luma = 0, redFromV = 256, blueFromU = 512, greenFromU = 768, greenFromV = 1024

    /// The conversion for `space` (unspecified means BT.601, as libswscale assumes) and
    /// range; nil for matrices it does not know (YCgCo, ICtCp…), which stay libswscale's.
    init?(space: AVColorSpace, fullRange: Bool) {
        let kr: Double, kb: Double
        switch space {
        case AVCOL_SPC_UNSPECIFIED, AVCOL_SPC_BT470BG, AVCOL_SPC_SMPTE170M: (kr, kb) = (0.299, 0.114)
        case AVCOL_SPC_BT709: (kr, kb) = (0.2126, 0.0722)
        case AVCOL_SPC_FCC: (kr, kb) = (0.30, 0.11)
        case AVCOL_SPC_SMPTE240M: (kr, kb) = (0.212, 0.087)
        case AVCOL_SPC_BT2020_NCL, AVCOL_SPC_BT2020_CL: (kr, kb) = (0.2627, 0.0593)
        default: return nil
        }
        let kg = 1 - kr - kb
        // Limited range: Y 16…235 and chroma 16…240 stretch to the full 0…255.
        let lumaScale = fullRange ? 1.0 : 255.0 / 219.0, chromaScale = fullRange ? 1.0 : 255.0 / 224.0
        let lumaOffset = fullRange ? 0.0 : 16.0
        let terms: [(Double) -> Double] = [
            // The rounding half-step rides on the luma term, so a pixel is sum >> 16.
            { ($0 - lumaOffset) * lumaScale + 0.5 },
            { 2 * (1 - kr) * ($0 - 128) * chromaScale },
            { 2 * (1 - kb) * ($0 - 128) * chromaScale },
            { -2 * kb * (1 - kb) / kg * ($0 - 128) * chromaScale },
            { -2 * kr * (1 - kr) / kg * ($0 - 128) * chromaScale },
        ]
        tables = terms.flatMap { term in (0..<256).map { Int32((term(Double($0)) * 65536).rounded()) } }
    }

    /// Converts `frame` (YUV444P, at `target`'s size) into `target`.
    func convert(_ frame: UnsafePointer<AVFrame>, into target: RGBImage) {
        let source = frame.pointee
        let width = min(Int(source.width), target.width), height = min(Int(source.height), target.height)
        guard let yPlane = source.data.0, let uPlane = source.data.1, let vPlane = source.data.2 else { return }
        let yStride = Int(source.linesize.0), uStride = Int(source.linesize.1), vStride = Int(source.linesize.2)
        tables.withUnsafeBufferPointer { tables in
            let base = tables.baseAddress!
            let luma = base + Self.luma, redFromV = base + Self.redFromV, blueFromU = base + Self.blueFromU
            let greenFromU = base + Self.greenFromU, greenFromV = base + Self.greenFromV
            for row in 0..<height {
                let ys = yPlane + row * yStride, us = uPlane + row * uStride, vs = vPlane + row * vStride
                var out = target.bytes + row * target.bytesPerRow
                for x in 0..<width {
                    let y = luma[Int(ys[x])], u = Int(us[x]), v = Int(vs[x])
                    out[0] = Self.clamped(y &+ redFromV[v])
                    out[1] = Self.clamped(y &+ greenFromU[u] &+ greenFromV[v])
                    out[2] = Self.clamped(y &+ blueFromU[u])
                    out += 3
                }
            }
        }
    }

    @inline(__always)
    private static func clamped(_ value: Int32) -> UInt8 { UInt8(truncatingIfNeeded: min(255, max(0, value &>> 16))) }
}
