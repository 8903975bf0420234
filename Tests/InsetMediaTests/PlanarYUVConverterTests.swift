import CFFmpeg
import InsetCore
import Testing
@testable import InsetMedia

/// The scaler's second pass by tables gives libswscale's colours (full chroma, accurate
/// rounding, the same matrix and range) within one step, over every Y, U and V value.
@Suite("YUV 4:4:4 to RGB by tables")
struct PlanarYUVConverterTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var space: AVColorSpace
        var fullRange: Bool
        var testDescription: String { "\(String(cString: av_color_space_name(space))) \(fullRange ? "full" : "limited")" }
    }

    static let cases: [Case] = [AVCOL_SPC_UNSPECIFIED, AVCOL_SPC_SMPTE170M, AVCOL_SPC_BT709, AVCOL_SPC_BT2020_NCL]
        .flatMap { [Case(space: $0, fullRange: false), Case(space: $0, fullRange: true)] }

    @Test("within one step of libswscale", arguments: cases)
    func matchesSwscale(_ c: Case) throws {
        // 256 x 256 pixels: Y runs along each row, and (U, V) take 65 536 pairs over the
        // picture, so every value of each plane meets many of the others.
        let side: Int32 = 256
        var frame: UnsafeMutablePointer<AVFrame>? = av_frame_alloc()
        defer { av_frame_free(&frame) }
        let planar = try #require(frame)
        planar.pointee.width = side
        planar.pointee.height = side
        planar.pointee.format = AV_PIX_FMT_YUV444P.rawValue
        try #require(av_frame_get_buffer(planar, 0) == 0)
        for row in 0..<Int(side) {
            for x in 0..<Int(side) {
                planar.pointee.data.0![row * Int(planar.pointee.linesize.0) + x] = UInt8(x)
                planar.pointee.data.1![row * Int(planar.pointee.linesize.1) + x] = UInt8(row)
                planar.pointee.data.2![row * Int(planar.pointee.linesize.2) + x] = UInt8((x * 37 + row * 11) & 255)
            }
        }
        let size = PixelSize(width: Int(side), height: Int(side))
        let byTables = RGBImage(size: size), bySwscale = RGBImage(size: size)
        let tables = try #require(PlanarYUVConverter(space: c.space, fullRange: c.fullRange))
        tables.convert(planar, into: byTables)

        let sws = try #require(sws_getContext(side, side, AV_PIX_FMT_YUV444P, side, side, AV_PIX_FMT_RGB24,
                                              cffmpeg_sws_point() | cffmpeg_sws_full_chroma(), nil, nil, nil))
        defer { sws_freeContext(sws) }
        let coefficients = sws_getCoefficients(c.space == AVCOL_SPC_UNSPECIFIED ? SWS_CS_DEFAULT : Int32(c.space.rawValue))
        sws_setColorspaceDetails(sws, coefficients, c.fullRange ? 1 : 0, sws_getCoefficients(SWS_CS_DEFAULT), 1, 0, 1 << 16, 1 << 16)
        #expect(cffmpeg_scale_frame(sws, planar, bySwscale.bytes, Int32(bySwscale.bytesPerRow)) > 0)

        // Limited range is compared over its legal values (Y 16…235, chroma 16…240): past
        // them (a superwhite with the strongest blue) libswscale's C path wraps around to
        // black where the tables clamp to full blue.
        let legal = c.fullRange ? 0...255 : 16...235, legalChroma = c.fullRange ? 0...255 : 16...240
        var worst = 0, off = 0, compared = 0
        for row in 0..<size.height {
            for x in 0..<size.width where legal.contains(x) && legalChroma.contains(row) && legalChroma.contains((x * 37 + row * 11) & 255) {
                for channel in 0..<3 {
                    let a = Int(byTables.bytes[row * byTables.bytesPerRow + 3 * x + channel])
                    let b = Int(bySwscale.bytes[row * bySwscale.bytesPerRow + 3 * x + channel])
                    worst = max(worst, abs(a - b))
                    if a != b { off += 1 }
                    compared += 1
                }
            }
        }
        #expect(compared > 100_000)
        #expect(worst <= 1, "largest difference \(worst)")
        #expect(off < compared / 5, "\(off) of \(compared) values a step off")
    }

    @Test("matrices it does not know are left to libswscale")
    func unknownMatrix() {
        #expect(PlanarYUVConverter(space: AVCOL_SPC_YCGCO, fullRange: false) == nil)
        #expect(PlanarYUVConverter(space: AVCOL_SPC_BT709, fullRange: false) != nil)
    }
}
