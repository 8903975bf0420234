import Foundation
import InsetCore

/// The mailbox between a pipeline's consumer and its decode thread: pause, stop, news of
/// a seek, and the pipeline's own `Settings` (the video's viewport and decode rate). The
/// seek itself travels through the demuxer (its marker in the lane); this only wakes a
/// decode thread that sleeps at the end of the stream or paused. The consumer posts and
/// returns at once; the decode thread takes what is there between packets.
final class PipelineRequests<Settings: Sendable>: @unchecked Sendable {
    /// What the decode thread is to do next.
    struct Next {
        var stop: Bool
        /// A seek was posted since the last look: its marker is on the way.
        var seeked: Bool
        var settings: Settings
    }

    private let condition = NSCondition()
    private var seeked = false
    private var paused = false
    private var stopping = false
    private var settings: Settings

    init(_ settings: Settings) {
        self.settings = settings
    }

    /// A seek was posted to the demuxer: the decode thread is to go and take its marker.
    func noteSeek() { condition.withLock { seeked = true; condition.broadcast() } }
    func setPaused(_ paused: Bool) { condition.withLock { self.paused = paused; condition.broadcast() } }
    func stop() { condition.withLock { stopping = true; condition.broadcast() } }
    func update(_ change: (inout Settings) -> Void) { condition.withLock { change(&settings); condition.broadcast() } }

    /// Decode thread: waits while paused or `idle` (nothing left to decode) unless a seek or
    /// stop is pending, then takes the news of a seek.
    func next(idle: Bool) -> Next {
        condition.withLock {
            while !stopping && !seeked && (paused || idle) { condition.wait() }
            defer { seeked = false }
            return Next(stop: stopping, seeked: seeked, settings: settings)
        }
    }

    /// Decode thread: sleeps up to `seconds`, waking early for a seek or stop. False when
    /// one is pending (the thread should go and take it).
    func pause(seconds: Double) -> Bool {
        condition.withLock {
            if stopping || seeked { return false }
            _ = condition.wait(until: Date(timeIntervalSinceNow: seconds))
            return !(stopping || seeked)
        }
    }
}
