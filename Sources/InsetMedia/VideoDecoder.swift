import CFFmpeg
import Foundation
import InsetCore

/// The libavcodec decoder of a source's video stream, with frame threads.
///
/// Ownership: the decode thread, like the MediaSource it reads from.
final class VideoDecoder {
    let context: UnsafeMutablePointer<AVCodecContext>
    let timeBase: AVRational

    /// Opens the decoder (avcodec_find_decoder, avcodec_parameters_to_context,
    /// avcodec_open2) with `threads` frame threads (the core count when nil).
    /// `streamIndex` picks another video stream than the source's chosen one (an HLS
    /// variant); nil means the chosen one.
    init(source: MediaSource, streamIndex: Int32? = nil, threads: Int?) throws {
        try source.requireVideo()
        let stream = source.stream(streamIndex ?? source.videoStreamIndex)
        let parameters = stream.pointee.codecpar!
        let path = source.info.path
        guard let codec = avcodec_find_decoder(parameters.pointee.codec_id) else {
            throw MediaError.unsupportedCodec(path: path, codec: String(cString: avcodec_get_name(parameters.pointee.codec_id)))
        }
        guard let context = avcodec_alloc_context3(codec) else {
            throw MediaError.ffmpeg(path: path, operation: "avcodec_alloc_context3", detail: "out of memory")
        }
        var owned: UnsafeMutablePointer<AVCodecContext>? = context
        let copied = avcodec_parameters_to_context(context, parameters)
        if copied < 0 {
            avcodec_free_context(&owned)
            throw MediaError.ffmpeg(path: path, operation: "avcodec_parameters_to_context", detail: ffmpegErrorText(copied))
        }
        context.pointee.pkt_timebase = stream.pointee.time_base
        let count = threads ?? ProcessInfo.processInfo.activeProcessorCount
        cffmpeg_enable_frame_threads(context, Int32(clamping: min(64, max(1, count))))
        let opened = avcodec_open2(context, codec, nil)
        if opened < 0 {
            avcodec_free_context(&owned)
            if opened == cffmpeg_averror_decoder_not_found() || opened == cffmpeg_averror(ENOSYS) {
                throw MediaError.unsupportedCodec(path: path, codec: String(cString: codec.pointee.name))
            }
            throw MediaError.ffmpeg(path: path, operation: "avcodec_open2", detail: ffmpegErrorText(opened))
        }
        self.context = context
        self.timeBase = stream.pointee.time_base
    }

    deinit {
        var owned: UnsafeMutablePointer<AVCodecContext>? = context
        avcodec_free_context(&owned)
    }

    /// avcodec_send_packet; nil drains the decoder at end of stream.
    func send(_ packet: UnsafeMutablePointer<AVPacket>?) -> Int32 { avcodec_send_packet(context, packet) }

    /// avcodec_receive_frame: 0 with a frame, EAGAIN when it needs input, EOF when drained.
    func receive(_ frame: UnsafeMutablePointer<AVFrame>) -> Int32 { avcodec_receive_frame(context, frame) }

    /// Skips decoding work nobody can see when the picture is shown much smaller than it is
    /// coded: the deblocking filter, when `DecodeWorkRule.skipsDeblocking` says it cannot
    /// show. `rate` may also skip frames (the decoder is behind the clock, or a PiP window
    /// under `--pip-saver`). Decode thread; libavcodec copies these fields into its frame
    /// threads with each packet.
    func configureWork(output viewport: PixelSize?, skipInvisible: Bool, rate: DecodeRate) {
        let coded = PixelSize(width: Int(context.pointee.width), height: Int(context.pointee.height))
        let small = viewport.map { DecodeWorkRule.skipsDeblocking(coded: coded, shown: $0) } ?? false
        context.pointee.skip_loop_filter = skipInvisible && small ? AVDISCARD_ALL : AVDISCARD_DEFAULT
        switch rate {
        case .every: context.pointee.skip_frame = AVDISCARD_DEFAULT
        case .referenceFrames: context.pointee.skip_frame = AVDISCARD_NONREF
        case .keyAndPredictedFrames: context.pointee.skip_frame = AVDISCARD_BIDIR
        }
    }

    /// avcodec_flush_buffers, after a seek: frames of the old position must not come out.
    func flush() { avcodec_flush_buffers(context) }

    /// The frame's presentation time on the media timeline (best_effort_timestamp, which
    /// falls back to the decoder's guess where the container gave no pts).
    func presentationTime(of frame: UnsafePointer<AVFrame>) -> MediaTime? {
        StreamTime.media(frame.pointee.best_effort_timestamp, in: timeBase)
    }
}
