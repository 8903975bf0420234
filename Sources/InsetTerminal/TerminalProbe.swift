import Glibc
import InsetCore

/// Asks the terminal what it can do (kitty graphics, sixel, its name, the pixel size of a
/// cell) and waits a short time for the answer. The I/O half of `TerminalCapabilityProbe`:
/// this writes, reads and keeps time; that decides what the replies mean.
///
/// No stray bytes: echo and canonical mode are off (`QuietInput`) from before the queries go
/// out until the reading is over, unless the caller has them off already (the player's
/// session, whose raw mode is kept as it is). Replies that come after the timeout are read
/// later by whoever reads the tty; `InputDecoder` skips them.
///
/// Call from the thread that owns the terminal, before or instead of anything else reading it.
public enum TerminalProbe {
    /// How the probe went.
    public struct Outcome: Sendable {
        /// What the terminal said, with the tty's pixel size filled in where it was silent.
        public var capabilities: TerminalCapabilities
        /// Keys the user typed during the probe, in order, for the caller's decoder; with
        /// any reply the timeout cut short, which the decoder skips.
        public var leftoverInput: [UInt8]
        /// From the queries' write to the last read.
        public var elapsed: Duration
        /// Whether DA1's reply came in time, ending the probe before the timeout.
        public var isComplete: Bool

        /// An outcome as given, for reports and their tests.
        public init(capabilities: TerminalCapabilities, leftoverInput: [UInt8], elapsed: Duration, isComplete: Bool) {
            self.capabilities = capabilities
            self.leftoverInput = leftoverInput
            self.elapsed = elapsed
            self.isComplete = isComplete
        }
    }

    /// Long enough for a terminal on the same machine or a LAN (they answer within a few
    /// ms), short enough that a terminal which answers nothing delays start-up unnoticed.
    public static let defaultTimeout: Duration = .milliseconds(250)

    /// Writes the queries to `output` in one write and reads `input` until DA1's reply or
    /// `timeout`, whichever comes first. Both must be the same terminal. `environment`
    /// is where TMUX is looked for.
    ///
    /// - Throws: `.notATerminal` when either descriptor is not a terminal; a system call's
    ///   error when the terminal cannot be written or read. The tty modes are restored on
    ///   every way out.
    public static func probe(input: Int32, output: Int32, timeout: Duration = defaultTimeout,
                             environment: [String: String]) throws(TerminalError) -> Outcome {
        guard SystemCalls.isTerminal(input) else { throw .notATerminal(descriptor: input) }
        guard SystemCalls.isTerminal(output) else { throw .notATerminal(descriptor: output) }
        let quiet = try QuietInput(input)
        defer { quiet.restore(discardingInput: false) }

        let clock = ContinuousClock()
        let start = clock.now
        var probe = TerminalCapabilityProbe(environment: environment)
        try TerminalWriter(descriptor: output).write(probe.queriesToWrite)
        try readReplies(from: input, into: &probe, until: start + timeout, clock: clock)
        let elapsed = clock.now - start
        let geometry = try? SystemCalls.windowGeometry(output)
        let (capabilities, leftover) = probe.finish(windowPixels: geometry?.pixels, cells: geometry?.cells)
        return Outcome(capabilities: capabilities, leftoverInput: leftover, elapsed: elapsed,
                       isComplete: probe.isComplete)
    }

    /// Reads until the probe is complete, the deadline passes, or the tty hangs up. After
    /// the deadline one last look (a poll of 0 ms) takes what has already arrived.
    private static func readReplies(from input: Int32, into probe: inout TerminalCapabilityProbe,
                                    until deadline: ContinuousClock.Instant, clock: ContinuousClock) throws(TerminalError) {
        var buffer = [UInt8](repeating: 0, count: 1024)
        while !probe.isComplete {
            let left = max(deadline - clock.now, .zero)
            var fds = [pollfd(fd: input, events: Int16(POLLIN), revents: 0)]
            _ = try SystemCalls.poll(&fds, timeoutMilliseconds: TerminalSession.milliseconds(left))
            if fds[0].revents & Int16(POLLIN) != 0 {
                let count = try buffer.withUnsafeMutableBytes { bytes in Result { () throws(TerminalError) in
                    try SystemCalls.read(input, into: bytes)
                } }.get()
                if count == 0 { return }
                if let count { probe.receive(buffer[..<count]) }
            } else if fds[0].revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 {
                return
            }
            // Past the deadline only the one look: a key held down must not keep us here.
            if left == .zero { return }
        }
    }
}
