import CFFmpeg
import Foundation
import InsetCore

/// The libavcodec decoder of a source's video stream, with frame threads.
///
/// Ownership: the decode thread, like the MediaSource it reads from.
final class VideoDecoder {
    let context: UnsafeMutablePointer<AVCodecContext>
    let timeBase: AVRational
    /// The stream it decodes, in the container.
    let streamIndex: Int32

    /// Opens the decoder (avcodec_find_decoder, avcodec_parameters_to_context,
    /// avcodec_open2) with `threads` frame threads (the core count when nil).
    /// `streamIndex` picks another video stream than the source's chosen one (an HLS
    /// variant); nil means the chosen one.
    init(source: MediaSource, streamIndex: Int32? = nil, threads: Int?) throws {
        try source.requireVideo()
        let index = streamIndex ?? source.videoStreamIndex
        let stream = source.stream(index)
        let path = source.info.path
        let count = threads ?? ProcessInfo.processInfo.activeProcessorCount
        let opening = CodecOpening.open(stream) { context in
            cffmpeg_enable_frame_threads(context, Int32(clamping: min(64, max(1, count))))
        }
        let context: UnsafeMutablePointer<AVCodecContext>
        switch opening {
        case .success(let opened): context = opened
        case .failure(.unsupported(let codec)): throw MediaError.unsupportedCodec(path: path, codec: codec)
        case .failure(let failure): throw MediaError.ffmpeg(path: path, operation: failure.operation, detail: failure.detail)
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
        case .keyAndPredictedFrames:
            // Every B-frame skipped is exact only where none is a reference: on a B-pyramid
            // (a reorder delay over one frame, x264's default) the frames after a skipped
            // reference B decoded from a missing picture, ghosts at 20 to 26 dB.
            context.pointee.skip_frame = context.pointee.has_b_frames > 1 ? AVDISCARD_NONREF : AVDISCARD_BIDIR
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
