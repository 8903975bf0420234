import Glibc

/// What the harness says when an input crashes it (a trap, a bad access) or hangs
/// (signal 14, SIGALRM: over `timeLimitSeconds`): the input's index and seed on standard
/// error, the input's bytes in the keep directory, exit 1.
///
/// Everything the signal handler needs is made ready before each input runs (`arm`), in
/// buffers allocated once, because a handler may only make async-signal-safe calls:
/// write, open, close, _exit.
enum CrashReport {
    private static let messageCapacity = 1024
    nonisolated(unsafe) private static let message = UnsafeMutablePointer<UInt8>.allocate(capacity: messageCapacity)
    nonisolated(unsafe) private static var messageLength = 0
    nonisolated(unsafe) private static let path = UnsafeMutablePointer<CChar>.allocate(capacity: Int(PATH_MAX) + 1)
    nonisolated(unsafe) private static var hasPath = false
    nonisolated(unsafe) private static var bytes = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)
    nonisolated(unsafe) private static var byteCapacity = 1
    nonisolated(unsafe) private static var byteCount = 0

    /// How long one input may take before it counts as hung (SIGALRM).
    static let timeLimitSeconds: UInt32 = 20

    /// Catches the signals a crash raises (Swift's traps are SIGILL or SIGTRAP), and the
    /// alarm that ends an input that hangs.
    static func install() {
        for signal in [SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGFPE, SIGABRT, SIGALRM] {
            _ = Glibc.signal(signal, handler)
        }
    }

    /// Prepares the report for input `index`: the line to print and the input to keep.
    static func arm(target: String, seed: UInt64, index: Int, bytes input: [UInt8], keptPath: String?) {
        let line = Array("\(target): input \(index) of seed \(seed) hung or crashed the harness, signal ".utf8)
        messageLength = min(line.count, messageCapacity)
        message.update(from: line, count: messageLength)
        hasPath = false
        if let keptPath {
            let file = Array((keptPath + ".bin").utf8CString)
            if file.count <= Int(PATH_MAX) {
                path.update(from: file, count: file.count)
                hasPath = true
            }
        }
        if input.count > byteCapacity {
            bytes.deallocate()
            byteCapacity = input.count
            bytes = UnsafeMutablePointer<UInt8>.allocate(capacity: byteCapacity)
        }
        byteCount = input.count
        input.withUnsafeBufferPointer { bytes.update(from: $0.baseAddress!, count: $0.count) }
        alarm(timeLimitSeconds)
    }

    /// The input ran to its end: no alarm for it.
    static func disarm() {
        alarm(0)
    }

    private static let handler: @convention(c) (Int32) -> Void = { signal in
        _ = write(STDERR_FILENO, CrashReport.message, CrashReport.messageLength)
        var digits: (UInt8, UInt8, UInt8, UInt8) = (UInt8(ascii: "0") + UInt8(signal / 10 % 10),
                                                    UInt8(ascii: "0") + UInt8(signal % 10), 0x0A, 0)
        _ = withUnsafeBytes(of: &digits) { write(STDERR_FILENO, $0.baseAddress, 3) }
        if CrashReport.hasPath {
            let fd = open(CrashReport.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            if fd >= 0 {
                _ = write(fd, CrashReport.bytes, CrashReport.byteCount)
                close(fd)
            }
        }
        _exit(1)
    }
}
