/// Whether playback is waiting for its input ("buffering…"), from what the player sees
/// rather than from how the input is read: playing, not at the end, and nothing new to
/// show for a while. A stalled server, a slow link and a live stream waiting for its next
/// segment all look alike from here, and they are alike to the user: the picture holds.
///
/// Fed once per tick with `observe`; a frame shown resets the wait. How much is buffered
/// is given when the feeder knows it (a demuxer's packet queues do; the frame queue alone
/// does not, as it is empty whenever this shows).
///
/// Value type, UI thread.
public struct BufferingWatch: Sendable {
    /// How long without a new frame, while starved, before the wait is said: far above a
    /// frame's interval (no flicker between frames, or while a seek decodes up to its
    /// target), short enough that a stall is told within a glance.
    public static let threshold: Duration = .milliseconds(500)

    public private(set) var isBuffering = false
    /// What is buffered ahead of the picture, when known.
    public private(set) var buffered: MediaTime?
    private var starvedSince: HostTime?

    public init() {}

    /// A frame was shown: whatever waited is over.
    public mutating func frameShown() -> Bool {
        starvedSince = nil
        return set(false)
    }

    /// One look: `starved` is true while playing, not at the end of the input, with no
    /// frame waiting to be shown. Returns whether `isBuffering` changed.
    public mutating func observe(starved: Bool, buffered: MediaTime? = nil, at now: HostTime) -> Bool {
        self.buffered = buffered
        guard starved else {
            starvedSince = nil
            return set(false)
        }
        let since = starvedSince ?? now
        starvedSince = since
        return set(now.elapsed(since: since) >= BufferingWatch.threshold)
    }

    /// When to look again so the wait is said on time; nil when nothing is pending.
    public func nextCheck(after now: HostTime) -> Duration? {
        guard let since = starvedSince, !isBuffering else { return nil }
        let due = since.advanced(by: BufferingWatch.threshold)
        return due > now ? due.elapsed(since: now) : .zero
    }

    /// The words for the bar: "buffering…", with what is buffered when known.
    public var label: String? {
        guard isBuffering else { return nil }
        guard let buffered else { return "buffering…" }
        let tenths = max(0, buffered.microseconds + 50_000) / 100_000
        return "buffering… \(tenths / 10).\(tenths % 10) s buffered"
    }

    private mutating func set(_ value: Bool) -> Bool {
        defer { isBuffering = value }
        return isBuffering != value
    }
}
