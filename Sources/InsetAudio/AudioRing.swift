import InsetCore
import Synchronization

/// A bounded single-producer, single-consumer ring of interleaved float frames, each run of
/// frames tagged with its presentation time and seek serial.
///
/// Threads: the audio decode thread is the only producer (`write`); SDL's audio thread is
/// the only consumer (`read`, from the device callback). Neither ever waits for the other:
/// the indices are atomics, a full ring makes `write` accept fewer frames (the decoder
/// backs off), an empty one makes `read` return fewer (the callback pads with silence).
/// `flush(serial:)` may come from any thread: it only raises the serial below which the
/// consumer discards what it finds, so samples of an old seek are never played.
public final class AudioRing: AudioSink, @unchecked Sendable {
    /// A run of frames written in one `write`: where it starts in the ring (an absolute frame
    /// count, never wrapped), how long it is, when its first frame plays, its serial, and
    /// the speed it was stretched for (hundredths: media per frame played).
    struct Segment {
        var start = 0
        var count = 0
        var pts: Int64 = 0
        var serial = 0
        var speed = 100
    }

    /// What one `read` produced.
    public struct ReadResult: Equatable, Sendable {
        /// Frames copied out (the rest of the request was not available).
        public var frames: Int
        /// The presentation time of the frame that will come after the last one copied out,
        /// nil when nothing was copied.
        public var nextPTS: MediaTime?
        /// The serial of the frames copied out (of the last run, when several were read).
        public var serial: Int
        /// The speed those frames play the media at (of the last run).
        public var speed: PlaybackSpeed = .normal
    }

    public let format: AudioFormat
    public let capacityFrames: Int
    private let segmentCapacity: Int
    private let samples: UnsafeMutablePointer<Float>
    private let segments: UnsafeMutablePointer<Segment>

    // Shared between the two sides; each counter has exactly one writer.
    private let writtenSegments = Atomic<Int>(0)   // producer publishes (release)
    private let consumedSegments = Atomic<Int>(0)  // consumer publishes (release)
    private let consumedFrames = Atomic<Int>(0)    // consumer publishes (release)
    private let minimumSerial = Atomic<Int>(0)     // raised by flush and by newer writes
    private let queuedSerial = Atomic<Int>(-1)     // writes of it wait behind older frames (`queue`)
    private let closed = Atomic<Bool>(false)

    // Producer-owned.
    private var writtenFrames = 0
    // Consumer-owned: frames already read from the segment at `consumedSegments`.
    private var offsetInSegment = 0

    /// A ring holding `duration` of audio (a few hundred milliseconds is plenty: the decoder
    /// refills it much faster than it plays, and more would only delay a seek's silence).
    public init(format: AudioFormat, duration: MediaTime = .milliseconds(300), maximumRuns: Int = 256) {
        self.format = format
        capacityFrames = max(256, format.frames(in: duration))
        segmentCapacity = max(8, maximumRuns)
        samples = .allocate(capacity: capacityFrames * format.channels)
        samples.initialize(repeating: 0, count: capacityFrames * format.channels)
        segments = .allocate(capacity: segmentCapacity)
        segments.initialize(repeating: Segment(), count: segmentCapacity)
    }

    deinit {
        samples.deallocate()
        segments.deallocate()
    }

    /// Frames written and not yet read (or discarded), as either side last published them.
    public var bufferedFrames: Int {
        let end = writtenSegments.load(ordering: .acquiring)
        let first = consumedSegments.load(ordering: .acquiring)
        guard end > first else { return 0 }
        let last = segments[(end - 1) % segmentCapacity]
        return max(0, last.start + last.count - consumedFrames.load(ordering: .acquiring))
    }

    /// The serial below which frames are dropped unplayed.
    public var currentSerial: Int { minimumSerial.load(ordering: .acquiring) }

    /// Drops every frame of a serial older than `serial`, now and whenever it is met later
    /// (a decoder may still be writing one). Any thread.
    public func flush(serial: Int) { raiseSerial(to: serial) }

    /// Frames written with `serial` (above the current one) from now on play after the
    /// frames of older serials still in the ring instead of superseding them: the next file
    /// of a list, written behind the last samples of the one playing (gapless). The serial
    /// becomes the current one when its first frame is read. Call it before the first such
    /// write; the producer before must have stopped writing (the ring has one writer at a time).
    public func queue(serial: Int) { queuedSerial.store(serial, ordering: .releasing) }

