import CFFmpeg
import Foundation
import InsetCore
@testable import InsetMedia
import Testing

/// The JPEG pictures of `--graphics iterm`: a 1200x660 frame of bench_1080p, encoded by
/// `JPEGEncoder`, decoded back by libavcodec's mjpeg decoder (as a terminal would) and
/// compared with the frame.
@Suite("JPEG pictures for iTerm2 inline images")
struct JPEGEncoderTests {
    @Test("a 1200x660 frame: at most 120 KB with base64, at least 36 dB, at the same size", arguments: [1.0, 3.0, 4.8])
    func sizeAndFidelity(seconds: Double) throws {
        let grabbed = try FrameGrab.picture(path: sample("bench_1080p.mp4"), at: MediaTime(seconds: seconds)).image
        let frame = RGBImage(size: PixelSize(width: 1200, height: 660))
        frame.copyScaledDown(of: PixelRect(x: 0, y: 0, width: grabbed.width, height: grabbed.height), from: grabbed)
        var file: [UInt8] = []
        try JPEGEncoder().encode(frame) { file = Array($0) }
        let withBase64 = (file.count + 2) / 3 * 4
        let decoded = try #require(Self.decode(file))
        #expect(decoded.size == frame.size)
        let psnr = Self.psnr(frame, decoded)
        print("JPEG at \(seconds) s: \(file.count) bytes, \(withBase64) with base64, \(String(format: "%.2f", psnr)) dB")
        #expect(Array(file.prefix(2)) == [0xFF, 0xD8], "a JPEG starts with SOI")
        #expect(withBase64 <= 120_000)
        #expect(psnr >= 36)
    }

    @Test("one encoder takes pictures of another size, and a second picture of the same size")
    func sizesChange() throws {
        let encoder = JPEGEncoder()
        for size in [PixelSize(width: 320, height: 180), PixelSize(width: 64, height: 48), PixelSize(width: 64, height: 48)] {
            let image = RGBImage(size: size)
            for y in 0..<size.height {
                for x in 0..<size.width { image.setPixel(x: x, y: y, RGB(UInt8(x * 255 / size.width), UInt8(y * 255 / size.height), 90)) }
            }
            var file: [UInt8] = []
            try encoder.encode(image) { file = Array($0) }
            let decoded = try #require(Self.decode(file))
            #expect(decoded.size == size)
            #expect(Self.psnr(image, decoded) >= 36)
        }
    }

    /// Peak signal to noise ratio over the three channels, in dB.
    static func psnr(_ a: RGBImage, _ b: RGBImage) -> Double {
        var sum = 0.0
        for y in 0..<a.height {
            let p = a.bytes + y * a.bytesPerRow, q = b.bytes + y * b.bytesPerRow
            for i in 0..<a.width * 3 { let d = Double(p[i]) - Double(q[i]); sum += d * d }
        }
        let mse = sum / Double(a.width * a.height * 3)
        return mse == 0 ? 99 : 10 * log10(255 * 255 / mse)
    }

    /// The JPEG decoded by libavcodec and converted to RGB (full-range BT.601, as JPEG is).
    static func decode(_ file: [UInt8]) -> RGBImage? {
        guard let codec = avcodec_find_decoder(AV_CODEC_ID_MJPEG) else { return nil }
        var context = avcodec_alloc_context3(codec)
        defer { avcodec_free_context(&context) }
        var frame = av_frame_alloc()
        defer { av_frame_free(&frame) }
        var packet = av_packet_alloc()
        defer { av_packet_free(&packet) }
        guard let context, let frame, let packet, avcodec_open2(context, codec, nil) == 0,
              av_new_packet(packet, Int32(file.count)) == 0 else { return nil }
        file.withUnsafeBufferPointer { packet.pointee.data.update(from: $0.baseAddress!, count: file.count) }
        guard avcodec_send_packet(context, packet) == 0, avcodec_receive_frame(context, frame) == 0 else { return nil }
        let image = RGBImage(size: PixelSize(width: Int(frame.pointee.width), height: Int(frame.pointee.height)))
        let sws = sws_getContext(frame.pointee.width, frame.pointee.height, AVPixelFormat(rawValue: frame.pointee.format),
                                 frame.pointee.width, frame.pointee.height, AV_PIX_FMT_RGB24,
                                 cffmpeg_sws_point() | cffmpeg_sws_full_chroma(), nil, nil, nil)
        defer { sws_freeContext(sws) }
        guard cffmpeg_scale_frame(sws, frame, image.bytes, Int32(image.bytesPerRow)) > 0 else { return nil }
        return image
    }
}
