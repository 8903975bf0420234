/// The one measure of the link to the terminal: how fast it takes bytes, from every write's
/// drain, cells and pictures alike. The cells' ladder (`LinkFitter`, through `LinkBudget`),
/// the pictures' ladder (the presenter's budget a frame, the same budget) and the pictures'
/// pacer (`PicturePacer`) all read this one, so a link has one rate, in `--stats` and in
/// the closing line. (Before, the pacer kept a second measure of its own, bytes over the
/// time a picture's write was blocked, which counts the pty's room as link.)
///
/// The measure is what the terminal read while its buffer was full: the writer's pieces
/// that waited after one that waited (`TerminalWriter.Drain`), bytes over their waits. That
/// is the link's rate exactly: neither the buffer's room (a frame into an empty buffer goes
/// at once) nor the link's idle time between frames counts. A frame that fits the buffer
/// says nothing of the rate, so a stretch in which writes seldom waited says only that the
/// link is at least that fast: the measure is raised to it, never lowered, and a link that
/// got faster is found when the quality ladder tries a finer rung (`QualityLadder.probeAfter`)
/// or the pacer a larger size (it stops trusting a measure no wait has renewed lately,
/// `measured(at:within:)`).
///
/// It measures whatever `--link-rate` says: the setting decides what the budget is made
/// from (`LinkBudget`), and the pacer paces pictures by the drain in every setting.
///
/// A class, not a value, because there is one per terminal and three readers: the UI thread
/// owns it (the loop feeds it after each write, `App.measureLink`). Pure: the caller says
/// what it wrote, when, and what the terminal read while it waited; nothing here reads a clock.
public final class LinkMeter {
    /// The share of the rate the video's frames are fitted to (`LinkBudget.share`): frames
    /// that went through without waiting at a throughput say the link takes at least that
    /// over this share.
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

    /// The drain in bytes a second: measured while the link was full, raised to what went
    /// through without waiting (over `share`); nil while no write has waited.
    public private(set) var bytesPerSecond: Double?
    /// When a write last waited long enough to be measured.
    public private(set) var lastDrainAt: HostTime?
    private var windowStart: HostTime?
    private var windowBytes = 0
    private var windowDrainTime = Duration.zero
    private var drains: [(bytes: Int, seconds: Double)] = []
    private var pooledBytes = 0
    private var pooledSeconds = 0.0

    public init() {}

    /// The measure, if a write waited within `within` of `now`; nil otherwise. Small
    /// pictures go through the pty's buffer without a word about the link, so a reader that
    /// grows them back (the pacer) must not go on trusting what a slower link said long ago.
    public func measured(at now: HostTime, within: Duration) -> Double? {
        guard let lastDrainAt, now.elapsed(since: lastDrainAt) < within else { return nil }
        return bytesPerSecond
    }

    /// `bytes` were written at `start`, the write waiting `blocked` for the terminal, which
    /// read `drainedBytes` in `drainTime` while its buffer was full (0: it never was).
    public func wrote(bytes: Int, blocked: Duration, at start: HostTime, drainedBytes: Int = 0,
                      drainTime: Duration = .zero) {
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
            bytesPerSecond = Double(pooledBytes) / pooledSeconds
            lastDrainAt = start
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
        if windowDrainTime.seconds < 0.1 * span, let rate = bytesPerSecond, throughput / share / 0.9 > rate {
            bytesPerSecond = throughput / share / 0.9
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
