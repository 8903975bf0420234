import CFFmpeg
import InsetCore

/// One of FFmpeg's audio visualisation filters (`Visualizer`) as a libavfilter graph: decoded
/// sound in, RGB pictures out, each stamped with the media time of the sound it shows.
///
/// Ownership: the visualiser's decode thread (`VisualizerLoop`).
final class VisualizerGraph {
    let visualizer: Visualizer
    /// The size pictures come out at.
    let size: PixelSize
    private var graph: UnsafeMutablePointer<AVFilterGraph>?
    private let source: UnsafeMutablePointer<AVFilterContext>
    private let sink: UnsafeMutablePointer<AVFilterContext>
    private let timeBase: AVRational
    /// How long each picture stands for.
    let frameDuration = MediaTime(microseconds: 1_000_000 / Int64(Visualizer.frameRate))

    /// A graph for sound shaped like `shape` (rate, sample format, layout), stamped in
    /// `timeBase`. Throws `AudioStreamError.undecodable` when libavfilter refuses it (a
    /// build without the filter).
    init(_ visualizer: Visualizer, size: PixelSize, shape: UnsafePointer<AVFrame>, timeBase: AVRational) throws {
        var graph: UnsafeMutablePointer<AVFilterGraph>?
        var source: UnsafeMutablePointer<AVFilterContext>?
        var sink: UnsafeMutablePointer<AVFilterContext>?
        let error = cffmpeg_visualizer_graph(visualizer.filter(size: size), shape, timeBase, &graph, &source, &sink)
        guard error >= 0, let graph, let source, let sink else {
            throw AudioStreamError.undecodable(path: "", detail: "\(visualizer): \(ffmpegErrorText(error))")
        }
        self.visualizer = visualizer
        self.size = size
        self.graph = graph
        self.source = source
        self.sink = sink
        self.timeBase = cffmpeg_sink_time_base(sink)
    }

    deinit { avfilter_graph_free(&graph) }

    /// Hands a decoded frame to the filter (the caller keeps its reference).
    func push(_ frame: UnsafeMutablePointer<AVFrame>) -> Bool { cffmpeg_visualizer_push(source, frame) >= 0 }

    /// The sound has ended: the filter gives out what it holds on the next `pull`s.
    func finish() { _ = cffmpeg_visualizer_push(source, nil) }

    /// The next picture the filter has ready, moved into `picture`, and its time; nil when
    /// it needs more sound.
    func pull(into picture: UnsafeMutablePointer<AVFrame>) -> MediaTime? {
        while av_buffersink_get_frame(sink, picture) >= 0 {
            if let time = StreamTime.media(picture.pointee.pts, in: timeBase) { return time }
            av_frame_unref(picture)
        }
        return nil
    }
}
