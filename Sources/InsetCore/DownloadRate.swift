/// How fast the input arrives, from what the demuxer reads: bytes, and the time it spent
/// waiting inside reads, over the last few seconds. A demuxer busy reading nearly all the
/// time is held back by the link, and the bytes over the time are what the link carries;
/// one mostly idle (its read-ahead full) shows only that the link carries more than it
/// took, by about the idle share (`capacity`).
public struct DownloadRate: Sendable {
    /// How far back the estimate looks.
    public let window: Double
    private var samples: [(at: Double, bytes: Int, busy: Double)] = []
    private var head = 0

    public init(window: Double = 4) { self.window = window }

    /// A read that returned `bytes` after waiting `busy` seconds, ending at `at` (seconds
    /// on any monotonic clock).
    public mutating func note(at: Double, bytes: Int, busy: Double) {
        samples.append((at, bytes, busy))
        while head < samples.count && samples[head].at < at - window { head += 1 }
        if head > 512 { samples.removeFirst(head); head = 0 }
    }

    /// Forgets what was measured (a seek, a variant switch: the reads start over).
    public mutating func reset() { samples.removeAll(); head = 0 }

    /// What the link carries, in bytes per second, and how sure that is: `held` when the
    /// reads were held back by the link (busy most of the window), else a lower bound from
    /// the idle share. Nil until reads span half the window.
    public func capacity(at now: Double) -> (bytesPerSecond: Double, held: Bool)? {
        // Asked by the decode thread at every packet of an HLS master: one pass, no copy.
        guard let start = samples[head...].firstIndex(where: { $0.at >= now - window }) else { return nil }
        let first = samples[start]
        guard now - first.at >= window / 2 else { return nil }
        // From when the first read in the window began waiting.
        let span = now - first.at + first.busy
        var bytes = 0.0, busy = 0.0
        for sample in samples[start...] {
            bytes += Double(sample.bytes)
            busy += sample.busy
        }
        let share = min(1, busy / span)
        if share >= 0.8 { return (bytes / span, true) }
        return (bytes / span / max(share, 0.1), false)
    }
}

/// The variant a measured download rate can carry, on top of the choice by render size:
/// each variant's BANDWIDTH (bits per second) against the rate with a margin. Held back
/// by the link, playback steps down to what it carries; with room to spare it steps back
/// up, one variant at a time and never past the render size's choice. Room to spare is a
/// guess (what the socket buffered while the reader idled comes in at once), so a step up
/// that the link then holds back is stepped down again and not tried for a while, twice
/// as long each time (10 s, 20 s… up to a minute), as players probe a link.
public struct VariantRateGovernor: Sendable {
    /// A variant is carried when its bandwidth is under this share of the rate.
    public static let margin = 0.8
    public static let firstBackOff = 10.0
    public static let longestBackOff = 60.0

    /// The variant the link failed to carry, and until when it is not tried again.
    public private(set) var ceiling: (variant: Int, until: Double)?
    private var backOff = VariantRateGovernor.firstBackOff

    public init() {}

    /// `bySize` and `current` are indices into `bandwidths` (smallest first); nil bandwidths
    /// (the playlist gave none) are taken as carried. `now` in seconds, monotonic.
    public mutating func choose(bySize: Int, current: Int, bandwidths: [Int?],
                                capacity: (bytesPerSecond: Double, held: Bool)?, now: Double) -> Int {
        if let ceiling, now >= ceiling.until { self.ceiling = nil }
        // Nothing measured yet (the start, or just after a switch): the size's choice, unless
        // the link failed lately, when what is shown stays until the rate is known.
        guard let capacity else { return ceiling == nil ? bySize : min(bySize, max(current, 0)) }
        let bits = capacity.bytesPerSecond * 8 * VariantRateGovernor.margin
        let carried = { (index: Int) in bandwidths[index].map { Double($0) <= bits } ?? true }
        if capacity.held {
            // Held back: the largest the rate carries, at most the size's choice (the smallest
            // when none is carried). A step down from a variant marks it as too much.
            let chosen = (0...bySize).last(where: carried) ?? 0
            if chosen < current {
                ceiling = (current, now + backOff)
                backOff = min(backOff * 2, VariantRateGovernor.longestBackOff)
            }
            return chosen
        }
        // Room to spare: one step up when the next one is carried and not known to be too much.
        let next = current + 1
        if current < bySize, carried(next), ceiling.map({ next < $0.variant }) ?? true { return next }
        return min(current, bySize)
    }
}
