import CFFmpeg
import Foundation
import InsetCore

/// The one reader of an input: a thread that reads its packets (av_read_frame) once and
/// hands each to the lane of the decode loop that wants it (the picture, the sound, the
/// subtitles), reading ahead a few seconds and no more than a bound in bytes. A seek
/// reaches the input once, whoever asks, and every lane learns of it by a marker with
/// the seek's serial; a live input's recent past is kept once, for every stream.
///
/// Before, the sound opened the file a second time: standard input had no sound, and a
/// network stream, a live playlist or a growing file was read twice.
///
/// Threads: the demuxer thread owns the format context (reading, seeking, which streams
/// are discarded). Consumers call `pop` from their own decode threads and the rest from
/// anywhere; one lock guards the lanes, the requests and the live store.
public final class Demuxer: @unchecked Sendable {
    public enum Lane: Int, CaseIterable, Sendable { case video, audio, subtitles }

    public let source: MediaSource
    public var info: MediaInfo { source.info }
    /// Whether the input can go back: a file, or live input within what it keeps.
    public let isSeekable: Bool

    /// How far ahead of what the decoders take the demuxer reads: enough to ride out a
    /// network's hiccups, little enough that a seek throws little away.
    let readAhead: MediaTime
    /// The input's audio streams, for keeping the ones not heard aside.
    private let audioStreams: [Int32]
    /// Whatever the input interleaves, the lanes together hold no more than this.
    static let maximumBytes = 32 << 20
    /// Nor does any lane span more than this (an audio track missing for minutes must
    /// not make the picture's lane hold minutes).
    static let maximumDuration = MediaTime.seconds(30)
    /// Seeks start this far before the target when sound is read, so the audio decoder's
    /// overlapping transforms (AAC, MP3, Opus) are primed by the target's samples.
    static let audioPreroll = MediaTime.milliseconds(200)

    let condition = NSCondition()
    var lanes = [PacketLane](repeating: PacketLane(), count: Lane.allCases.count)
    /// Counts seeks: the number the markers carry, and what the consumers' queues and
    /// sinks refuse older items by.
    var serial = 0
    /// Counts repositionings of the input: a packet read before the newest is dropped.
    var generation = 0
    var pendingSeek: PendingSeek?
    /// Stream discard flags to apply before the next read (lanes attached or changed).
    var streamsChanged = true
    var stopping = false
    /// Live input's recent packets of every stream read, for skipping back.
    var live: LiveBuffer<UnsafeMutablePointer<AVPacket>>?
    /// While replaying kept packets after a seek: the next one's number.
    var replaySequence: Int?
    /// When the read in progress began (monotonic ns), 0 when not reading: a read long
    /// under way is the input stalling.
    var readingSince: UInt64 = 0
    /// What the reads of the input bring, and how long they wait (HLS steps down by it).
    var downloadRate = DownloadRate()
    /// The last seconds of each audio track not heard, by stream (Demuxer+AudioTracks).
    var asideAudio: [Int32: [(packet: UnsafeMutablePointer<AVPacket>, time: MediaTime?)]] = [:]
    /// Whether the other audio tracks are read along and kept: not for an HLS master,
    /// whose every track is a rendition fetched on its own.
    let keepsAudioAside: Bool
    private var started = false
    private let worker = WorkerThread(name: "inset.demux")

    struct PendingSeek {
        var target: MediaTime
        /// Where a live input's replay starts (a kept packet's number); nil for a seek of
        /// the input itself, or when nothing is kept (the input then goes on).
        var replayFrom: Int?
    }

    public init(source: MediaSource) {
        self.source = source
        let pb = source.format.pointee.pb
        isSeekable = source.info.isLive ? !source.info.isStillImage : (pb == nil || pb!.pointee.seekable != 0)
        // An HLS master's variant switch starts the new variant where the demuxer is: a
        // long read-ahead would put the switch that far after the render size changed.
        if !source.videoVariants.isEmpty {
            readAhead = .milliseconds(500)
        } else {
            readAhead = InputLocation.isURL(source.info.path) || source.info.isLive ? .seconds(5) : .seconds(2)
        }
        if source.info.isLive && !source.info.isStillImage { live = LiveBuffer() }
        audioStreams = source.audioTracks.map { Int32($0.stream.index) }
        keepsAudioAside = source.videoVariants.isEmpty && audioStreams.count > 1
        lanes[Lane.video.rawValue].shownStream = source.videoStreamIndex
        lanes[Lane.audio.rawValue].shownStream = source.audioStreamIndex ?? -1
    }

    deinit {
        stop()
        for index in lanes.indices { lanes[index].removeAll() }
        clearAside()
        if live != nil { live!.removeAll().forEach(Demuxer.free) }
    }

    /// Gives `lane` a consumer, which takes the packets of `streams` from now on (those
    /// read before are not kept). `shown` is the stream its decoder decodes.
    public func attach(_ lane: Lane, streams: Set<Int32>, shown: Int32) {
        condition.withLock {
            lanes[lane.rawValue].streams = streams
            lanes[lane.rawValue].shownStream = shown
            lanes[lane.rawValue].isAttached = true
            if lane == .audio && keepsAudioAside {
                for other in audioStreams where other != shown { asideAudio[other] = [] }
            }
            streamsChanged = true
            condition.broadcast()
        }
    }

