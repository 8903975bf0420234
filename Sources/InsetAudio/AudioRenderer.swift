import Foundation
import InsetCore
import Synchronization

/// What SDL's audio thread runs at every device callback: pull frames from the ring, pad
/// with silence, apply volume and mute, and stamp the clock.
///
/// Threads: `render` runs on SDL's audio thread only and must never wait long or allocate:
/// the ring is lock-free, volume and mute are atomics, and the clock's lock is held by the
/// UI thread only for a few loads. Everything else is set once before the device starts.
final class AudioRenderer: @unchecked Sendable {
    struct State: Sendable {
        var clock = AudioClock()
        var counters = AudioOutputStatistics()
    }

    // Set once by `attach`, after SDL_OpenAudioDevice and before the device is first
    // unpaused, so SDL's thread (which starts at unpause) sees them set.
    private(set) var ring: AudioRing! = nil
    private(set) var format = AudioFormat(sampleRate: 48_000, channels: 2)
    /// Frames the device still holds when SDL calls back (see `AudioOutput.heldFrames`).
    private(set) var heldFrames = 0
    let volume = Atomic<Int>(100)
    let muted = Atomic<Bool>(false)
    let state = Locked(State())

    func attach(ring: AudioRing, heldFrames: Int) {
        self.ring = ring
        self.format = ring.format
        self.heldFrames = heldFrames
    }

    /// The device callback's work: fills `byteCount` bytes at `stream`.
    func render(into stream: UnsafeMutableRawPointer, byteCount: Int) {
        let host = HostTime.monotonicNow()
        guard let ring else {
            stream.initializeMemory(as: UInt8.self, repeating: 0, count: byteCount)
            return
        }
        let channels = format.channels
        let frames = byteCount / format.bytesPerFrame
        let out = stream.bindMemory(to: Float.self, capacity: frames * channels)
        let read = ring.read(into: out, frames: frames)
        if read.frames < frames {
            (out + read.frames * channels).update(repeating: 0, count: (frames - read.frames) * channels)
        }
        applyGain(out, count: read.frames * channels)

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

    /// Volume as a cubic curve (as mpv's): loudness follows the cube of the amplitude far
    /// better than the amplitude itself, so the 0–100 steps sound even.
    private func applyGain(_ samples: UnsafeMutablePointer<Float>, count: Int) {
        let level = volume.load(ordering: .relaxed)
        if muted.load(ordering: .relaxed) || level <= 0 {
            samples.update(repeating: 0, count: count)
            return
        }
        guard level < 100 else { return }
        let linear = Float(level) / 100
        let gain = linear * linear * linear
        for index in 0..<count { samples[index] *= gain }
    }
}

/// The C function SDL calls on its audio thread; `userdata` is the renderer, retained by
/// the output for as long as the device is open.
func audioOutputCallback(_ userdata: UnsafeMutableRawPointer?, _ stream: UnsafeMutablePointer<UInt8>?, _ length: Int32) {
    guard let userdata, let stream, length > 0 else { return }
    Unmanaged<AudioRenderer>.fromOpaque(userdata)._withUnsafeGuaranteedRef {
        $0.render(into: UnsafeMutableRawPointer(stream), byteCount: Int(length))
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
