import CFFmpeg
import InsetCore

/// Sound at another speed with its pitch kept: FFmpeg's `atempo` filter (libavfilter), fed
/// the resampler's interleaved floats and giving the same format back, fewer frames for a
/// faster speed and more for a slower one.
///
/// `atempo` takes 0.5 to 100 in the FFmpeg versions Debian ships; below 0.5 two of them in
/// a row make the speed (0.25 is 0.5 × 0.5), as FFmpeg's own documentation advises.
///
/// Ownership: the audio decode thread, as the resampler it follows.
public final class AudioTempo {
    public let speed: PlaybackSpeed
    public let format: AudioFormat
    private var graph: UnsafeMutablePointer<AVFilterGraph>?
    private let source: UnsafeMutablePointer<AVFilterContext>
    private let sink: UnsafeMutablePointer<AVFilterContext>
    private let output: UnsafeMutablePointer<AVFrame>
    /// Frames pushed so far: the pts of the next push, in 1/rate.
    private var pushedFrames: Int64 = 0

    /// How far into the media the first sample out lies past the first sample in. `atempo`
    /// (WSOLA) centres its first window on the first input sample, so its output begins
    /// half a window in: half of `rate / 24` samples rounded up to a power of two, 21 ms at
    /// 48 kHz; a second stage in the chain skips half its own window of the first one's
    /// output, which at 0.5× is another half of that. Stamping without it left the picture
    /// 19–48 ms of media behind the sound (38 ms late at 0.5×, measured with ffmpeg's
    /// atempo on tone bursts); what remains is WSOLA's choice of splice within a window,
    /// a few milliseconds either way.
    public static func lead(for speed: PlaybackSpeed, sampleRate: Int) -> MediaTime {
        var window = 1
        while window < max(1, sampleRate / 24) { window *= 2 }
        let half = MediaTime(microseconds: Int64(window / 2) * 1_000_000 / Int64(max(1, sampleRate)))
        return speed.factor >= 0.5 ? half : MediaTime(microseconds: half.microseconds * 3 / 2)
    }

    /// The filter text for `speed`: `atempo=1.5`, or `atempo=0.5,atempo=0.6` below 0.5.
    public static func chain(for speed: PlaybackSpeed) -> String {
        let factor = speed.factor
        if factor >= 0.5 { return "atempo=\(speed.number)" }
        return "atempo=0.5,atempo=\(factor / 0.5)"
    }

    /// Throws `AudioStreamError.undecodable` when libavfilter refuses the graph (it lacks
    /// `atempo`, or the format).
    public init(speed: PlaybackSpeed, format: AudioFormat, path: String = "") throws {
        self.speed = speed
        self.format = format
        var graph: UnsafeMutablePointer<AVFilterGraph>?
        var source: UnsafeMutablePointer<AVFilterContext>?
        var sink: UnsafeMutablePointer<AVFilterContext>?
        let error = cffmpeg_audio_filter_graph(Self.chain(for: speed), Int32(format.sampleRate), Int32(format.channels),
                                               &graph, &source, &sink)
        guard error >= 0, let graph, let source, let sink else {
            throw AudioStreamError.undecodable(path: path, detail: "atempo at \(speed): \(ffmpegErrorText(error))")
        }
        guard let output = av_frame_alloc() else {
            var built: UnsafeMutablePointer<AVFilterGraph>? = graph
            avfilter_graph_free(&built)
            throw AudioStreamError.undecodable(path: path, detail: "atempo: no memory for a frame")
        }
        self.graph = graph
        self.source = source
        self.sink = sink
        self.output = output
    }

    deinit {
        var frame: UnsafeMutablePointer<AVFrame>? = output
        av_frame_free(&frame)
        avfilter_graph_free(&graph)
    }

    /// Hands `frames` interleaved frames to the filter.
    public func push(_ samples: UnsafePointer<Float>, frames: Int) throws {
        guard frames > 0 else { return }
        let error = cffmpeg_audio_filter_push(source, samples, Int32(frames), Int32(format.sampleRate),
                                              Int32(format.channels), pushedFrames)
        if error < 0 { throw AudioStreamError.undecodable(path: "", detail: "atempo: \(ffmpegErrorText(error))") }
        pushedFrames += Int64(frames)
    }

    /// No more input: the filter gives out what it holds on the next `pull`s.
    public func finish() {
        _ = cffmpeg_audio_filter_push(source, nil, 0, Int32(format.sampleRate), Int32(format.channels), pushedFrames)
    }

    /// Gives each run of frames the filter has ready to `body` (valid only during the call)
    /// until there is none or `body` returns false.
    public func pull(_ body: (UnsafePointer<Float>, Int) -> Bool) {
        while av_buffersink_get_frame(sink, output) >= 0 {
            defer { av_frame_unref(output) }
            guard let data = output.pointee.data.0, output.pointee.nb_samples > 0 else { continue }
            let samples = UnsafeRawPointer(data).assumingMemoryBound(to: Float.self)
            if !body(samples, Int(output.pointee.nb_samples)) { return }
        }
    }
}
