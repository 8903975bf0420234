/// Two videos at once, one full screen and one in the PiP window, and the swap that
/// exchanges them (ARCHITECTURE.md, "Two videos"; after tvOS's PiP content swap).
///
/// Each video keeps its own `PlaybackStateMachine`; the coordinator drives the two through
/// their PiP transitions and hands back their effects interleaved in this order:
///
///     willStart             the one going to the window
///     restoreUserInterface  the one going full screen   (the app answers `restoreCompleted`)
///     willStop              the one going full screen
///     didStart              the one going to the window
///     didStop               the one going full screen
///
/// There is no animation between the two places: each area changes content at once, so
/// the machines' `.animate` effects are not passed on and the coordinator finishes them
/// itself. Neither video's position or play/pause state changes. Like the machines it is a
/// value with no clock and no I/O; the app owns it with the two machines and passes them in.
public struct ContentSwapCoordinator: Sendable {
    /// Which of the two videos an effect concerns, named by where it is going.
    public enum Side: Hashable, Sendable {
        /// Full screen until now; goes to the window.
        case toWindow
        /// In the window until now; goes full screen.
        case toFullScreen
    }

    /// One effect of one video's machine.
    public struct Step: Hashable, Sendable, CustomStringConvertible {
        public var side: Side
        public var effect: PlaybackEffect
        public init(_ side: Side, _ effect: PlaybackEffect) { self.side = side; self.effect = effect }
        public var description: String { "\(side).\(effect)" }
    }

    /// True between `swap` and `restoreCompleted`: the app has been asked to bring the
    /// window's video full screen.
    public private(set) var isSwapping = false

    public init() {}

    /// Why a swap cannot start now; nil when it can. It needs one video full screen and
    /// settled (ready, not starting or leaving PiP) and the other settled in the window.
    public func refusal(fullScreen: PlaybackStateMachine, window: PlaybackStateMachine) -> PlaybackRefusal? {
        let front = fullScreen.snapshot, back = window.snapshot
        if back.pip.phase == .inactive { return .nothingToSwap }
        if isSwapping || back.pip.phase != .active || front.pip.phase != .inactive { return .swapInProgress }
        if front.range == nil { return .mediaNotReady }
        return nil
    }

    /// Starts a swap: `willStart` for the full-screen video, `restoreUserInterface` for the
    /// window's. The app brings the window's video full screen and answers with
    /// `restoreCompleted`. A swap that cannot happen changes nothing and says why
    /// (`.refused`, on the side of the video the user acted on: the full-screen one).
    public mutating func swap(fullScreen: inout PlaybackStateMachine, window: inout PlaybackStateMachine,
                              at now: HostTime) -> [Step] {
        if let reason = refusal(fullScreen: fullScreen, window: window) { return [Step(.toWindow, .refused(reason))] }
        // The full-screen video may go to the window only because the window's video leaves it.
        _ = fullScreen.handle(.windowOccupied(false), at: now)
        let starting = fullScreen.handle(.startPiP, at: now)
        guard starting.first == .willStart else {
            // Not possible after all (no picture, PiP turned off, terminal too small).
            _ = fullScreen.handle(.windowOccupied(true), at: now)
            return starting.map { Step(.toWindow, $0) }
        }
        isSwapping = true
        return [Step(.toWindow, .willStart)] + window.handle(.restoreFromPiP, at: now).map { Step(.toFullScreen, $0) }
    }

    /// The app's answer to `restoreUserInterface`. `true`: the window's video is full screen,
    /// so it stops PiP (`willStop`), the other's window is up (`didStart`) and the first's
    /// PiP is over (`didStop`). `false`: the window's video could not be shown full screen;
    /// its PiP ends without it (`willStop`, then `didStop` and `.pause` after the other's
    /// `didStart`, as a close does) and the other one is in the window all the same.
    public mutating func restoreCompleted(_ restored: Bool, fullScreen: inout PlaybackStateMachine,
                                          window: inout PlaybackStateMachine, at now: HostTime) -> [Step] {
        guard isSwapping else { return [] }
        isSwapping = false
        var stopping = window.handle(.restoreCompleted(restored), at: now)
        stopping.removeAll { $0 == .animate(.exit) }
        let stopped = restored ? window.handle(.animationFinished(.exit), at: now) : []
        let started = fullScreen.handle(.animationFinished(.enter), at: now)
        _ = window.handle(.windowOccupied(true), at: now)
        // willStop first, then didStart, then the rest of the stop (didStop, and the pause
        // of a stop without restoring).
        let willStop = Array(stopping.prefix(1)), rest = Array(stopping.dropFirst()) + stopped
        return willStop.map { Step(.toFullScreen, $0) } + started.map { Step(.toWindow, $0) }
            + rest.map { Step(.toFullScreen, $0) }
    }
}
