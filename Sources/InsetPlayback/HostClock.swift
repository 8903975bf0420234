import Foundation
import InsetCore

extension HostTime {
    /// The host's monotonic clock now (CLOCK_MONOTONIC): the only place the app reads it,
    /// so everything below takes time as an argument.
    public static func now() -> HostTime {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return HostTime(nanoseconds: UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec))
    }
}
