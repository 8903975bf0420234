/// How many bytes a frame may take on the way to the terminal: the link's rate (measured, or
/// assumed by `--link-rate N`) over the frame rate, less headroom for keys' echo and the bar.
///
/// The measure is what the terminal read while its buffer was full: the writer's pieces
/// that waited after one that waited (`TerminalWriter.Drain`), bytes over their waits. That
/// is the link's rate exactly: neither the buffer's room (a frame into an empty buffer goes
/// at once) nor the link's idle time between frames counts. A frame that fits the buffer
/// says nothing of the rate, so a stretch in which writes seldom waited says only that the
/// link is at least that fast: the measure is raised to it, never lowered, and a link that
/// got faster is found when the quality ladder tries a finer rung (`QualityLadder.probeAfter`).
///
/// Pure: the caller says what it wrote, when, and what the terminal read while it waited.
public struct LinkBudget: Sendable {
    public let setting: LinkRate
    /// The share of the rate the video's frames may take.
    public var share = 0.85
    /// A stretch this long is judged at its end for the rule above (nothing waited).
    public var window = Duration.milliseconds(500)
    /// A write's drain shorter than this is not taken: a reader that takes its bytes in
    /// bursts (every few milliseconds at 0.5 MB/s) or a writer the scheduler paused for a
    /// moment (which looks like a wait) makes a short one up to several times the rate.
    public var shortestDrain = Duration.milliseconds(5)
    /// The measure is the latest drains' bytes over their time, as far back as this much
    /// time of drain: each write's drain alone scatters (at 1 MB/s from 0.5 to 1.4 MB/s
    /// over 12-45 ms: the reader's own pauses), their sum does not; a link that changed is
    /// followed within this much time of waiting.
    public var pooledTime = Duration.milliseconds(200)

    /// The drain in bytes a second (`auto` only): measured while the link was full, raised
    /// to what went through without waiting (over `share`); nil while no write has waited.
    public private(set) var measured: Double?
    private var windowStart: HostTime?
    private var windowBytes = 0
    private var windowDrainTime = Duration.zero
    private var drains: [(bytes: Int, seconds: Double)] = []
    private var pooledBytes = 0
    private var pooledSeconds = 0.0

    public init(setting: LinkRate) {
        self.setting = setting
    }

    /// The rate the budget is made from: nil when nothing limits (off, or a link never full).
    public var bytesPerSecond: Double? {
        switch setting {
        case .off: nil
        case .fixed(let rate): Double(rate)
        case .auto: measured
        }
    }

    /// Bytes a frame may take at `framesPerSecond`; nil when nothing limits.
    public func bytesPerFrame(framesPerSecond: Double) -> Int? {
        guard let rate = bytesPerSecond else { return nil }
        return Int(rate * share / max(1, framesPerSecond))
    }

    /// `bytes` were written at `start`, the write waiting `blocked` for the terminal, which
    /// read `drainedBytes` in `drainTime` while its buffer was full (0: it never was).
    public mutating func wrote(bytes: Int, blocked: Duration, at start: HostTime,
                               drainedBytes: Int = 0, drainTime: Duration = .zero) {
        guard case .auto = setting else { return }
        if drainedBytes > 0, drainTime >= shortestDrain {
            windowDrainTime += drainTime
            drains.append((drainedBytes, drainTime.seconds))
            pooledBytes += drainedBytes
            pooledSeconds += drainTime.seconds
            while let oldest = drains.first, pooledSeconds - oldest.seconds >= pooledTime.seconds {
                drains.removeFirst()
                pooledBytes -= oldest.bytes
                pooledSeconds -= oldest.seconds
            }
            measured = Double(pooledBytes) / pooledSeconds
        }
        let begun = windowStart ?? start
        windowStart = begun
        windowBytes += bytes
        let end = start.advanced(by: blocked)
        let span = end.elapsed(since: begun).seconds
        guard span >= window.seconds else { return }
        let throughput = Double(windowBytes) / span
        // With a tenth to spare: frames that fit without waiting must not look a hair over.
        // A link full for a moment here and there (a frame a little over the buffer) is
        // not full: its samples come too slowly to follow a link that got faster.
        if windowDrainTime.seconds < 0.1 * span, let rate = measured, throughput / share / 0.9 > rate {
            measured = throughput / share / 0.9
            // The drains spoke of a slower link.
            drains.removeAll()
            pooledBytes = 0
            pooledSeconds = 0
        }
        windowStart = end
        windowBytes = 0
        windowDrainTime = .zero
    }
}

extension Duration {
    /// The duration in seconds, as a Double.
    public var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
