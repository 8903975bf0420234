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
    }

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
        do {
            while sent < bytes.count {
                let rest = UnsafeRawBufferPointer(rebasing: bytes[sent...])
                if let count = try SystemCalls.write(descriptor, rest) {
                    sent += count
                } else {
                    try waitUntilWritable()
                }
            }
        } catch {
            failure = error
        }
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
