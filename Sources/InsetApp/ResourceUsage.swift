import Foundation

/// Process-wide resource figures for benchmarks.
public enum ResourceUsage {
    /// Peak resident set size of this process, in bytes (getrusage's ru_maxrss).
    public static var peakResidentBytes: Int64 {
        var usage = rusage()
        getrusage(rusageSelf, &usage)
        #if os(Linux)
        return Int64(usage.ru_maxrss) * 1024
        #else
        return Int64(usage.ru_maxrss)
        #endif
    }

    /// User plus system CPU time this process has used, in seconds.
    public static var cpuSeconds: Double {
        var usage = rusage()
        getrusage(rusageSelf, &usage)
        func seconds(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }
}

#if os(Linux)
private let rusageSelf = __rusage_who_t(RUSAGE_SELF.rawValue)
#else
private let rusageSelf = RUSAGE_SELF
#endif

/// A monotonic clock in seconds, for measuring; never for media time.
public enum MonotonicClock {
    public static var now: Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}

/// Order statistics of a list of durations.
public struct Percentiles: Sendable, Equatable {
    public let p50: Double
    public let p99: Double
    public let mean: Double

    public init(_ samples: [Double]) {
        guard !samples.isEmpty else { p50 = 0; p99 = 0; mean = 0; return }
        let sorted = samples.sorted()
        func at(_ q: Double) -> Double {
            let rank = q * Double(sorted.count - 1)
            let low = Int(rank.rounded(.down)), high = min(sorted.count - 1, low + 1)
            return sorted[low] + (sorted[high] - sorted[low]) * (rank - Double(low))
        }
        p50 = at(0.5)
        p99 = at(0.99)
        mean = sorted.reduce(0, +) / Double(sorted.count)
    }
}
