/// A reading of the host's monotonic clock, in nanoseconds since an arbitrary origin.
///
/// It is a different type from `MediaTime` on purpose: host time runs on while the media is
/// paused, and a seek moves media time but not host time. The state machine never reads a
/// clock; the app passes the current `HostTime` with each event and the machine only stamps
/// it into its snapshot (when the current PiP phase began), so tests can use made-up times.
public struct HostTime: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var nanoseconds: UInt64

    public init(nanoseconds: UInt64) { self.nanoseconds = nanoseconds }

    public static let zero = HostTime(nanoseconds: 0)
    public static func milliseconds(_ ms: UInt64) -> HostTime { HostTime(nanoseconds: ms * 1_000_000) }

    public static func < (a: HostTime, b: HostTime) -> Bool { a.nanoseconds < b.nanoseconds }

    /// The time from `earlier` to `self`; zero when `earlier` is later (clocks of two
    /// threads read a moment apart must not give a negative elapsed time).
    public func elapsed(since earlier: HostTime) -> Duration {
        nanoseconds > earlier.nanoseconds ? .nanoseconds(Int64(nanoseconds - earlier.nanoseconds)) : .zero
    }

    /// This time moved on by `duration` (negative durations move it back, not below zero).
    public func advanced(by duration: Duration) -> HostTime {
        let (seconds, attoseconds) = duration.components
        let delta = seconds * 1_000_000_000 + attoseconds / 1_000_000_000
        return delta >= 0
            ? HostTime(nanoseconds: nanoseconds + UInt64(delta))
            : HostTime(nanoseconds: nanoseconds - min(nanoseconds, UInt64(-delta)))
    }

    public var description: String { "\(nanoseconds / 1_000_000)ms" }
}
