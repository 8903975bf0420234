import CFFmpeg
import Foundation
import InsetCore

/// Decodes a source's video on its own thread and feeds a bounded FrameQueue, scaled to
/// the viewport the consumer asked for (or unscaled, for decode benchmarks).
///
/// Threads: the decode thread owns the MediaSource, the decoder and the scaler. Every
/// other method is called from the consumer's thread and only posts a request
/// (`PipelineRequests`); the decode thread picks requests up between packets. `stop()`
/// joins it.
public final class VideoPipeline: @unchecked Sendable {
    public struct Options: Sendable {
        /// Decoder threads; nil means one per core.
        public var threads: Int?
        public var queueCapacity: Int
        /// The pixel area frames are scaled into. Nil makes a decode-only pipeline for its
        /// whole life (frames carry no picture), as the decode benchmark wants.
        public var viewport: Viewport?
        /// Skip decoding work that cannot show at the viewport's size (the deblocking filter
        /// when the picture is shrunk 6x or more). The player wants it; benchmarks of the
        /// decoder itself do not.
        public var skipInvisibleWork: Bool
        public init(threads: Int? = nil, queueCapacity: Int = 4, viewport: Viewport? = nil, skipInvisibleWork: Bool = false) {
            self.threads = threads; self.queueCapacity = queueCapacity; self.viewport = viewport
            self.skipInvisibleWork = skipInvisibleWork
        }
    }

    public let info: MediaInfo
    public let frames: FrameQueue
    public let range: PlayableRange
    public let isSeekable: Bool

    /// The input's one reader, which the sound may share.
    public let demuxer: Demuxer
    private var source: MediaSource { demuxer.source }
    var statisticsValue: Statistics.Values { statistics.value }
    /// The picture's decoder; nil for a visualiser's pipeline, whose pictures are drawn
    /// from the sound (`visualizer`).
    private let decoder: VideoDecoder?
    /// The filter that draws a sound-only input's pictures (`init(visualizing:)`).
    public let visualizer: Visualizer?
    /// The viewport, decode rates and keyframe skips travel with the seeks, pause and stop.
    let requests: PipelineRequests<DecodeSettings>
    private let worker = WorkerThread(name: "inset.decode")
    let statistics = Statistics()
    private let skipInvisibleWork: Bool
    let scaleStage: ScaleStage?
    private let threads: Int?

    /// Decodes `source`'s picture, through a demuxer of its own.
    public convenience init(source: MediaSource, options: Options = Options()) throws {
        try self.init(demuxer: Demuxer(source: source), options: options)
    }

    /// Decodes the picture `demuxer` reads (the sound may take from the same one).
    public init(demuxer: Demuxer, options: Options = Options()) throws {
        self.demuxer = demuxer
        let source = demuxer.source
        // An HLS master starts on the variant for the render size, not on the stream
        // libavformat calls best: switched to from that one, its first packets would
        // already have been read and let go of (the demuxer starts with the decode
        // thread), and it would be shown from its second keyframe, a second or a segment
        // in, with the other stream decoded until then.
        let variant = options.viewport.flatMap { VideoPipeline.variant(for: $0, of: source) }
        let decoder = try variant.flatMap { try? VideoDecoder(source: source, streamIndex: $0, threads: options.threads) }
            ?? VideoDecoder(source: source, threads: options.threads)
        self.decoder = decoder
        self.visualizer = nil
        self.info = source.info
        self.range = source.info.playableRange
        let frames = FrameQueue(capacity: options.queueCapacity)
        self.frames = frames
        self.threads = options.threads
        var settings = DecodeSettings(viewport: options.viewport)
        // The variant opened is the one asked for; the input's own when its decoder
        // would not open.
        settings.variant = variant.map { _ in decoder.streamIndex }
        self.requests = PipelineRequests(settings)
        self.skipInvisibleWork = options.skipInvisibleWork
        self.scaleStage = options.viewport != nil ? source.info.video.map { ScaleStage(frames: frames, video: $0) } : nil
        self.isSeekable = demuxer.isSeekable
        demuxer.attach(.video, streams: [decoder.streamIndex], shown: decoder.streamIndex)
    }

