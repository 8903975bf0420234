import Glibc

/// The one writer to the terminal while the player runs: frames, control bars, set-up and
/// restore strings all go through it; no other code writes to stdout.
///
/// Owned by the UI thread. Each `write` sends a whole buffer (one frame is one call, so the
/// terminal never shows half of it), retrying partial writes, EINTR and EAGAIN, and returns
/// how long it was blocked: when the terminal reads slowly (a slow SSH link, a busy tmux)
/// the time grows, and the app decides to drop frames before rendering the next.
public final class TerminalWriter {
    /// Running totals since the writer was made.
    public struct Statistics: Equatable, Sendable {
        /// Bytes written.
        public var bytes: Int = 0
        /// Calls to `write` (frames and the like), not `write(2)` system calls.
        public var writes: Int = 0
        /// Time spent inside `write`, blocked on the terminal.
        public var blockedTime: Duration = .zero
        /// Time the last `write` took.
        public var lastBlockedTime: Duration = .zero
        /// The longest a single `write` took.
        public var longestBlockedTime: Duration = .zero
        /// What the terminal was seen to take while the last `write` waited for it, nil
        /// when it did not wait (`Drain`).
        public var lastDrain: Drain?
    }

    /// Bytes the terminal read while its buffer was full, and the time it took: its rate,
    /// exactly. A frame goes out in pieces of `pieceSize`; a piece that waited leaves the
    /// buffer full when it returns, so from the end of the first piece that waited to the
    /// end of the last, the terminal read every byte written in between. A reader that
    /// takes its bytes in bursts (ssh, a terminal's read loop) lets a piece wait and the
    /// next few go at once: those belong to the burst the waiting piece ended with, so
    /// the first burst's are not counted (it came at the start) and the last's are. Counting a
    /// whole write over its wait instead would count the buffer's room as link (a 70 KB
    /// frame into 20 KB of room waits for 50 KB), and writes apart would count the link's
    /// idle time between frames.
    public struct Drain: Equatable, Sendable {
        public var bytes: Int
        public var duration: Duration

        public init(bytes: Int, duration: Duration) {
            self.bytes = bytes
            self.duration = duration
        }
    }

    /// A frame is written in pieces this large, so the writer sees when the terminal's
    /// buffer is full and how fast it empties (`Drain`): a few system calls a frame more.
    public static let pieceSize = 4096
    /// A piece that took this long waited for the terminal (one that finds room takes
    /// microseconds).
    static let pieceWaited = Duration.microseconds(500)

    /// The descriptor written to (the terminal's output).
    public let descriptor: Int32
    /// Totals since the writer was made.
    public private(set) var statistics = Statistics()

    private let clock = ContinuousClock()

    /// Held around each `write` when the terminal is shared with other players (embed
    /// mode), so that no other player's bytes land inside one of ours.
    private let sharedLock: SharedTerminalLock?

    /// A writer to `descriptor`, which stays owned by the caller (it is not closed);
    /// `shared` when other players may write to the same terminal at the same time.
    public init(descriptor: Int32, shared: Bool = false) {
        self.descriptor = descriptor
        self.sharedLock = shared ? SharedTerminalLock(terminal: descriptor) : nil
    }

    /// Writes all of `bytes` and returns how long that took (`write(2)`, with `poll(2)` for
    /// POLLOUT when the descriptor is non-blocking and full).
    ///
    /// Throws on a real error (EIO once the terminal hung up, EBADF); what was written
    /// before the error is counted.
    @discardableResult
    public func write(_ bytes: UnsafeRawBufferPointer) throws(TerminalError) -> Duration {
        guard let sharedLock else { return try writeWhole(bytes) }
        return try sharedLock.whileHeld { () throws(TerminalError) in try writeWhole(bytes) }
    }

    /// Runs `body`, whose writes make one whole to other players sharing the terminal (a
    /// picture in slices, between a save and a restore of the cursor): none of their bytes
    /// lands in between. Alone in its terminal, just `body`.
    public func asOneWrite<Result>(_ body: () -> Result) -> Result {
        guard let sharedLock else { return body() }
        return sharedLock.whileHeld(body)
    }

    private func writeWhole(_ bytes: UnsafeRawBufferPointer) throws(TerminalError) -> Duration {
        let start = clock.now
        var sent = 0
        var failure: TerminalError?
        // From the end of the first piece that waited (the buffer full): the bytes written
        // after its burst, over the time to the end of the last piece that waited.
        var firstFull: ContinuousClock.Instant?
        var inFirstBurst = false
        var drain = Drain(bytes: 0, duration: .zero)
        do {
            while sent < bytes.count {
                let pieceStart = clock.now
                let pieceEnd = min(bytes.count, sent + Self.pieceSize)
                let pieceBegin = sent
                while sent < pieceEnd {
                    let rest = UnsafeRawBufferPointer(rebasing: bytes[sent..<pieceEnd])
                    if let count = try SystemCalls.write(descriptor, rest) {
                        sent += count
                    } else {
                        try waitUntilWritable()
                    }
                }
                let ended = clock.now
                guard ended - pieceStart >= Self.pieceWaited else {
                    if firstFull != nil && !inFirstBurst { drain.bytes += sent - pieceBegin }
                    continue
                }
                if let firstFull {
                    inFirstBurst = false
                    drain.bytes += sent - pieceBegin
                    drain.duration = ended - firstFull
                } else {
                    firstFull = ended
                    inFirstBurst = true
                }
            }
        } catch {
            failure = error
        }
        statistics.lastDrain = drain.bytes > 0 ? drain : nil
        let elapsed = clock.now - start
        statistics.bytes += sent
        statistics.writes += 1
        statistics.blockedTime += elapsed
        statistics.lastBlockedTime = elapsed
        statistics.longestBlockedTime = max(statistics.longestBlockedTime, elapsed)
        if let failure { throw failure }
        return elapsed
    }

    /// Writes all of `bytes`; see `write(_:)`.
    @discardableResult
    public func write(_ bytes: [UInt8]) throws(TerminalError) -> Duration {
        try bytes.withUnsafeBytes { buffer in Result { () throws(TerminalError) in try write(buffer) } }.get()
    }

    /// Writes the UTF-8 of `text`; for short strings (messages, tests), not frames.
    @discardableResult
    public func write(_ text: String) throws(TerminalError) -> Duration {
        try write(Array(text.utf8))
    }

    /// `poll(2)` for POLLOUT: a non-blocking terminal is full; wait until it drains.
    private func waitUntilWritable() throws(TerminalError) {
        var fds = [pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)]
        _ = try SystemCalls.poll(&fds, timeoutMilliseconds: 1000)
        if fds[0].revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 {
            throw .systemCall("poll", errno: EIO)
        }
    }
}
