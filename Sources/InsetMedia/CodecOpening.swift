import CFFmpeg
import Foundation

/// Opens the decoder of one stream: avcodec_find_decoder, avcodec_alloc_context3,
/// avcodec_parameters_to_context, the stream's time base as the packets', `configure`
/// (threads), avcodec_open2. The video, audio and subtitle decoders differ only in that
/// configuration and in the error each names a failure with.
enum CodecOpening {
    enum Failure: Error {
        /// No decoder for it in this FFmpeg (found, or refusing to open as not built in).
        case unsupported(codec: String)
        /// `operation` failed: with FFmpeg's code, or nil when memory ran out.
        case failed(operation: String, code: Int32?)

        /// The FFmpeg call that failed ("" when unsupported).
        var operation: String {
            if case .failed(let operation, _) = self { return operation }
            return ""
        }

        /// What went wrong in it, as the callers' errors carry it.
        var detail: String {
            if case .failed(_, let code) = self { return code.map(ffmpegErrorText) ?? "out of memory" }
            return ""
        }
    }

    static func open(_ stream: UnsafeMutablePointer<AVStream>,
                     configure: (UnsafeMutablePointer<AVCodecContext>) -> Void = { _ in })
        -> Result<UnsafeMutablePointer<AVCodecContext>, Failure> {
        let parameters = stream.pointee.codecpar!
        guard let codec = avcodec_find_decoder(parameters.pointee.codec_id) else {
            return .failure(.unsupported(codec: String(cString: avcodec_get_name(parameters.pointee.codec_id))))
        }
        guard let context = avcodec_alloc_context3(codec) else {
            return .failure(.failed(operation: "avcodec_alloc_context3", code: nil))
        }
        var owned: UnsafeMutablePointer<AVCodecContext>? = context
        let copied = avcodec_parameters_to_context(context, parameters)
        if copied < 0 {
            avcodec_free_context(&owned)
            return .failure(.failed(operation: "avcodec_parameters_to_context", code: copied))
        }
        // Text subtitle decoders take their timing (and a cue's end from the packet's
        // duration) from it; the others their timestamps' base.
        context.pointee.pkt_timebase = stream.pointee.time_base
        configure(context)
        let opened = avcodec_open2(context, codec, nil)
        if opened < 0 {
            avcodec_free_context(&owned)
            if opened == cffmpeg_averror_decoder_not_found() || opened == cffmpeg_averror(ENOSYS) {
                return .failure(.unsupported(codec: String(cString: codec.pointee.name)))
            }
            return .failure(.failed(operation: "avcodec_open2", code: opened))
        }
        return .success(context)
    }
}