    /// Pictures drawn from `demuxer`'s sound by `visualizer` (a demuxer of its own: the
    /// sound heard is decoded by another), scaled into the viewport as a video's frames
    /// are and stamped with the sound's times. Throws when the input has no sound or its
    /// decoder will not open.
    public init(visualizing demuxer: Demuxer, with visualizer: Visualizer, options: Options) throws {
        self.demuxer = demuxer
        let source = demuxer.source
        guard source.audioStreamIndex != nil else { throw AudioStreamError.noAudioStream(path: source.info.path) }
        // Opened here so that a sound that cannot be decoded fails the pipeline, not its thread.
        visualizerDecoder = try AudioDecoder(source: source)
        decoder = nil
        self.visualizer = visualizer
        info = source.info
        range = source.info.playableRange
        let frames = FrameQueue(capacity: options.queueCapacity)
        self.frames = frames
        threads = 1
        requests = PipelineRequests(DecodeSettings(viewport: options.viewport))
        skipInvisibleWork = false
        scaleStage = ScaleStage(frames: frames, video: VideoPipeline.drawnPicture(visualizer))
        isSeekable = demuxer.isSeekable
        demuxer.attach(.audio, streams: [visualizerDecoder!.streamIndex], shown: visualizerDecoder!.streamIndex)
    }

    /// The sound's decoder of a visualiser's pipeline, handed to its thread at start.
    private var visualizerDecoder: AudioDecoder?

    deinit { stop() }

    /// Starts the decode thread. Call once.
    public func start() {
        scaleStage?.start()
        worker.start(owner: self) { $0.run() }
        demuxer.start()
    }

    /// Decodes the source's subtitle streams too, into `store`, as their packets are read
    /// (they were dropped before). Call before `start`.
    public func decodeSubtitles(into store: SubtitleStore) {
        let streams = SubtitleStreams(source: source, store: store)
        subtitles = streams.isEmpty ? nil : streams
        if let subtitles { demuxer.attach(.subtitles, streams: subtitles.streams, shown: -1) }
    }

    /// Handed to the decode thread at start; its alone from then on.
    private var subtitles: SubtitleStreams?

    /// Stops decoding and waits for the thread to end. Safe to call more than once.
    public func stop() {
        requests.stop()
        demuxer.detach(.video)
        demuxer.detach(.subtitles)
        // A visualiser's demuxer is its own; a video's sound reads from the video's.
        if visualizer != nil { demuxer.detach(.audio) }
        frames.close()
        scaleStage?.close()
        worker.join()
    }

    /// Holds decoding (the queue keeps what it has) or lets it go on.
    public func setPaused(_ paused: Bool) {
        requests.setPaused(paused)
    }

    /// Scales later frames into `viewport` (nil: decode only). Frames already queued keep
    /// their size; the consumer places each by its own `placement`.
    public func setViewport(_ viewport: Viewport?) {
        let variant = viewport.flatMap { VideoPipeline.variant(for: $0, of: source) }
        requests.update { settings in
            settings.viewport = viewport
            if let variant { settings.variant = variant }
        }
    }

    /// Which frames to decode for where the picture is shown: all, or fewer for a PiP
    /// window under `--pip-saver` (`DecodeWorkRule`), whose picture then updates less
    /// often. Frames keep their times; there are just fewer of them.
    public func setDecodeRate(_ rate: DecodeRate) {
        requests.update { $0.rate = rate }
    }

    /// Decodes lighter while the picture is late (the lighter of this and the decode rate
    /// wins), `.every` once it has caught up.
    public func setCatchUpRate(_ rate: DecodeRate) {
        requests.update { $0.catchUpRate = rate }
    }

    /// Far behind the clock: skips to the first keyframe at or after `target`, decoding
    /// nothing before it (no seek, so pipes can do it too). `serial` is that of the frames
    /// found late: a seek since then makes the request void. The serial does not change;
    /// frames already queued come out late and the consumer drops them.
    public func catchUp(to target: MediaTime, serial: Int) {
        requests.update { settings in
            let generation = (settings.catchUp?.generation ?? 0) + 1
            settings.catchUp = KeyframeCatchUp(target: target, serial: serial, generation: generation)
        }
    }

