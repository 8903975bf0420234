import Foundation
import InsetCore
@testable import InsetAudio
import InsetMedia

/// The repository's samples folder, found from this file so tests run from any directory.
let samplesDirectory: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("samples")

func sample(_ name: String) -> String { samplesDirectory.appendingPathComponent(name).path }

let stereo48k = AudioFormat(sampleRate: 48_000, channels: 2)

/// Sets SDL's audio environment for one test (SDL reads it when its audio subsystem starts)
/// and clears it afterwards. The suites that use it are serialized: the environment is
/// the process's.
func withAudioEnvironment<T>(_ variables: [String: String], _ body: () throws -> T) rethrows -> T {
    let names = ["SDL_AUDIODRIVER", "SDL_DISKAUDIOFILE", "SDL_DISKAUDIODELAY"]
    for name in names { unsetenv(name) }
    for (name, value) in variables { setenv(name, value, 1) }
    defer { for name in names { unsetenv(name) } }
    return try body()
}

/// A temporary file path for the disk driver's output, removed by the caller.
func temporaryPath(_ name: String) -> String {
    FileManager.default.temporaryDirectory.appendingPathComponent("inset-audio-\(getpid())-\(name).raw").path
}

/// The pipeline's events, collected across threads.
final class EventLog: @unchecked Sendable {
    private let condition = NSCondition()
    private var events: [AudioPipeline.Event] = []

    func append(_ event: AudioPipeline.Event) { condition.withLock { events.append(event); condition.broadcast() } }
    var all: [AudioPipeline.Event] { condition.withLock { events } }

    /// Waits until an event matches, up to `timeout` seconds.
    func wait(timeout: TimeInterval, for match: (AudioPipeline.Event) -> Bool) -> AudioPipeline.Event? {
        let deadline = Date(timeIntervalSinceNow: timeout)
        return condition.withLock {
            while true {
                if let found = events.first(where: match) { return found }
                if !condition.wait(until: deadline) { return nil }
            }
        }
    }
}

/// Polls `condition` every few milliseconds for up to `timeout` seconds.
@discardableResult
func waitUntil(timeout: TimeInterval, _ condition: () -> Bool) -> Bool {
    let deadline = Date(timeIntervalSinceNow: timeout)
    while Date() < deadline {
        if condition() { return true }
        usleep(2_000)
    }
    return condition()
}

/// An output, a pipeline feeding its ring, and the events: one playback under test.
struct Playback {
    let output: AudioOutput
    let pipeline: AudioPipeline
    let events = EventLog()

    init(path: String, wanted: AudioFormat = stereo48k) throws {
        output = try AudioOutput(wanted: wanted)
        let events = self.events
        pipeline = try AudioPipeline(path: path, sink: output.ring, onEvent: { events.append($0) })
    }

    /// Starts decoding, lets the ring fill (or the stream end), then starts the device.
    func start() {
        pipeline.start()
        waitUntil(timeout: 5) { output.ring.bufferedFrames >= output.ring.capacityFrames / 2 || !events.all.isEmpty }
        output.pause(false)
    }

    /// Waits for the end of `serial` and for the ring to drain into the device.
    func waitForEnd(serial: Int = 0, timeout: TimeInterval) -> Bool {
        let ended = events.wait(timeout: timeout) { if case .endOfStream(serial, _) = $0 { true } else { false } } != nil
        let drained = waitUntil(timeout: 2) { output.ring.bufferedFrames == 0 }
        usleep(60_000)  // the last callbacks
        return ended && drained
    }

    /// Stops everything. The device is closed while playing, so every frame the callback
    /// rendered is in the disk file, after the silence SDL wrote while it was paused.
    func finish() -> AudioOutputStatistics {
        pipeline.stop()
        output.close()
        return output.statistics
    }
}

/// What the disk driver wrote: interleaved float32 frames.
struct DiskCapture {
    let format: AudioFormat
    let samples: [Float]

    init(path: String, format: AudioFormat) throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        self.format = format
        samples = data.withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
    }

    var frameCount: Int { samples.count / format.channels }

    /// The first channel's value at `frame`.
    func left(_ frame: Int) -> Float { samples[frame * format.channels] }

    /// Frames from which the signal's first channel rises above `threshold` after at least
    /// `quiet` of silence: where tone bursts begin.
    func onsets(threshold: Float = 0.1, quiet: MediaTime = .milliseconds(200), from start: Int = 0) -> [Int] {
        let quietFrames = format.frames(in: quiet)
        var result: [Int] = []
        var lastLoud = -quietFrames - 1
        for frame in start..<frameCount where abs(left(frame)) > threshold {
            if frame - lastLoud > quietFrames { result.append(frame) }
            lastLoud = frame
        }
        return result
    }

    /// The first and last frames whose first channel is above `threshold`.
    func audibleSpan(threshold: Float = 1e-3) -> (first: Int, last: Int)? {
        guard let first = (0..<frameCount).first(where: { abs(left($0)) > threshold }),
              let last = (0..<frameCount).reversed().first(where: { abs(left($0)) > threshold }) else { return nil }
        return (first, last)
    }

    func milliseconds(_ frames: Int) -> Double { Double(frames) * 1000 / Double(format.sampleRate) }
}

/// Runs ffmpeg (quiet, never reading stdin, overwriting) with `arguments` and waits for it:
/// the files the audio tests make for themselves.
func runFFmpeg(_ arguments: [String]) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["ffmpeg", "-v", "error", "-nostdin", "-y"] + arguments
    try process.run()
    process.waitUntilExit()
}

/// Reads `ring` in runs of up to `frames` until the pipeline has reported its end and the
/// ring is empty (or `timeout` passes), giving each non-empty read and its samples to `body`.
func readUntilEnd(_ ring: AudioRing, events: EventLog, frames: Int, timeout: TimeInterval = 20,
                  _ body: (AudioRing.ReadResult, ArraySlice<Float>) -> Void) {
    var buffer = [Float](repeating: 0, count: frames * ring.format.channels)
    let deadline = Date(timeIntervalSinceNow: timeout)
    while Date() < deadline {
        let got = buffer.withUnsafeMutableBufferPointer { ring.read(into: $0.baseAddress!, frames: frames) }
        if got.frames > 0 {
            body(got, buffer.prefix(got.frames * ring.format.channels))
            continue
        }
        if events.all.contains(where: { if case .endOfStream = $0 { true } else { false } }), ring.bufferedFrames == 0 { return }
        usleep(1_000)
    }
}
