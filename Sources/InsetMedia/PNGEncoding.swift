import CFFmpeg
import InsetCore

/// A picture as a PNG file's bytes, by libavcodec's PNG encoder (RGB24, its default
/// compression), for screenshots.
public enum PNGEncoding {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// The PNG of `rect` of `image`.
    public static func encode(_ image: RGBImage, rect: PixelRect) throws(Failure) -> [UInt8] {
        guard rect.width > 0, rect.height > 0, rect.x >= 0, rect.y >= 0,
              rect.x + rect.width <= image.width, rect.y + rect.height <= image.height
        else { throw Failure(description: "no picture to save") }
        guard let codec = avcodec_find_encoder(AV_CODEC_ID_PNG) else { throw Failure(description: "this FFmpeg has no PNG encoder") }
        var context = avcodec_alloc_context3(codec)
        defer { avcodec_free_context(&context) }
        var frame = av_frame_alloc()
        defer { av_frame_free(&frame) }
        var packet = av_packet_alloc()
        defer { av_packet_free(&packet) }
        guard let context, let frame, let packet else { throw Failure(description: "out of memory") }
        context.pointee.width = Int32(rect.width)
        context.pointee.height = Int32(rect.height)
        context.pointee.pix_fmt = AV_PIX_FMT_RGB24
        context.pointee.time_base = AVRational(num: 1, den: 25)
        try check(avcodec_open2(context, codec, nil), "avcodec_open2")
        frame.pointee.format = AV_PIX_FMT_RGB24.rawValue
        frame.pointee.width = context.pointee.width
        frame.pointee.height = context.pointee.height
        // The picture is read in place: the frame points into the image's rows.
        frame.pointee.data.0 = image.bytes + rect.y * image.bytesPerRow + rect.x * RGBImage.bytesPerPixel
        frame.pointee.linesize.0 = Int32(image.bytesPerRow)
        try check(avcodec_send_frame(context, frame), "avcodec_send_frame")
        try check(avcodec_send_frame(context, nil), "avcodec_send_frame")
        var bytes: [UInt8] = []
        while avcodec_receive_packet(context, packet) == 0 {
            bytes.append(contentsOf: UnsafeBufferPointer(start: packet.pointee.data, count: Int(packet.pointee.size)))
            av_packet_unref(packet)
        }
        guard !bytes.isEmpty else { throw Failure(description: "the PNG encoder gave nothing") }
        return bytes
    }

    private static func check(_ code: Int32, _ operation: String) throws(Failure) {
        if code < 0 { throw Failure(description: "\(operation): \(ffmpegErrorText(code))") }
    }
}