    /// Accurate seek: the first frame of the new serial is the one on screen at `time`
    /// (greatest pts ≤ time), clamped to the playable range. Returns the new serial and
    /// the clamped target; nil when the input cannot seek (a pipe).
    @discardableResult
    public func seek(to time: MediaTime) -> (serial: Int, target: MediaTime)? {
        guard isSeekable else { return nil }
        let target = range.clamp(time)
        let frames = self.frames
        let serial = demuxer.seek(to: target) { frames.beginSerial($0) }
        requests.noteSeek()
        return (serial, target)
    }

    /// `seek(to: position + delta)`, clamped at both ends of the playable range.
    @discardableResult
    public func skip(by delta: MediaTime, from position: MediaTime) -> (serial: Int, target: MediaTime)? {
        seek(to: SeekMath.skipTarget(from: position, by: delta, in: range))
    }

    /// Returns the memory of stopped pipelines' frame pools to the system, so a process
    /// that opens one decoder after another (benchmarks, the library) keeps a flat peak.
    public static func releaseFreedMemory() { cffmpeg_release_freed_memory() }

    /// Packets the decoder rejected as damaged and frames it flagged; decoding goes on.
    public var corruptPackets: Int { statistics.value.corruptPackets }
    /// Why the input stopped before its end (`MediaSource.inputCut`); ask only once the
    /// end of stream came out of `frames`, when the decode thread has stopped reading.
    public var inputCut: String? { source.inputCut }
    /// Playlists or manifests refused for their size or what they name since the input
    /// opened (a live playlist's reloads), and why the first was; any thread may ask.
    public var refusedDocuments: (count: Int, why: String) { (source.openGuard.refusedDocuments, source.openGuard.documentRefusal) }
    public var decodedFrames: Int { statistics.value.decodedFrames }

    final class Statistics: @unchecked Sendable {
        struct Values {
            var corruptPackets = 0; var decodedFrames = 0
        }
        private let lock = NSLock()
        private var values = Values()
        var value: Values { lock.withLock { values } }
        func update(_ change: (inout Values) -> Void) { lock.withLock { change(&values) } }
    }

    // MARK: - The decode thread

    private func run() {
        if let visualizer, let scaleStage, let visualizerDecoder {
            runVisualizer(visualizer, decoder: visualizerDecoder, scaleStage: scaleStage)
            return
        }
        guard let decoder else { return }
        var loop = DecodeLoop(demuxer: demuxer, decoder: decoder, frames: frames, statistics: statistics,
                              scaleStage: scaleStage)
        loop.threads = threads
        defer { loop.release() }
        loop.subtitles = subtitles
        while true {
            let request = requests.next(idle: loop.atEnd)
            if request.stop { return }
            if request.seeked { loop.atEnd = false }
            loop.viewport = request.settings.viewport
            loop.work = (request.settings.viewport, skipInvisibleWork, request.settings.effectiveRate)
            loop.want(variant: loop.capByRate(request.settings.variant))
            loop.begin(request.settings.catchUp)
            loop.step()
        }
    }
}

/// How many of a stream's frames to decode.
public enum DecodeRate: Sendable, Equatable, Comparable {
    /// Every frame.
    case every
    /// Frames other frames refer to (skips the rest of the B-frames).
    case referenceFrames
    /// Key frames and P-frames only (skips every B-frame): a third of x264's usual output.
    case keyAndPredictedFrames
}

/// Seek arithmetic, kept pure so it can be tested without a file.
public enum SeekMath {
    /// The target of a relative skip: clamped to the range; for live input, forward skips
    /// stop at the newest frame when it is known.
    public static func skipTarget(from position: MediaTime, by delta: MediaTime, in range: PlayableRange,
                                  newest: MediaTime? = nil) -> MediaTime {
        range.clamp(position + delta, newest: newest)
    }
}
