import Synchronization

/// The quietest level the log file keeps (mpv's `--msg-level=all=LEVEL`, docs/mpv.md).
/// Without the option every line is kept. Set by the command line before the threads that
/// log start, read by every thread: an atomic, since a line may come from anywhere.
extension Log {
    /// 0: every level; 1: info and errors; 2: errors only; 3: nothing.
    private static let quietness = Atomic<Int>(0)

    /// The levels the log keeps, from mpv's level name: `no` none, `fatal`/`error`/`warn`
    /// errors only, `info`/`status` info and errors, `v`/`debug`/`trace` everything.
    public static func keep(mpvLevel: String) {
        let value = switch mpvLevel {
        case "no": 3
        case "fatal", "error", "warn": 2
        case "info", "status": 1
        default: 0
        }
        quietness.store(value, ordering: .releasing)
    }

    /// Whether a line of `level` is written.
    public static func keeps(_ level: Level) -> Bool {
        let quiet = quietness.load(ordering: .acquiring)
        switch level {
        case .debug: return quiet < 1
        case .info: return quiet < 2
        case .error: return quiet < 3
        }
    }
}