    /// The consumer of `lane` is gone: its packets are let go of and its streams no longer
    /// read. The last one gone stops the thread.
    public func detach(_ lane: Lane) {
        let last = condition.withLock { () -> Bool in
            lanes[lane.rawValue].isAttached = false
            lanes[lane.rawValue].removeAll()
            if lane == .audio { clearAside(); asideAudio = [:] }
            streamsChanged = true
            condition.broadcast()
            return !lanes.contains { $0.isAttached }
        }
        if last && !staysOpenWithoutLanes { stop() }
    }

    /// Set for a sound-only input that may be left and taken up again (`--audio-file`
    /// cycled with the file's own tracks): its last consumer leaving does not stop it; its
    /// owner does.
    public var staysOpenWithoutLanes = false

    /// The next seek's serial is above `floor`: a consumer that moves from another input's
    /// packets to this one's (one sound output, two demuxers) sees serials only grow.
    public func raiseSerial(above floor: Int) {
        condition.withLock { serial = max(serial, floor) }
    }

    /// Starts reading; later calls do nothing.
    public func start() {
        let first = condition.withLock { () -> Bool in
            defer { started = true }
            return !started && !stopping
        }
        if first { worker.start(owner: self) { $0.run() } }
    }

    /// Stops reading (any blocked read ends at once) and waits for the thread.
    public func stop() {
        condition.withLock { stopping = true; condition.broadcast() }
        source.interrupt.stop()
        worker.join()
    }

    /// Moves the input to `target`: every attached lane is emptied and given a marker with
    /// the new serial, which this returns. `prepare` runs with the serial first, under the
    /// lock, so a consumer's queue refuses older items before any of the new can come.
    public func seek(to target: MediaTime, prepare: (Int) -> Void = { _ in }) -> Int {
        condition.withLock {
            serial += 1
            generation += 1
            prepare(serial)
            var seek = PendingSeek(target: target)
            var shownTarget: MediaTime? = target
            var flush = true
            if live != nil {
                let aim = liveAim(for: target)
                seek.replayFrom = aim.replayFrom
                shownTarget = aim.target
                flush = aim.replayFrom != nil
            }
            for index in lanes.indices where lanes[index].isAttached {
                lanes[index].removeAll()
                lanes[index].serial = serial
                let laneTarget = index == Lane.audio.rawValue ? (shownTarget ?? seek.replayFrom.flatMap { live?.entry(at: $0)?.time }) : shownTarget
                lanes[index].append(.seek(target: laneTarget, serial: serial, stream: lanes[index].shownStream, flush: flush))
            }
            clearAside()
            downloadRate.reset()
            pendingSeek = seek
            source.interrupt.wake()
            condition.broadcast()
            return serial
        }
    }

    /// The next item for `lane`'s consumer, waiting for one; nil once the lane is detached
    /// or the demuxer stopped.
    func pop(_ lane: Lane) -> DemuxedItem? {
        condition.withLock {
            while lanes[lane.rawValue].isEmpty && lanes[lane.rawValue].isAttached && !stopping { condition.wait() }
            guard lanes[lane.rawValue].isAttached, !stopping else { return nil }
            let item = lanes[lane.rawValue].takeFirst()
            condition.broadcast()
            return item
        }
    }

    /// The next item for `lane`'s consumer if one is there.
    func tryPop(_ lane: Lane) -> DemuxedItem? {
        condition.withLock {
            guard lanes[lane.rawValue].isAttached, !stopping, let item = lanes[lane.rawValue].takeFirst() else { return nil }
            condition.broadcast()
            return item
        }
    }

    /// The serial of the newest marker in `lane`: a consumer waiting for room in its sink
    /// gives up when it is newer than its own.
    func serial(of lane: Lane) -> Int { condition.withLock { lanes[lane.rawValue].serial } }

    /// The video lane's streams change (an HLS variant switch: the shown one, and the
    /// incoming one while the switch is under way).
    func setVideoStreams(_ streams: Set<Int32>, shown: Int32) {
        condition.withLock {
            lanes[Lane.video.rawValue].streams = streams
            lanes[Lane.video.rawValue].shownStream = shown
            // Another variant's playlist: the rate of the old one's reads says little of it.
            downloadRate.reset()
            streamsChanged = true
            condition.broadcast()
        }
    }

    /// What the link carries, as `DownloadRate.capacity` measures it; nil until known.
    public var downloadCapacity: (bytesPerSecond: Double, held: Bool)? {
        condition.withLock { downloadRate.capacity(at: Demuxer.seconds(DispatchTime.now().uptimeNanoseconds)) }
    }

    static func seconds(_ nanoseconds: UInt64) -> Double { Double(nanoseconds) / 1e9 }

    /// What the picture has buffered ahead of the decoder (the sound's, without a picture).
    public var bufferedAhead: MediaTime {
        condition.withLock {
            let video = lanes[Lane.video.rawValue]
            return video.isAttached ? video.duration : lanes[Lane.audio.rawValue].duration
        }
    }

    /// How long the read under way has waited for the input; zero when none is waiting.
    public var waitingForInput: Duration {
        let since = condition.withLock { readingSince }
        guard since > 0 else { return .zero }
        return .nanoseconds(Int64(DispatchTime.now().uptimeNanoseconds &- since))
    }
}