    /// Refuses all later writes (`.closed`), so a decoder waiting for room gives up.
    public func close() { closed.store(true, ordering: .releasing) }

    // MARK: - Producer (the audio decode thread)

    public func write(_ bytes: UnsafeRawBufferPointer, pts: MediaTime, serial: Int, speed: PlaybackSpeed) -> AudioSinkResult {
        if closed.load(ordering: .acquiring) { return .closed }
        if serial < minimumSerial.load(ordering: .acquiring) { return .stale }
        // A newer serial makes everything older obsolete, even before anyone calls flush,
        // unless it was queued to follow them.
        if serial != queuedSerial.load(ordering: .acquiring) { raiseSerial(to: serial) }
        let channels = format.channels
        let offered = bytes.count / format.bytesPerFrame
        let segmentIndex = writtenSegments.load(ordering: .relaxed)
        let room = capacityFrames - (writtenFrames - consumedFrames.load(ordering: .acquiring))
        let segmentRoom = segmentCapacity - (segmentIndex - consumedSegments.load(ordering: .acquiring))
        let count = min(offered, room)
        guard count > 0, segmentRoom > 0, let source = bytes.baseAddress else { return .accepted(frames: 0) }

        let from = source.assumingMemoryBound(to: Float.self)
        let at = writtenFrames % capacityFrames
        let first = min(count, capacityFrames - at)
        (samples + at * channels).update(from: from, count: first * channels)
        if first < count {
            samples.update(from: from + first * channels, count: (count - first) * channels)
        }
        segments[segmentIndex % segmentCapacity] = Segment(start: writtenFrames, count: count,
                                                           pts: pts.microseconds, serial: serial, speed: speed.hundredths)
        writtenFrames += count
        // Publishing the segment count is what hands the frames and the segment over.
        writtenSegments.store(segmentIndex + 1, ordering: .releasing)
        return .accepted(frames: count)
    }

    // MARK: - Consumer (SDL's audio thread)

    /// Copies up to `frames` frames of the current serial into `destination`, skipping runs
    /// of older serials. Never waits and never allocates.
    public func read(into destination: UnsafeMutablePointer<Float>, frames: Int) -> ReadResult {
        let channels = format.channels
        let end = writtenSegments.load(ordering: .acquiring)
        let wanted = minimumSerial.load(ordering: .acquiring)
        var segmentIndex = consumedSegments.load(ordering: .relaxed)
        var copied = 0
        var result = ReadResult(frames: 0, nextPTS: nil, serial: wanted)
        var freedThrough = consumedFrames.load(ordering: .relaxed)

        while copied < frames && segmentIndex < end {
            let segment = segments[segmentIndex % segmentCapacity]
            if segment.serial < wanted {
                // A superseded seek: free its frames unplayed.
                freedThrough = segment.start + segment.count
                segmentIndex += 1
                offsetInSegment = 0
                continue
            }
            let take = min(segment.count - offsetInSegment, frames - copied)
            let from = (segment.start + offsetInSegment) % capacityFrames
            let first = min(take, capacityFrames - from)
            (destination + copied * channels).update(from: samples + from * channels, count: first * channels)
            if first < take {
                (destination + (copied + first) * channels).update(from: samples, count: (take - first) * channels)
            }
            copied += take
            offsetInSegment += take
            freedThrough = segment.start + offsetInSegment
            result.serial = segment.serial
            result.speed = PlaybackSpeed(clamping: segment.speed)
            result.nextPTS = MediaTime(microseconds: segment.pts
                + Int64(offsetInSegment) * 10_000 * Int64(segment.speed) / Int64(format.sampleRate))
            if offsetInSegment == segment.count {
                segmentIndex += 1
                offsetInSegment = 0
            }
        }
        result.frames = copied
        // A queued serial's first frames were read: it is the current one now.
        if copied > 0 && result.serial > wanted { raiseSerial(to: result.serial) }
        consumedFrames.store(freedThrough, ordering: .releasing)
        consumedSegments.store(segmentIndex, ordering: .releasing)
        return result
    }

    private func raiseSerial(to serial: Int) {
        var current = minimumSerial.load(ordering: .relaxed)
        while current < serial {
            let (exchanged, original) = minimumSerial.compareExchange(
                expected: current, desired: serial, ordering: .acquiringAndReleasing)
            if exchanged { return }
            current = original
        }
    }
}
