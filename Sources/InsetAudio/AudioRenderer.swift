import Foundation
import InsetCore
import Synchronization

/// One voice of the mix: what SDL's audio thread does for one video at every device
/// callback — pull frames from its ring, stamp its clock with them, and add them to the
/// mix at its gain.
///
/// Threads: `render` and `add` run on SDL's audio thread only and must never wait long or
/// allocate: the ring is lock-free, gains and the pause flag are atomics, and the clock's
/// lock is held by the UI thread only for a few loads. The ring and format are set once
/// before the voice joins the mix.
final class AudioRenderer: @unchecked Sendable {
    struct State: Sendable {
        var clock = AudioClock()
        var counters = AudioOutputStatistics()
    }

    let ring: AudioRing
    let format: AudioFormat
    /// Frames the device still holds when SDL calls back (see `AudioOutput.heldFrames`).
    let heldFrames: Int
    /// The user's volume, 0–100.
    let volume = Atomic<Int>(100)
    /// The mix's level for this voice, 0–100: 100 for the video heard, the window's
    /// volume for the other (see `AudioOutput.setMixLevel`).
    let mixLevel = Atomic<Int>(100)
    let muted = Atomic<Bool>(false)
    /// A paused voice is not read: its ring waits and its clock stands still.
    let paused = Atomic<Bool>(true)
    let state = Locked(State())
    /// Frames read by the last `render`, for `add`.
    private var lastRead = 0

    init(ring: AudioRing, heldFrames: Int) {
        self.ring = ring
        self.format = ring.format
        self.heldFrames = heldFrames
    }

    /// Reads up to `frames` frames of this voice into `buffer` and stamps the clock.
    func render(into buffer: UnsafeMutablePointer<Float>, frames: Int, host: HostTime) {
        let read = ring.read(into: buffer, frames: frames)
        lastRead = read.frames
        state.withLock { state in
            if read.frames > 0, let next = read.nextPTS {
                state.clock.record(nextPTS: next, realFrames: read.frames, heldFrames: heldFrames,
                                   serial: read.serial, host: host, format: format, speed: read.speed)
                if state.counters.serialStart?.serial != read.serial {
                    let first = next - read.speed.media(inWall: format.duration(ofFrames: read.frames))
                    state.counters.serialStart = .init(frame: state.counters.renderedFrames, pts: first, serial: read.serial)
                }
            }
            if read.frames < frames && state.counters.realFrames > 0 { state.counters.shortCallbacks += 1 }
            state.counters.renderedFrames += frames
            state.counters.realFrames += read.frames
        }
    }

    /// Adds what the last `render` read, at this voice's gain, to `mix`.
    func add(_ buffer: UnsafeMutablePointer<Float>, into mix: UnsafeMutablePointer<Float>, count: Int) {
        let samples = min(count, lastRead * format.channels)
        let gain = self.gain
        guard gain > 0, samples > 0 else { return }
        for index in 0..<samples { mix[index] += buffer[index] * gain }
    }

    /// Volume as a cubic curve (as mpv's): loudness follows the cube of the amplitude far
    /// better than the amplitude itself, so the 0–100 steps sound even. The mix level is a
    /// volume of the same kind, multiplied in.
    var gain: Float {
        if muted.load(ordering: .relaxed) { return 0 }
        return Self.cubic(volume.load(ordering: .relaxed)) * Self.cubic(mixLevel.load(ordering: .relaxed))
    }

    static func cubic(_ level: Int) -> Float {
        let linear = Float(min(100, max(0, level))) / 100
        return linear * linear * linear
    }
}

extension HostTime {
    /// CLOCK_MONOTONIC now: the same clock as the app's `HostTime.now()`, read here because
    /// the callback stamps the audio clock with it.
    static func monotonicNow() -> HostTime {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return HostTime(nanoseconds: UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec))
    }
}

/// What the device has played, for tests and `--stats`.
public struct AudioOutputStatistics: Sendable, Equatable {
    /// Where a serial's first frame went out.
    public struct SerialStart: Sendable, Equatable {
        /// Its index among `renderedFrames`.
        public var frame: Int
        public var pts: MediaTime
        public var serial: Int
    }

    /// Frames handed to the device by the callback, media or silence, since it opened
    /// (SDL also writes silence of its own while the device is paused; that is not counted).
    public var renderedFrames = 0
    /// Media frames among them.
    public var realFrames = 0
    /// Callbacks that ran short of media after media had started: underruns, or the end.
    public var shortCallbacks = 0
    /// Where the latest serial began.
    public var serialStart: SerialStart?
}
