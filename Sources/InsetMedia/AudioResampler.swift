import CFFmpeg
import InsetCore

/// libswresample from whatever the decoder gives (planar or not, any rate and layout) to
/// the output's interleaved float32 at its rate and channel count.
///
/// Ownership: the audio decode thread. The resampler is built from the first frame and
/// rebuilt when a frame's layout, format or rate changes (streams may switch mid-file).
final class AudioResampler {
    let output: AudioFormat
    private let path: String
    private var swr: OpaquePointer?
    private var inputFormat: Int32 = -1
    private var inputRate: Int32 = 0
    private var inputLayout = AVChannelLayout()
    private var buffer: UnsafeMutablePointer<Float>
    private var capacityFrames: Int

    init(output: AudioFormat, path: String) {
        self.output = output
        self.path = path
        capacityFrames = 8192
        buffer = .allocate(capacity: capacityFrames * output.channels)
    }

    deinit {
        swr_free(&swr)
        av_channel_layout_uninit(&inputLayout)
        buffer.deallocate()
    }

    /// Drops what the resampler holds (after a seek): it is rebuilt on the next frame.
    func reset() {
        swr_free(&swr)
        inputFormat = -1
    }

    /// Converts `frame` (nil: drains the resampler's tail). Returns the converted frames,
    /// valid until the next call, and how far behind the input they start: the first
    /// output frame plays `lag` before the input frame's pts (swr_get_delay before it).
    func convert(_ frame: UnsafePointer<AVFrame>?) throws -> (samples: UnsafePointer<Float>, frames: Int, lag: MediaTime) {
        if let frame { try prepare(for: frame) }
        guard let swr else { return (UnsafePointer(buffer), 0, .zero) }
        let lag = output.duration(ofFrames: Int(swr_get_delay(swr, Int64(output.sampleRate))))
        let incoming = frame.map { Int($0.pointee.nb_samples) } ?? 0
        let needed = Int(swr_get_out_samples(swr, Int32(incoming))) + 32
        if needed > capacityFrames {
            buffer.deallocate()
            capacityFrames = needed
            buffer = .allocate(capacity: capacityFrames * output.channels)
        }
        let converted = buffer.withMemoryRebound(to: UInt8.self, capacity: capacityFrames * output.bytesPerFrame) {
            cffmpeg_swr_convert_frame(swr, $0, Int32(capacityFrames), frame)
        }
        if converted < 0 {
            throw AudioStreamError.undecodable(path: path, detail: "swr_convert: \(ffmpegErrorText(converted))")
        }
        return (UnsafePointer(buffer), Int(converted), lag)
    }

    /// Builds the context (swr_alloc_set_opts2, swr_init) when there is none or the input
    /// changed shape.
    private func prepare(for frame: UnsafePointer<AVFrame>) throws {
        if swr != nil, cffmpeg_audio_frame_differs(frame, inputFormat, inputRate, &inputLayout) == 0 { return }
        swr_free(&swr)
        var error: Int32 = 0
        guard let made = cffmpeg_swr_for_frame(frame, Int32(output.sampleRate), Int32(output.channels), &error) else {
            throw AudioStreamError.undecodable(path: path, detail: "swr_init: \(ffmpegErrorText(error))")
        }
        swr = made
        inputFormat = frame.pointee.format
        inputRate = frame.pointee.sample_rate
        av_channel_layout_uninit(&inputLayout)
        withUnsafePointer(to: frame.pointee.ch_layout) { _ = av_channel_layout_copy(&inputLayout, $0) }
    }
}
