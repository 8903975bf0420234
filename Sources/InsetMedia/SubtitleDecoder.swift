import CFFmpeg
import Foundation
import InsetCore

/// The libavcodec decoder of one subtitle stream (avcodec_decode_subtitle2): packets in,
/// cues out. Text codecs all come out as ASS events (`SubtitleText` takes their Text);
/// picture codecs as paletted rectangles, turned into RGBA here.
///
/// Ownership: the thread that reads the stream's packets (the decode thread for a video's
/// own tracks, the opening thread for a file beside it).
final class SubtitleDecoder {
    let context: UnsafeMutablePointer<AVCodecContext>
    let timeBase: AVRational
    /// The video's size, for pictures whose stream does not say what frame they sit in.
    let fallbackFrameSize: PixelSize

    /// What one packet brought: cues to add, and whether it clears what is on screen (a
    /// PGS or DVB display set with no pictures) from `clearAt`.
    struct Decoded {
        var cues: [SubtitleCue] = []
        var clearAt: MediaTime?
    }

    /// avcodec_find_decoder, avcodec_parameters_to_context, avcodec_open2. A text codec's
    /// packets are converted from `charset` (an iconv name) to UTF-8 before decoding.
    init(stream: UnsafeMutablePointer<AVStream>, fallbackFrameSize: PixelSize, charset: String? = nil) throws {
        let context: UnsafeMutablePointer<AVCodecContext>
        let configure: (UnsafeMutablePointer<AVCodecContext>) -> Void = { context in
            // avcodec_free_context frees it; avcodec_open2 makes the iconv converter from it.
            if let charset { context.pointee.sub_charenc = av_strdup(charset) }
        }
        switch CodecOpening.open(stream, configure: configure) {
        case .success(let opened): context = opened
        case .failure(.unsupported(let codec)): throw MediaError.unsupportedCodec(path: "subtitles", codec: codec)
        case .failure(let failure): throw MediaError.ffmpeg(path: "subtitles", operation: failure.operation, detail: failure.detail)
        }
        self.context = context
        self.timeBase = stream.pointee.time_base
        self.fallbackFrameSize = fallbackFrameSize
    }

    deinit {
        var owned: UnsafeMutablePointer<AVCodecContext>? = context
        avcodec_free_context(&owned)
    }

    /// The ASS header libavcodec made or read for a text stream (its styles, the script's
    /// size); nil for pictures.
    var styleHeader: String? {
        guard let header = context.pointee.subtitle_header, context.pointee.subtitle_header_size > 0 else { return nil }
        return String(decoding: UnsafeBufferPointer(start: header, count: Int(context.pointee.subtitle_header_size)), as: UTF8.self)
    }

    /// Forgets a half-assembled picture (after a seek).
    func flush() { avcodec_flush_buffers(context) }

    /// Decodes one packet. A damaged packet yields nothing; the next one goes on.
    func decode(_ packet: UnsafeMutablePointer<AVPacket>, offset: MediaTime = .zero) -> Decoded {
        var subtitle = AVSubtitle()
        var got: Int32 = 0
        let used = avcodec_decode_subtitle2(context, &subtitle, &got, packet)
        guard used >= 0, got != 0 else { return Decoded() }
        defer { avsubtitle_free(&subtitle) }
        guard let stamp = StreamTime.of(packet, in: timeBase) else { return Decoded() }
        let packetTime = stamp + offset
        let start = packetTime + .milliseconds(Int64(subtitle.start_display_time))
        var end: MediaTime?
        let endMilliseconds = subtitle.end_display_time
        if endMilliseconds > 0 && endMilliseconds != UInt32.max {
            end = packetTime + .milliseconds(Int64(endMilliseconds))
        } else if packet.pointee.duration > 0 {
            end = StreamTime.media(packet.pointee.duration, in: timeBase).map { packetTime + $0 }
        }
        var decoded = Decoded()
        var lines: [String] = []
        var events: [String] = []
        var bitmaps: [SubtitleBitmap] = []
        for index in 0..<Int(subtitle.num_rects) {
            guard let rect = subtitle.rects[index] else { continue }
            switch rect.pointee.type {
            case SUBTITLE_ASS:
                if let ass = rect.pointee.ass {
                    let event = String(cString: ass)
                    lines.append(SubtitleText.plain(fromASS: event))
                    events.append(AssEvent.withoutReadOrder(event))
                }
            case SUBTITLE_TEXT:
                if let text = rect.pointee.text { lines.append(SubtitleText.plain(fromMarkup: String(cString: text))) }
            case SUBTITLE_BITMAP:
                if let bitmap = bitmap(of: rect) { bitmaps.append(bitmap) }
            default:
                break
            }
        }
        let text = lines.filter { !$0.isEmpty }.joined(separator: "\n")
        // An event that draws only (a \p1 shape) has no words, and still shows through libass.
        if !text.isEmpty || !events.isEmpty {
            decoded.cues.append(SubtitleCue(start: start, end: end, text: text, assEvents: events))
        }
        if !bitmaps.isEmpty { decoded.cues.append(SubtitleCue(start: start, end: end, content: .bitmaps(bitmaps))) }
        // No words and no pictures: the end of what was shown (PGS, DVB, a mov_text gap).
        if decoded.cues.isEmpty { decoded.clearAt = start }
        return decoded
    }

    /// A paletted rectangle (data[0]: one byte per pixel, data[1]: the palette as native
    /// 0xAARRGGBB words) as straight RGBA.
    private func bitmap(of rect: UnsafeMutablePointer<AVSubtitleRect>) -> SubtitleBitmap? {
        SubtitleDecoder.bitmap(of: rect, frameSize: frameSize)
    }

    /// The frame the stream's pictures are placed in: the codec's size (a DVD's 720x480,
    /// PGS's 1920x1080) when it knows one, else the video's.
    var frameSize: PixelSize {
        let width = Int(context.pointee.width), height = Int(context.pointee.height)
        return width > 0 && height > 0 ? PixelSize(width: width, height: height) : fallbackFrameSize
    }

    static func bitmap(of rect: UnsafeMutablePointer<AVSubtitleRect>, frameSize: PixelSize) -> SubtitleBitmap? {
        let r = rect.pointee
        let width = Int(r.w), height = Int(r.h)
        // 16 megapixels is past any subtitle's picture: a damaged stream, not drawn.
        guard width > 0, height > 0, width * height <= 16 << 20, let indices = r.data.0, let paletteBytes = r.data.1
        else { return nil }
        let stride = Int(r.linesize.0)
        let colors = max(0, min(256, Int(r.nb_colors)))
        var rgba = [UInt8](repeating: 0, count: width * height * 4)
        paletteBytes.withMemoryRebound(to: UInt32.self, capacity: max(1, colors)) { palette in
            for y in 0..<height {
                let row = indices + y * stride
                for x in 0..<width {
                    let index = Int(row[x])
                    guard index < colors else { continue }
                    let argb = palette[index]
                    let o = (y * width + x) * 4
                    rgba[o] = UInt8(truncatingIfNeeded: argb >> 16)
                    rgba[o + 1] = UInt8(truncatingIfNeeded: argb >> 8)
                    rgba[o + 2] = UInt8(truncatingIfNeeded: argb)
                    rgba[o + 3] = UInt8(truncatingIfNeeded: argb >> 24)
                }
            }
        }
        let size = frameSize.isEmpty ? PixelSize(width: Int(r.x) + width, height: Int(r.y) + height) : frameSize
        return SubtitleBitmap(x: Int(r.x), y: Int(r.y), width: width, height: height, frameSize: size, rgba: rgba)
    }
}
