/// What the views draw: a read-only copy of the state machine's state after an event. The
/// full-screen control bar and the PiP controls both draw from it, so the paused state
/// they show is always the machine's.
public struct PlaybackSnapshot: Hashable, Sendable {
    /// Playing, or (before the media is ready) going to play once it is.
    public var isPlaying: Bool
    /// Stopped at the end without looping; `.play` starts again from the beginning.
    public var isFinished: Bool
    /// The time of the frame shown, or the target of the last seek until a frame reports.
    public var position: MediaTime
    /// The playable range, nil until `mediaReady`.
    public var range: PlayableRange?
    /// For live input, the newest decoded frame (where a forward skip stops).
    public var newestFrame: MediaTime?
    /// Where the player is: full screen, behind another pane, or in the PiP window.
    public var presentation: PlayerPresentation
    /// PiP supported / possible / active, and why not.
    public var pip: PiPStatus
    /// Linear playback is required at the current position (`--linear`).
    public var isLinear: Bool
    /// Why skipping and seeking are disabled now (controls draw them greyed), nil when allowed.
    public var skipDisabledReason: PlaybackRefusal?
    /// The last size sent with `.setRenderSize`.
    public var renderSize: Viewport?
    /// When the current presentation or PiP phase began (the app's animation clock).
    public var phaseSince: HostTime
    /// The A-B loop, while one is set: the progress lines draw it.
    public var loop: ABLoop?
    /// How fast it plays; the bar shows it when it is not 1×.
    public var speed: PlaybackSpeed

    /// Views get snapshots from `PlaybackStateMachine.snapshot`; this init lets their tests
    /// make one directly.
    public init(
        isPlaying: Bool = false, isFinished: Bool = false, position: MediaTime = .zero,
        range: PlayableRange? = nil, newestFrame: MediaTime? = nil,
        presentation: PlayerPresentation = .fullScreen, pip: PiPStatus = PiPStatus(),
        isLinear: Bool = false, skipDisabledReason: PlaybackRefusal? = nil,
        renderSize: Viewport? = nil, phaseSince: HostTime = .zero, loop: ABLoop? = nil,
        speed: PlaybackSpeed = .normal
    ) {
        self.isPlaying = isPlaying; self.isFinished = isFinished; self.position = position
        self.range = range; self.newestFrame = newestFrame; self.presentation = presentation
        self.pip = pip; self.isLinear = isLinear; self.skipDisabledReason = skipDisabledReason
        self.renderSize = renderSize; self.phaseSince = phaseSince; self.loop = loop
        self.speed = speed
    }

    public var isMediaReady: Bool { range != nil }
    /// Live input: no end; the progress bar says LIVE.
    public var isLive: Bool { range?.isLive ?? false }
    /// Skipping and seeking are allowed at this position.
    public var canSkip: Bool { skipDisabledReason == nil }
    /// −15 would move: skipping is allowed and the position is past the start.
    public var canSkipBackward: Bool { canSkip && range.map { position > $0.start } ?? false }
    /// +15 would move: skipping is allowed and the position is before the end (or the newest frame).
    public var canSkipForward: Bool {
        guard canSkip, let range else { return false }
        return position < range.clamp(.init(microseconds: .max), newest: newestFrame ?? position)
    }

    /// The position as the bar and the window's title show it, beside the duration
    /// (`PlayableRange.elapsed`): from 0:00 to the duration for a file.
    public var elapsed: MediaTime { range?.elapsed(at: position) ?? position }

    /// How far along the progress bar the position is, `0...1`. The bar spans the file's
    /// range, or for live input the start to the newest frame.
    public var progressFraction: Double {
        guard let (start, end) = progressSpan, end > start else { return 0 }
        return min(1, max(0, (position - start).seconds / (end - start).seconds))
    }

    /// The time a click at `fraction` of the progress bar asks for: send it as
    /// `.seek(to:)`, which clamps it and may refuse it (linear playback).
    public func time(atProgress fraction: Double) -> MediaTime? {
        guard let (start, end) = progressSpan else { return nil }
        let f = fraction.isFinite ? min(1, max(0, fraction)) : 0
        return start + MediaTime(microseconds: Int64((Double((end - start).microseconds) * f).rounded()))
    }

    /// The times the progress line spans: the file, or for live input up to the newest frame.
    public var progressSpan: (MediaTime, MediaTime)? {
        guard let range else { return nil }
        return (range.start, range.end ?? max(newestFrame ?? position, range.start))
    }
}

/// Where the player's picture is.
public enum PlayerPresentation: Hashable, Sendable, CaseIterable {
    /// The full-screen player is on screen with its controls.
    case fullScreen
    /// The user is on another pane and the video is not in PiP (paused, or never left paused).
    case away
    /// The video is in (or entering or leaving) the PiP window; the player screen, if shown,
    /// draws the placeholder.
    case pictureInPicture
}

/// The phases of PiP from AVKit's delegate's point of view.
public enum PiPPhase: Hashable, Sendable, CaseIterable {
    /// No window.
    case inactive
    /// `willStart` sent, the enter animation runs.
    case starting
    /// The window is up (`didStart` sent).
    case active
    /// `restoreUserInterface` sent; waiting for the app's completion.
    case restoring
    /// `willStop` sent, the exit animation runs.
    case stopping
}

/// AVKit's three properties, plus the reason for the PiP button's greyed state.
public struct PiPStatus: Hashable, Sendable {
    /// The terminal can show a window (`isPictureInPictureSupported`).
    public var isSupported: Bool
    /// Not turned off by `--no-pip`.
    public var isAllowed: Bool
    /// Supported, allowed and the media ready (`isPictureInPicturePossible`).
    public var isPossible: Bool { unavailableReason == nil }
    /// Why PiP is not possible: `notAllowed`, then `notSupported`, then `mediaNotReady`.
    public var unavailableReason: PiPFailure?
    /// The phase the window is in.
    public var phase: PiPPhase
    /// The window is on screen, from `willStart` to `didStop` (`isPictureInPictureActive`).
    public var isActive: Bool { phase != .inactive }

    public init(isSupported: Bool = false, isAllowed: Bool = true, unavailableReason: PiPFailure? = .notSupported,
                phase: PiPPhase = .inactive) {
        self.isSupported = isSupported; self.isAllowed = isAllowed
        self.unavailableReason = unavailableReason; self.phase = phase
    }
}
