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
    convenience init(source: MediaSource) throws {
        guard let index = source.audioStreamIndex else { throw AudioStreamError.noAudioStream(path: source.info.path) }
        try self.init(source: source, streamIndex: index)
    }

    /// The decoder of stream `index` (an audio track the user chose).
    init(source: MediaSource, streamIndex index: Int32) throws {
        let path = source.info.path
        let stream = source.format.pointee.streams[Int(index)]!
        let opening = CodecOpening.open(stream) { $0.pointee.thread_count = 1 }
        let context: UnsafeMutablePointer<AVCodecContext>
        switch opening {
        case .success(let opened): context = opened
        case .failure(.unsupported(let codec)): throw AudioStreamError.unsupportedCodec(path: path, codec: codec)
        case .failure(let failure): throw AudioStreamError.undecodable(path: path, detail: "\(failure.operation): \(failure.detail)")
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
