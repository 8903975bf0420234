import CFFmpeg
import InsetCore

/// Converts decoded frames straight to RGB24 at the size they will be shown (the view's,
/// not the source's), through libswscale; applies the display rotation afterwards.
///
/// Shrinking chroma-subsampled video (nearly all of it) goes in two passes: an area
/// average to 4:4:4 YUV at the output size, then YUV to RGB at that small size (by
/// `PlanarYUVConverter`'s tables for the usual matrices). Every
/// output pixel gets its own chroma, as with swscale's full chroma interpolation (38 ->
/// 44 dB PSNR on Big Buck Bunny at 160x45, 23 -> 45 dB on saturated test patterns), but
/// the colour conversion runs on a 160x90 picture instead of across a 1920-wide one,
/// so it costs little more than plain area scaling.
///
/// Ownership: the scale thread. The SwsContexts are rebuilt (sws_getCachedContext) only
/// when the source format or the target size changes, so a PiP resize costs one rebuild.
final class FrameScaler {
    private var direct: OpaquePointer?
    private var shrinkToPlanar: OpaquePointer?
    private var planarToRGB: OpaquePointer?
    private var planar: UnsafeMutablePointer<AVFrame>?
    /// The second pass's tables for the last matrix and range seen (nil tables: a matrix
    /// they do not know, converted by libswscale).
    private var converter: (space: AVColorSpace, fullRange: Bool, tables: PlanarYUVConverter?)?
    private var unrotated: RGBImage?
    /// SWS_AREA averages every source pixel into the half-cell it falls in: on real
    /// footage that is worth 5–10 dB of PSNR over point or bilinear sampling when the
    /// picture shrinks 10x or more, as it does into a terminal.
    private let downscaleFlags = cffmpeg_sws_area() | cffmpeg_sws_full_chroma()
    private let upscaleFlags = cffmpeg_sws_bilinear() | cffmpeg_sws_full_chroma()
    private let convertFlags = cffmpeg_sws_point() | cffmpeg_sws_full_chroma()

    deinit {
        sws_freeContext(direct)
        sws_freeContext(shrinkToPlanar)
        sws_freeContext(planarToRGB)
        av_frame_free(&planar)
    }

    /// Scales `frame` to `size` (after rotation) into `output`, which must be of that size.
    func scale(_ frame: UnsafePointer<AVFrame>, rotation: VideoRotation, into output: RGBImage) -> Bool {
        let size = output.size
        let unrotatedSize = rotation.swapsAxes ? PixelSize(width: size.height, height: size.width) : size
        let target: RGBImage
        if rotation == .none {
            target = output
        } else {
            if unrotated?.size != unrotatedSize { unrotated = RGBImage(size: unrotatedSize) }
            target = unrotated!
        }
        let source = frame.pointee
        let shrinking = unrotatedSize.width < Int(source.width) || unrotatedSize.height < Int(source.height)
        let done = shrinking && cffmpeg_pix_fmt_is_subsampled_yuv(source.format) != 0
            ? scaleInTwoPasses(frame, to: unrotatedSize, into: target)
            : scaleDirectly(frame, to: unrotatedSize, flags: shrinking ? downscaleFlags : upscaleFlags, into: target)
        guard done else { return false }
        if rotation != .none { output.copyRotated(from: target, rotation: rotation) }
        return true
    }

    private func scaleDirectly(_ frame: UnsafePointer<AVFrame>, to size: PixelSize, flags: Int32, into target: RGBImage) -> Bool {
        let source = frame.pointee
        direct = sws_getCachedContext(direct, source.width, source.height, AVPixelFormat(rawValue: source.format),
                                      Int32(size.width), Int32(size.height), AV_PIX_FMT_RGB24, flags, nil, nil, nil)
        guard let direct else { return false }
        FrameScaler.applyColorspace(of: frame, to: direct, planarIsFullRange: nil)
        return cffmpeg_scale_frame(direct, frame, target.bytes, Int32(target.bytesPerRow)) > 0
    }

    private func scaleInTwoPasses(_ frame: UnsafePointer<AVFrame>, to size: PixelSize, into target: RGBImage) -> Bool {
        let source = frame.pointee
        let width = Int32(size.width), height = Int32(size.height)
        if planar == nil || planar!.pointee.width != width || planar!.pointee.height != height {
            av_frame_free(&planar)
            planar = av_frame_alloc()
            planar!.pointee.width = width
            planar!.pointee.height = height
            planar!.pointee.format = AV_PIX_FMT_YUV444P.rawValue
            guard av_frame_get_buffer(planar, 0) == 0 else { av_frame_free(&planar); return false }
        }
        shrinkToPlanar = sws_getCachedContext(shrinkToPlanar, source.width, source.height, AVPixelFormat(rawValue: source.format),
                                              width, height, AV_PIX_FMT_YUV444P, downscaleFlags, nil, nil, nil)
        guard let shrinkToPlanar, let planar else { return false }
        guard cffmpeg_scale_frame_to_frame(shrinkToPlanar, frame, planar) > 0 else { return false }
        // The first pass keeps the samples' range, except that the "J" formats come out
        // as limited-range 4:4:4 (swscale converts them); the second pass reads them so.
        let fullRange = source.color_range == AVCOL_RANGE_JPEG && cffmpeg_pix_fmt_is_jpeg_range(source.format) == 0
        let space = source.colorspace == AVCOL_SPC_RGB ? AVCOL_SPC_UNSPECIFIED : source.colorspace
        if converter?.space != space || converter?.fullRange != fullRange {
            converter = (space, fullRange, PlanarYUVConverter(space: space, fullRange: fullRange))
        }
        if let tables = converter?.tables {
            tables.convert(planar, into: target)
            return true
        }
        // A matrix the tables do not know: libswscale's context, made only then.
        planarToRGB = sws_getCachedContext(planarToRGB, width, height, AV_PIX_FMT_YUV444P,
                                           width, height, AV_PIX_FMT_RGB24, convertFlags, nil, nil, nil)
        guard let planarToRGB else { return false }
        FrameScaler.applyColorspace(of: frame, to: planarToRGB, planarIsFullRange: fullRange)
        return cffmpeg_scale_frame(planarToRGB, planar, target.bytes, Int32(target.bytesPerRow)) > 0
    }

    /// Tagged frames (BT.709 for most HD) are converted with their own matrix and range;
    /// untagged ones keep swscale's default (BT.601), as FFmpeg's own tools do.
    static func applyColorspace(of frame: UnsafePointer<AVFrame>, to sws: OpaquePointer, planarIsFullRange: Bool?) {
        let space = frame.pointee.colorspace
        let tagged = space != AVCOL_SPC_UNSPECIFIED && space != AVCOL_SPC_RGB
        guard tagged || planarIsFullRange == true else { return }
        let fullRange: Int32 = (planarIsFullRange ?? (frame.pointee.color_range == AVCOL_RANGE_JPEG)) ? 1 : 0
        let coefficients = sws_getCoefficients(tagged ? Int32(space.rawValue) : SWS_CS_DEFAULT)
        let rgbCoefficients = sws_getCoefficients(SWS_CS_DEFAULT)
        sws_setColorspaceDetails(sws, coefficients, fullRange, rgbCoefficients, 1, 0, 1 << 16, 1 << 16)
    }
}
