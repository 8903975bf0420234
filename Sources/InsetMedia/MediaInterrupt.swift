import CFFmpeg
import Foundation

/// What libavformat's blocking I/O checks while it waits (its AVIOInterruptCB): reading a
/// network stream, a pipe or a live playlist waiting for its next segment can block for
/// as long as the other end likes, and without this a quit, a seek or a close would wait
/// with it.
///
/// `stop()` ends every wait for good (the source is being closed); `wake()` ends the
/// current wait once, so the decode thread can take a seek; a deadline bounds opening.
/// Any thread may call these; the flags are atomics the callback reads.
public final class MediaInterrupt: @unchecked Sendable {
    let state: UnsafeMutablePointer<cffmpeg_interrupt>

    public init() {
        state = .allocate(capacity: 1)
        state.initialize(to: cffmpeg_interrupt(stop: 0, wake: 0, deadline_ns: 0))
    }

    deinit { state.deallocate() }

    /// Ends every blocking wait now and from now on.
    public func stop() { cffmpeg_interrupt_set_stop(state) }
    public var isStopped: Bool { cffmpeg_interrupt_stopped(state) != 0 }

    /// Ends the wait in progress (a seek or pause is waiting for the decode thread); the
    /// decode thread calls `clearWake` once it has taken the request.
    func wake() { cffmpeg_interrupt_set_wake(state, 1) }
    func clearWake() { cffmpeg_interrupt_set_wake(state, 0) }
    var isWoken: Bool { cffmpeg_interrupt_woken(state) != 0 }

    /// Blocking calls fail once `duration` has passed; nil lifts the bound.
    func setDeadline(_ duration: Duration?) {
        guard let duration else { cffmpeg_interrupt_set_deadline(state, 0); return }
        let nanoseconds = duration.components.seconds * 1_000_000_000 + duration.components.attoseconds / 1_000_000_000
        cffmpeg_interrupt_set_deadline(state, max(1, nanoseconds))
    }
    var isPastDeadline: Bool { cffmpeg_interrupt_expired(state) != 0 }
}
