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
/// A picture is at most `maxBytes` (120 KB with base64), chosen per picture
/// (`JPEGEncoder+Fitting`): a detailed frame of Big Buck Bunny at 1200x660 was 155 KB at
/// q 5 (issue 42 item 18). Past the cap it halves its chroma across where that is soft
/// (natural video: 4:2:0 costs 0.6–1 dB for a fifth of the bytes, better than a coarser
/// quantizer's 0.9 dB for a tenth), then takes coarser quantizers, in eighths, until it fits.
///
/// Ownership: one owner (the picture thread). The encoders, the converter and the planar
/// frames are kept while the size stays, so steady state allocates nothing but the packet.
public final class JPEGEncoder {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// The default quantizer scale (mjpeg's `q:v`, 2 best to 31 worst).
    public static let defaultQuality = 5
    /// The largest JPEG file by default: 120,000 bytes once in base64, as OSC 1337 carries it.
    public static let defaultMaxBytes = 90_000

    /// The finest quantizer a picture is encoded at; coarser ones only to fit `maxBytes`.
    public let quality: Int
    public let maxBytes: Int
    /// One mjpeg encoder and its planar frame, for 4:4:4 or 4:2:0.
    final class Coder {
        let context: UnsafeMutablePointer<AVCodecContext>
        let frame: UnsafeMutablePointer<AVFrame>
        init(context: UnsafeMutablePointer<AVCodecContext>, frame: UnsafeMutablePointer<AVFrame>) {
            self.context = context; self.frame = frame
        }
        deinit {
            var context: UnsafeMutablePointer<AVCodecContext>? = context, frame: UnsafeMutablePointer<AVFrame>? = frame
            avcodec_free_context(&context)
            av_frame_free(&frame)
        }
    }
    var full: Coder?
    /// Made the first time a picture goes 4:2:0, and 4:2:2.
    var subsampled: Coder?
    var halfAcross: Coder?
    private var converter: OpaquePointer?
    let packet: UnsafeMutablePointer<AVPacket>?
    private(set) var size = PixelSize(width: 0, height: 0)
    /// Where the last picture landed on its ladder (`JPEGEncoder+Fitting`), and its bytes:
    /// the next one starts there, frames of one shot being alike.
    var lastStep = 0
    var lastBytes = 0
    /// Whether `subsampled` holds this picture already (it is made once, for every quantizer tried).
    var subsampledIsCurrent = false
    var halfAcrossIsCurrent = false

    public init(quality: Int = JPEGEncoder.defaultQuality, maxBytes: Int = JPEGEncoder.defaultMaxBytes) {
        self.quality = min(31, max(2, quality))
        self.maxBytes = max(1, maxBytes)
        packet = av_packet_alloc()
    }

    deinit {
        var packet = packet
        av_packet_free(&packet)
        sws_freeContext(converter)
    }

    /// Encodes the whole of `image` and hands the JPEG's bytes to `body` (valid only there):
    /// the first step of its ladder within `maxBytes`, or the coarsest there is.
    public func encode(_ image: RGBImage, _ body: (UnsafeRawBufferPointer) -> Void) throws(Failure) {
        guard image.width > 0, image.height > 0 else { throw Failure(description: "no picture to encode") }
        if image.size != size || full == nil { try open(image.size) }
        guard let full, let packet, let converter else { throw Failure(description: "no JPEG encoder") }
        guard av_frame_make_writable(full.frame) >= 0 else { throw Failure(description: "out of memory") }
        var source: [UnsafePointer<UInt8>?] = [UnsafePointer(image.bytes), nil, nil, nil]
        var stride: [Int32] = [Int32(image.bytesPerRow), 0, 0, 0]
        let planar = full.frame
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
        try encodeFitting()
        defer { av_packet_unref(packet) }
        body(UnsafeRawBufferPointer(start: packet.pointee.data, count: Int(packet.pointee.size)))
    }

