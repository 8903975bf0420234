/// A seek key held down to find a scene, as video sites scrub: while it is held each press
/// moves a pending target (the bar's time and the thumbnail show it) and nothing is sought;
/// when it is let go the video seeks there once. A single press seeks at once, as ever.
///
/// A terminal sends no key release (kitty's keyboard protocol would, and Inset does not
/// turn it on), only the keyboard's autorepeat: the same key again after the repeat delay,
/// then every repeat interval. So "held" is a seek key pressed again within
/// `repeatWindow` of the press before, and "let go" is no press for `releaseAfter`.
///
/// A value with no clock: the caller passes the time of each press and asks at its
/// wake-ups (`releaseDue`) whether the key has been let go.
public struct SeekScrub: Hashable, Sendable {
    /// A press this soon after the one before is the key held: longer than the usual delay
    /// before the first repeat (X's default 660 ms, GNOME's and Windows' 500 ms, a Mac's
    /// about 375 ms). Two quick taps count as held too, which costs them nothing: their
    /// seek lands `releaseAfter` later, where two taps would have gone.
    public static let repeatWindow = Duration.milliseconds(700)
    /// No press for this long after one that moved the target is the key let go: longer
    /// than a slow repeat interval (a Mac's default is about 90 ms, most others 30 to 40 ms),
    /// short enough that the seek seems to follow the release.
    public static let releaseAfter = Duration.milliseconds(250)

    /// What a press does.
    public enum Press: Hashable, Sendable {
        /// Seek now, as a press always did: a single press, or the first of a hold.
        case tap
        /// The key is held: the pending target moved here; nothing is sought yet.
        case held(target: MediaTime)
    }

    /// Where the video goes when the key is let go; nil while no key is held.
    public private(set) var target: MediaTime?
    private var lastPress: HostTime?

    public init() {}

    public var isHeld: Bool { target != nil }

    /// A seek key by `delta` was pressed at `now`, with the video at `position` (for a tap,
    /// the position its seek came from; the machine's position is the last seek's target
    /// until a frame reports). The target moves from the pending one, or from the position
    /// when the hold begins, and stays within `range`. Ask `release` first: a press after
    /// the key was let go begins again from the position that seek reached.
    public mutating func press(by delta: MediaTime, from position: MediaTime, in range: PlayableRange,
                               at now: HostTime) -> Press {
        defer { lastPress = now }
        guard let last = lastPress, now >= last, now.elapsed(since: last) <= Self.repeatWindow else { return .tap }
        let moved = range.clamp((target ?? position) + delta)
        target = moved
        return .held(target: moved)
    }

    /// When the key counts as let go unless another press comes first; nil while none is held.
    public var releaseDue: HostTime? {
        guard target != nil, let lastPress else { return nil }
        return lastPress.advanced(by: Self.releaseAfter)
    }

    /// The target to seek to once the key has been let go by `now`; nil while it is still
    /// held, or when none was.
    public mutating func release(at now: HostTime) -> MediaTime? {
        guard let due = releaseDue, now >= due else { return nil }
        return finish()
    }

    /// Ends a hold at once (another command came, the video went); its target, if any.
    /// A press soon after is still a repeat: the key may be held on.
    public mutating func finish() -> MediaTime? {
        defer { target = nil }
        return target
    }
}
