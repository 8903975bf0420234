import Foundation
import InsetCore

/// The mailbox between a pipeline's consumer and its decode thread: seeks (consecutive
/// ones merge, only the newest target is decoded to), pause, stop, and the pipeline's own
/// `Settings` (the video's viewport and decode rate). The consumer posts and returns at
/// once; the decode thread takes what is there between packets, sleeping when it has
/// nothing to do.
final class PipelineRequests<Settings: Sendable>: @unchecked Sendable {
    /// What the decode thread is to do next.
    struct Next {
        var stop: Bool
        var seek: (target: MediaTime, serial: Int)?
        var settings: Settings
    }

    private let condition = NSCondition()
    private var serial = 0
    private var seek: (target: MediaTime, serial: Int)?
    private var paused = false
    private var stopping = false
    private var settings: Settings

    /// Raised while a seek waits to be taken, so a read blocked on slow input gives the
    /// thread back (`MediaInterrupt.wake`); set and cleared under this lock, with the seek
    /// itself, so it never outlives the request and interrupts the seek's own reads.
    private let interrupt: MediaInterrupt?

    init(_ settings: Settings, interrupt: MediaInterrupt? = nil) {
        self.settings = settings
        self.interrupt = interrupt
    }

    /// Posts a seek and returns its serial, one more than the last. `prepare` runs with the
    /// new serial before the decode thread can see the seek: the queue must refuse the old
    /// serial before the first frame of the new one can be pushed, or that frame (the one
    /// on screen at the target) would be refused as stale.
    func seek(to target: MediaTime, prepare: (Int) -> Void = { _ in }) -> Int {
        condition.withLock {
            serial += 1
            prepare(serial)
            seek = (target, serial)
            interrupt?.wake()
            condition.broadcast()
            return serial
        }
    }

    func setPaused(_ paused: Bool) { condition.withLock { self.paused = paused; condition.broadcast() } }
    func stop() { condition.withLock { stopping = true; condition.broadcast() } }
    func update(_ change: (inout Settings) -> Void) { condition.withLock { change(&settings); condition.broadcast() } }

    /// Decode thread: waits while paused or `idle` (nothing left to decode) unless a seek or
    /// stop is pending, then takes the pending seek.
    func next(idle: Bool) -> Next {
        condition.withLock {
            while !stopping && seek == nil && (paused || idle) { condition.wait() }
            defer {
                if seek != nil { interrupt?.clearWake() }
                seek = nil
            }
            return Next(stop: stopping, seek: seek, settings: settings)
        }
    }

    /// Decode thread: sleeps up to `seconds`, waking early for a seek or stop. False when
    /// one is pending (the thread should go and take it).
    func pause(seconds: Double) -> Bool {
        condition.withLock {
            if stopping || seek != nil { return false }
            _ = condition.wait(until: Date(timeIntervalSinceNow: seconds))
            return !(stopping || seek != nil)
        }
    }
}
