import CFFmpeg
import Foundation
import InsetCore

/// The libavcodec decoder of a source's best audio stream.
///
/// Ownership: the audio decode thread, like the MediaSource it reads from.
final class AudioDecoder {
    let context: UnsafeMutablePointer<AVCodecContext>
    let timeBase: AVRational
    let streamIndex: Int32

    /// Opens the decoder (avcodec_find_decoder, avcodec_parameters_to_context, avcodec_open2)
    /// single-threaded: audio decodes a hundred times faster than it plays.
    init(source: MediaSource) throws {
        let path = source.info.path
        guard let index = source.audioStreamIndex else { throw AudioStreamError.noAudioStream(path: path) }
        let stream = source.format.pointee.streams[Int(index)]!
        let parameters = stream.pointee.codecpar!
        let codecName = String(cString: avcodec_get_name(parameters.pointee.codec_id))
        guard let codec = avcodec_find_decoder(parameters.pointee.codec_id) else {
            throw AudioStreamError.unsupportedCodec(path: path, codec: codecName)
        }
        guard let context = avcodec_alloc_context3(codec) else {
            throw AudioStreamError.undecodable(path: path, detail: "avcodec_alloc_context3: out of memory")
        }
        var owned: UnsafeMutablePointer<AVCodecContext>? = context
        let copied = avcodec_parameters_to_context(context, parameters)
        if copied < 0 {
            avcodec_free_context(&owned)
            throw AudioStreamError.undecodable(path: path, detail: "avcodec_parameters_to_context: \(ffmpegErrorText(copied))")
        }
        context.pointee.pkt_timebase = stream.pointee.time_base
        context.pointee.thread_count = 1
        let opened = avcodec_open2(context, codec, nil)
        if opened < 0 {
            avcodec_free_context(&owned)
            if opened == cffmpeg_averror_decoder_not_found() || opened == cffmpeg_averror(ENOSYS) {
                throw AudioStreamError.unsupportedCodec(path: path, codec: codecName)
            }
            throw AudioStreamError.undecodable(path: path, detail: "avcodec_open2: \(ffmpegErrorText(opened))")
        }
        self.context = context
        self.timeBase = stream.pointee.time_base
        self.streamIndex = index
    }

    deinit {
        var owned: UnsafeMutablePointer<AVCodecContext>? = context
        avcodec_free_context(&owned)
    }

    /// avcodec_send_packet; nil drains the decoder at end of stream.
    func send(_ packet: UnsafeMutablePointer<AVPacket>?) -> Int32 { avcodec_send_packet(context, packet) }

    /// avcodec_receive_frame: 0 with a frame, EAGAIN when it needs input, EOF when drained.
    func receive(_ frame: UnsafeMutablePointer<AVFrame>) -> Int32 { avcodec_receive_frame(context, frame) }

    /// avcodec_flush_buffers, after a seek.
    func flush() { avcodec_flush_buffers(context) }

    /// The frame's presentation time (best_effort_timestamp), nil when it has none.
    func presentationTime(of frame: UnsafePointer<AVFrame>) -> MediaTime? {
        StreamTime.media(frame.pointee.best_effort_timestamp, in: timeBase)
    }

    /// A media time in the stream's time base, for av_seek_frame on this stream.
    func streamTimestamp(_ time: MediaTime) -> Int64 {
        StreamTime.timestamp(time, in: timeBase)
    }
}
