import CFFmpeg
import InsetCore

/// Pictures as JPEG by libavcodec's mjpeg encoder, for iTerm2's inline images (OSC 1337),
/// which every terminal that takes them decodes.
///
/// Why 4:4:4 and this quality: on bench_1080p at 1200x660, 4:2:0 stayed near 33 dB
/// whatever the quality (the chroma of sharp edges is lost), while 4:4:4 at q 5 gave about
/// 65 KB (87 KB with base64) at 41 dB; JPEGEncoderTests checks ≥ 36 dB within 120 KB.
/// Full-range BT.601 (the "J" format) is what a JPEG decoder assumes.
///
/// Ownership: one owner (the picture thread). The encoder, the converter and the planar
/// frame are kept while the size stays, so steady state allocates nothing but the packet.
public final class JPEGEncoder {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// The default quantizer scale (mjpeg's `q:v`, 2 best to 31 worst).
    public static let defaultQuality = 5

    public let quality: Int
    private var context: UnsafeMutablePointer<AVCodecContext>?
    private var converter: OpaquePointer?
    private var planar: UnsafeMutablePointer<AVFrame>?
    private var packet: UnsafeMutablePointer<AVPacket>?
    private var size = PixelSize(width: 0, height: 0)

    public init(quality: Int = JPEGEncoder.defaultQuality) {
        self.quality = min(31, max(2, quality))
        packet = av_packet_alloc()
    }

    deinit {
        avcodec_free_context(&context)
        av_frame_free(&planar)
        av_packet_free(&packet)
        sws_freeContext(converter)
    }

    /// Encodes the whole of `image` and hands the JPEG's bytes to `body` (valid only there).
    public func encode(_ image: RGBImage, _ body: (UnsafeRawBufferPointer) -> Void) throws(Failure) {
        guard image.width > 0, image.height > 0 else { throw Failure(description: "no picture to encode") }
        if image.size != size || context == nil { try open(image.size) }
        guard let context, let planar, let packet, let converter else { throw Failure(description: "no JPEG encoder") }
        guard av_frame_make_writable(planar) >= 0 else { throw Failure(description: "out of memory") }
        var source: [UnsafePointer<UInt8>?] = [UnsafePointer(image.bytes), nil, nil, nil]
        var stride: [Int32] = [Int32(image.bytesPerRow), 0, 0, 0]
        let lines = withUnsafeMutablePointer(to: &planar.pointee.data) {
            $0.withMemoryRebound(to: UnsafeMutablePointer<UInt8>?.self, capacity: 8) { data in
                withUnsafeMutablePointer(to: &planar.pointee.linesize) {
                    $0.withMemoryRebound(to: Int32.self, capacity: 8) { linesize in
                        sws_scale(converter, &source, &stride, 0, Int32(image.height), data, linesize)
                    }
                }
            }
        }
        guard lines > 0 else { throw Failure(description: "sws_scale failed") }
        try check(avcodec_send_frame(context, planar), "avcodec_send_frame")
        try check(avcodec_receive_packet(context, packet), "avcodec_receive_packet")
        defer { av_packet_unref(packet) }
        body(UnsafeRawBufferPointer(start: packet.pointee.data, count: Int(packet.pointee.size)))
    }

    /// A new encoder, converter and frame for pictures of `newSize`.
    private func open(_ newSize: PixelSize) throws(Failure) {
        avcodec_free_context(&context)
        av_frame_free(&planar)
        size = PixelSize(width: 0, height: 0)
        guard let codec = avcodec_find_encoder(AV_CODEC_ID_MJPEG) else { throw Failure(description: "this FFmpeg has no mjpeg encoder") }
        guard let made = avcodec_alloc_context3(codec), let frame = av_frame_alloc() else { throw Failure(description: "out of memory") }
        context = made
        planar = frame
        made.pointee.width = Int32(newSize.width)
        made.pointee.height = Int32(newSize.height)
        made.pointee.pix_fmt = AV_PIX_FMT_YUVJ444P
        made.pointee.time_base = AVRational(num: 1, den: 25)
        // A fixed quantizer: every picture of this quality, whatever came before.
        made.pointee.flags |= Int32(AV_CODEC_FLAG_QSCALE)
        made.pointee.global_quality = Int32(quality) * Int32(FF_QP2LAMBDA)
        made.pointee.qmin = Int32(quality)
        made.pointee.qmax = Int32(quality)
        try check(avcodec_open2(made, codec, nil), "avcodec_open2")
        frame.pointee.format = AV_PIX_FMT_YUVJ444P.rawValue
        frame.pointee.width = made.pointee.width
        frame.pointee.height = made.pointee.height
        frame.pointee.quality = made.pointee.global_quality
        try check(av_frame_get_buffer(frame, 0), "av_frame_get_buffer")
        converter = sws_getCachedContext(converter, Int32(newSize.width), Int32(newSize.height), AV_PIX_FMT_RGB24,
                                         Int32(newSize.width), Int32(newSize.height), AV_PIX_FMT_YUVJ444P,
                                         cffmpeg_sws_point() | cffmpeg_sws_full_chroma(), nil, nil, nil)
        guard converter != nil else { throw Failure(description: "no RGB to YUV converter") }
        size = newSize
    }

    private func check(_ code: Int32, _ operation: String) throws(Failure) {
        if code < 0 { throw Failure(description: "\(operation): \(ffmpegErrorText(code))") }
    }
}