    /// Encodes `coder`'s frame at `quantizer` into `packet`; returns its bytes.
    /// A fractional quantizer (5.25) is a quantisation table of its own: mjpeg scales the
    /// context's `intra_matrix` by the frame's quantizer at each picture, `(m × q) >> 3`, so
    /// at a quantizer of 8 the table is sent as written, and writing MPEG-1's table × q / 8
    /// is q itself (the same tables as mjpeg's own at whole quantizers).
    func encode(_ coder: Coder, quantizer: Double) throws(Failure) -> Int {
        guard let packet else { throw Failure(description: "no packet") }
        av_packet_unref(packet)
        guard let luma = coder.context.pointee.intra_matrix, let chroma = coder.context.pointee.chroma_intra_matrix else {
            throw Failure(description: "no quantisation table")
        }
        for index in 0..<64 {
            let scaled = UInt16(max(1, min(255, Int(Double(Self.mpeg1IntraMatrix[index]) * quantizer) / 8)))
            luma[index] = scaled
            chroma[index] = scaled
        }
        // With a fixed quantizer (AV_CODEC_FLAG_QSCALE) mjpeg takes each frame's quality as it.
        coder.frame.pointee.quality = Int32(Self.tableQuantizer) * Int32(FF_QP2LAMBDA)
        try check(avcodec_send_frame(coder.context, coder.frame), "avcodec_send_frame")
        try check(avcodec_receive_packet(coder.context, packet), "avcodec_receive_packet")
        return Int(packet.pointee.size)
    }

    /// The frame quantizer at which mjpeg sends `intra_matrix` unscaled.
    static let tableQuantizer = 8
    /// FFmpeg's `ff_mpeg1_default_intra_matrix`, in raster order: mjpeg's table at q 8.
    static let mpeg1IntraMatrix: [UInt16] = [
        8, 16, 19, 22, 26, 27, 29, 34, 16, 16, 22, 24, 27, 29, 34, 37,
        19, 22, 26, 27, 29, 34, 34, 38, 22, 22, 26, 27, 29, 34, 37, 40,
        22, 26, 27, 29, 32, 35, 40, 48, 26, 27, 29, 32, 35, 40, 48, 58,
        26, 27, 29, 34, 38, 46, 56, 69, 27, 29, 35, 38, 46, 56, 69, 83,
    ]

    /// A new 4:4:4 encoder, converter and frame for pictures of `newSize`.
    private func open(_ newSize: PixelSize) throws(Failure) {
        full = nil
        subsampled = nil
        halfAcross = nil
        size = PixelSize(width: 0, height: 0)
        full = try Self.coder(newSize, format: AV_PIX_FMT_YUVJ444P)
        converter = sws_getCachedContext(converter, Int32(newSize.width), Int32(newSize.height), AV_PIX_FMT_RGB24,
                                         Int32(newSize.width), Int32(newSize.height), AV_PIX_FMT_YUVJ444P,
                                         cffmpeg_sws_point() | cffmpeg_sws_full_chroma(), nil, nil, nil)
        guard converter != nil else { throw Failure(description: "no RGB to YUV converter") }
        size = newSize
        lastStep = 0
        lastBytes = 0
    }

    /// An mjpeg encoder of pictures of `size` in `format`, and a frame for them.
    static func coder(_ size: PixelSize, format: AVPixelFormat) throws(Failure) -> Coder {
        guard let codec = avcodec_find_encoder(AV_CODEC_ID_MJPEG) else { throw Failure(description: "this FFmpeg has no mjpeg encoder") }
        guard let made = avcodec_alloc_context3(codec), let frame = av_frame_alloc() else { throw Failure(description: "out of memory") }
        let coder = Coder(context: made, frame: frame)
        made.pointee.width = Int32(size.width)
        made.pointee.height = Int32(size.height)
        made.pointee.pix_fmt = format
        made.pointee.time_base = AVRational(num: 1, den: 25)
        // A fixed quantizer, each frame's own (`encode(_:quantizer:)`), whatever came before.
        made.pointee.flags |= Int32(AV_CODEC_FLAG_QSCALE)
        made.pointee.global_quality = Int32(defaultQuality) * Int32(FF_QP2LAMBDA)
        made.pointee.qmin = 2
        made.pointee.qmax = 31
        try check(avcodec_open2(made, codec, nil), "avcodec_open2")
        // Written at each picture (`encode(_:quantizer:)`); avcodec_free_context frees them.
        made.pointee.intra_matrix = av_mallocz(64 * 2)?.assumingMemoryBound(to: UInt16.self)
        made.pointee.chroma_intra_matrix = av_mallocz(64 * 2)?.assumingMemoryBound(to: UInt16.self)
        frame.pointee.format = format.rawValue
        frame.pointee.width = made.pointee.width
        frame.pointee.height = made.pointee.height
        try check(av_frame_get_buffer(frame, 0), "av_frame_get_buffer")
        return coder
    }

    static func check(_ code: Int32, _ operation: String) throws(Failure) {
        if code < 0 { throw Failure(description: "\(operation): \(ffmpegErrorText(code))") }
    }

    private func check(_ code: Int32, _ operation: String) throws(Failure) { try Self.check(code, operation) }
}
