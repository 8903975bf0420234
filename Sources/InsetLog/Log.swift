#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import InsetCore

/// A small file logger, off unless `INSET_LOG=path` is set: stdout and stderr belong to the
/// terminal while the player runs, so diagnostics go to a file (`tail -f` it from another
/// pane).
///
/// It lives in a module of its own that needs only the C library and InsetCore, so every
/// other module (media, terminal, app, shell) can log without importing the terminal's
/// ncurses. A message is written as stderr's lines are (`PrintableText`): a file name's
/// control characters would otherwise reach whoever reads the log with `tail -f`, and a
/// newline in one would forge a line.
///
/// Any thread may log. Each line is one `write(2)` to a descriptor opened with O_APPEND,
/// which the kernel appends whole, so lines of different threads never interleave and no
/// lock is needed. Messages are autoclosures: when logging is off they are never built.
public enum Log {
    public enum Level: String, Sendable {
        case debug = "DEBUG"
        case info = "INFO"
        case error = "ERROR"
    }

    /// The log file's descriptor, or -1 when INSET_LOG is unset or cannot be opened.
    private static let descriptor: Int32 = {
        guard let path = getenv("INSET_LOG"), path.pointee != 0 else { return -1 }
        return open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
    }()

    /// The monotonic time of the first log call, so lines show seconds since start.
    private static let start = monotonicNanoseconds()

    /// Whether INSET_LOG named a file that could be opened.
    public static var isEnabled: Bool { descriptor >= 0 }

    public static func debug(_ message: @autoclosure () -> String, file: StaticString = #fileID, line: UInt = #line) {
        write(.debug, message(), file: file, line: line)
    }

    public static func info(_ message: @autoclosure () -> String, file: StaticString = #fileID, line: UInt = #line) {
        write(.info, message(), file: file, line: line)
    }

    public static func error(_ message: @autoclosure () -> String, file: StaticString = #fileID, line: UInt = #line) {
        write(.error, message(), file: file, line: line)
    }

    /// Appends `12.345678 INFO File.swift:42 message` to the log file.
    public static func write(_ level: Level, _ message: @autoclosure () -> String,
                             file: StaticString = #fileID, line: UInt = #line) {
        guard descriptor >= 0, keeps(level) else { return }
        let origin = start  // first, so the first line's origin is not later than its time
        append(format(level, message(), file: "\(file)", line: line, elapsed: monotonicNanoseconds() &- origin),
               to: descriptor)
    }

    /// One line of the log: seconds since the first log call, level, source, message
    /// (escaped).
    static func format(_ level: Level, _ message: String, file: String, line: UInt, elapsed: UInt64) -> String {
        let message = PrintableText.escaped(message)
        let fraction = String((elapsed % 1_000_000_000) / 1000)
        let padded = String(repeating: "0", count: max(0, 6 - fraction.count)) + fraction
        return "\(elapsed / 1_000_000_000).\(padded) \(level.rawValue) \(file):\(line) \(message)\n"
    }

    /// `write(2)` of one line, whole (O_APPEND makes it one append).
    static func append(_ text: String, to descriptor: Int32) {
        var bytes = Array(text.utf8)
        _ = bytes.withUnsafeMutableBytes { systemWrite(descriptor, $0.baseAddress, $0.count) }
    }

    /// `write(2)`, named apart from `Log.write` above.
    private static func systemWrite(_ descriptor: Int32, _ bytes: UnsafeMutableRawPointer?, _ count: Int) -> Int {
        #if canImport(Glibc)
        Glibc.write(descriptor, bytes, count)
        #else
        Darwin.write(descriptor, bytes, count)
        #endif
    }

    /// `clock_gettime(2)` CLOCK_MONOTONIC in nanoseconds.
    private static func monotonicNanoseconds() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
    }
}
