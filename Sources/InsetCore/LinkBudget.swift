/// How many bytes a frame may take on the way to the terminal: the link's rate (measured, or
/// assumed by `--link-rate N`) over the frame rate, less headroom for keys' echo and the bar.
///
/// The measure is the throughput of the writes while the link is full. A write that waits
/// means the pty's buffer (tens of kilobytes on Linux, more over SSH: the socket's) is full,
/// and while it stays full the terminal drains without a pause, so the bytes written over a
/// stretch in which writes kept waiting are what the terminal took: its rate. One write's
/// bytes over its wait would count the buffer's share as free (a 70 KB frame into 50 KB of
/// room waits for 20 KB only). A stretch in which nothing waited says only that the link
/// is at least that fast: the measure is raised to it, never lowered, so a link that got
/// faster is found when the quality ladder tries a finer rung (`QualityLadder.probeAfter`).
///
/// Pure: the caller says what it wrote, when, and how long the write waited.
public struct LinkBudget: Sendable {
    public let setting: LinkRate
    /// The share of the rate the video's frames may take.
    public var share = 0.85
    /// A stretch this long is judged at its end.
    public var window = Duration.milliseconds(500)
    /// Writes in a stretch must have waited this share of it for the link to count as full:
    /// a write larger than the pty's buffer waits for the reader even on a fast terminal (a
    /// few milliseconds, more on a loaded machine), and frames at the budget wait some of
    /// the time; a link that cannot take the frames keeps the writer waiting most of it.
    public var fullShare = 0.5

    /// The drain in bytes a second (`auto` only): measured while the link was full, raised
    /// to what went through without waiting (over `share`); nil while no write has waited.
    public private(set) var measured: Double?
    private var windowStart: HostTime?
    private var windowBytes = 0
    private var windowBlocked = 0.0

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

    /// `bytes` were written at `start`, the write waiting `blocked` for the terminal.
    public mutating func wrote(bytes: Int, blocked: Duration, at start: HostTime) {
        guard case .auto = setting else { return }
        let begun = windowStart ?? start
        windowStart = begun
        windowBytes += bytes
        windowBlocked += blocked.seconds
        let end = start.advanced(by: blocked)
        let span = end.elapsed(since: begun).seconds
        guard span >= window.seconds else { return }
        let throughput = Double(windowBytes) / span
        if windowBlocked >= span * fullShare {
            measured = measured.map { 0.5 * $0 + 0.5 * throughput } ?? throughput
        } else if let rate = measured, throughput / share / 0.9 > rate {
            // With a tenth to spare: frames that fit without waiting must not look a hair over.
            measured = throughput / share / 0.9
        }
        windowStart = end
        windowBytes = 0
        windowBlocked = 0
    }
}

extension Duration {
    /// The duration in seconds, as a Double.
    public var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
