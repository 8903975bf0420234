import CFFmpeg
import Foundation
import InsetCore
import Synchronization

/// Decodes a file's best audio stream on its own thread, converts it to the sink's format
/// (libswresample) and writes it into the sink (the audio output's ring).
///
/// Its packets come from the input's one demuxer, which the picture shares: each reads its
/// own lane, so decoding audio never waits for the video thread or the other way round;
/// the two meet only in the clock. Threads: the audio decode thread owns the decoder and
/// resampler; the other methods post requests (`PipelineRequests`) and return at once,
/// except `stop()`, which joins the thread.
public final class AudioPipeline: @unchecked Sendable {
    /// What the decode thread reports (on that thread: hand it over, do not block in it).
    public enum Event: Sendable, Equatable {
        /// Every sample of `serial` has been written; `lastTime` is where the audio ends.
        case endOfStream(serial: Int, lastTime: MediaTime?)
        /// The audio cannot be decoded; the one-line reason. Nothing more will be written.
        case failed(String)
    }

    public let info: MediaInfo
    public let stream: AudioStreamInfo
    public let range: PlayableRange
    /// The input's sound tracks, and the one heard (an index in `tracks`).
    public let tracks: [AudioTrack]
    public private(set) var currentTrack: Int
    public let isSeekable: Bool
    /// The format written to the sink.
    public var format: AudioFormat { sink.format }

    private let demuxer: Demuxer
    private let decoder: AudioDecoder
    private let sink: any AudioSink
    private let onEvent: @Sendable (Event) -> Void
    private let requests: PipelineRequests<Void>
    private let worker = WorkerThread(name: "inset.audio")
    /// The speed asked for, in hundredths: set by the UI thread, read by the decode thread
    /// at each packet.
    private let speedHundredths = Atomic<Int>(100)

    /// Decodes the sound `demuxer` reads (the picture may take from the same one). Throws
    /// `AudioStreamError` when the input has no decodable sound.
    public init(demuxer: Demuxer, track: Int32? = nil, sink: any AudioSink,
                onEvent: @escaping @Sendable (Event) -> Void = { _ in }) throws {
        let source = demuxer.source
        guard let best = source.info.audio, let index = track ?? source.audioStreamIndex else {
            throw AudioStreamError.noAudioStream(path: source.info.path)
        }
        let stream = source.audioTracks.first { $0.stream.index == Int(index) }?.stream ?? best
        self.decoder = try AudioDecoder(source: source, streamIndex: index)
        self.demuxer = demuxer
        self.requests = PipelineRequests(())
        self.sink = sink
        self.onEvent = onEvent
        self.info = source.info
        self.stream = stream
        self.tracks = source.audioTracks
        self.currentTrack = tracks.firstIndex { $0.stream.index == Int(index) } ?? 0
        self.range = source.info.playableRange
        self.isSeekable = demuxer.isSeekable
        demuxer.attach(.audio, streams: [index], shown: index)
    }

    /// Opens `path` for its sound alone. Throws `MediaError` when it cannot be opened,
    /// `AudioStreamError` when it has no decodable sound.
    public convenience init(path: String, sink: any AudioSink, interrupt: MediaInterrupt = MediaInterrupt(),
                            onEvent: @escaping @Sendable (Event) -> Void = { _ in }) throws {
        try self.init(source: MediaSource(path: path, interrupt: interrupt), sink: sink, onEvent: onEvent)
    }

    /// Decodes `source`'s sound through a demuxer of its own (a file played without a picture).
    public convenience init(source: MediaSource, sink: any AudioSink, onEvent: @escaping @Sendable (Event) -> Void = { _ in }) throws {
        try self.init(demuxer: Demuxer(source: source), sink: sink, onEvent: onEvent)
    }

    deinit { stop() }

    /// Starts the decode thread at the file's start, or at a target given to `seek` before.
    public func start() {
        worker.start(owner: self) { $0.run() }
        demuxer.start()
    }

    /// Stops decoding and waits for the thread to end. Safe to call more than once.
    public func stop() {
        requests.stop()
        demuxer.detach(.audio)
        worker.join()
    }

    /// Plays the sound at `speed` from the next packet on, its pitch kept (`AudioTempo`).
    /// What the sink already holds plays out at the speed it was made for, and is stamped so.
    public func setSpeed(_ speed: PlaybackSpeed) {
        speedHundredths.store(speed.hundredths, ordering: .relaxed)
    }

    public var speed: PlaybackSpeed { PlaybackSpeed(clamping: speedHundredths.load(ordering: .relaxed)) }

    /// Holds decoding (what the sink holds stays there) or lets it go on.
    public func setPaused(_ paused: Bool) {
        requests.setPaused(paused)
    }

    /// Accurate seek: the first sample of the new serial is the one at `time` (clamped to
    /// the playable range). Returns the serial, which the caller gives to the output's
    /// `flush(serial:)` so nothing older is played; nil when the input cannot seek. When the
    /// picture shares the demuxer, its seek moves the sound too: see `follow(seekTo:)`.
    @discardableResult
    public func seek(to time: MediaTime) -> (serial: Int, target: MediaTime)? {
        guard isSeekable else { return nil }
        let target = range.clamp(time)
        let serial = demuxer.seek(to: target)
        requests.noteSeek()
        return (serial, target)
    }

    /// Plays `tracks[track]` from `time` on (see `Demuxer.switchAudio`); returns the
    /// serial the sink flushes older samples by.
    public func switchTrack(to track: Int, at time: MediaTime) -> Int {
        currentTrack = track
        let serial = demuxer.switchAudio(to: Int32(tracks[track].stream.index), at: range.clamp(time))
        requests.noteSeek()
        return serial
    }

    /// Whether it decodes what `other` reads (the picture's demuxer, or a separate input's).
    public func reads(_ other: Demuxer) -> Bool { demuxer === other }

    /// The picture's pipeline sought the demuxer both share: the sound takes the marker
    /// in its lane (a decode thread asleep at the end of the stream is woken for it).
    public func followSeek() {
        requests.noteSeek()
    }

    // MARK: - The decode thread

    private func run() {
        // The thread holds the pipeline for as long as it runs anyway (`stop` joins it).
        var loop = AudioDecodeLoop(demuxer: demuxer, decoder: decoder, sink: sink) { self.speed }
        defer { loop.release() }
        var idle = false  // at the end of the stream, or failed: wait for a seek or stop
        while true {
            let request = requests.next(idle: idle)
            if request.stop { return }
            if request.seeked { idle = false }
            switch loop.step(waitForRoom: waitForRoom) {
            case .running:
                break
            case .ended(let lastTime):
                idle = true
                onEvent(.endOfStream(serial: loop.serial, lastTime: lastTime))
            case .failed(let reason):
                idle = true
                onEvent(.failed(reason))
            }
        }
    }

    /// The sink is full: sleep a few milliseconds (a quarter of a typical device callback),
    /// waking early for a seek or stop. False when one is pending.
    private func waitForRoom() -> Bool {
        requests.pause(seconds: 0.005)
    }
}
