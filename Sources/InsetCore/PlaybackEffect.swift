/// What the app must do after an event, in the order given. The PiP effects carry the names
/// of AVPictureInPictureControllerDelegate's callbacks, so a test reads like the reference:
/// `[.willStart, .animate(.enter)]`, then `[.didStart]`.
public enum PlaybackEffect: Hashable, Sendable {
    // MARK: Playback: the app drives the engine and the audio device

    /// Start or resume the engine and the audio.
    case play
    /// Pause the engine and the audio.
    case pause
    /// Seek the engine to this (already clamped) time and show the frame at it.
    case seek(to: MediaTime)
    /// Playback reached the end and does not loop: a single file quits; in the library the
    /// video stays on its last frame, paused.
    case finished
    /// The action was not carried out; the controls may say why.
    case refused(PlaybackRefusal)
    /// Play the clock and the sound at this speed from now on (the sound through FFmpeg's
    /// `atempo`, so the pitch is kept).
    case setSpeed(PlaybackSpeed)
    /// Tell the decoder to scale for this viewport from now on.
    case setRenderSize(Viewport)

    // MARK: Picture in picture, in AVKit's vocabulary

    /// PiP is about to start: show the window's first animation frame (delegate's `willStart`).
    case willStart
    /// Run this animation, then send `.animationFinished` with the same value.
    case animate(PiPAnimation)
    /// The window is up (delegate's `didStart`).
    case didStart
    /// A start that cannot happen, and why (delegate's `failedToStartPictureInPictureWithError`).
    case failedToStart(PiPFailure)
    /// Bring the player back on screen, then send `.restoreCompleted(_:)` (delegate's
    /// `restoreUserInterfaceForPictureInPictureStop(completionHandler:)`).
    case restoreUserInterface
    /// PiP is about to stop (delegate's `willStop`).
    case willStop
    /// The window is gone (delegate's `didStop`).
    case didStop
}

/// The animations between the full-screen player and the PiP window. The app runs them
/// (frames from `PiPLayout.enterFrame`/`exitFrame`) and reports the end.
public enum PiPAnimation: Hashable, Sendable, CaseIterable {
    /// From the player's video rectangle into the window.
    case enter
    /// From the window back to the player's video rectangle.
    case exit
}

/// Why PiP did not start, as the PiP button's greyed state and message say.
public enum PiPFailure: Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// Turned off by `--no-pip`.
    case notAllowed
    /// The terminal cannot show it (too small, too few colours).
    case notSupported
    /// The media is not open yet.
    case mediaNotReady
    /// PiP is starting or already active.
    case alreadyActive
    /// PiP is on its way out (restoring or stopping); start again once it has stopped.
    case stopInProgress
    /// The media has no moving picture (sound only): nothing to show in a window.
    case noPicture
    /// Another video is in the window; a swap exchanges the two.
    case windowOccupied

    public var description: String {
        switch self {
        case .notAllowed: "picture in picture is turned off (--no-pip)"
        case .notSupported: "the terminal is too small for picture in picture"
        case .mediaNotReady: "the video is not ready yet"
        case .alreadyActive: "picture in picture is already on"
        case .stopInProgress: "picture in picture is closing"
        case .noPicture: "this file has no picture to show in a window"
        case .windowOccupied: "another video is in the window (w swaps them)"
        }
    }
}

/// Why a playback or PiP action was refused.
public enum PlaybackRefusal: Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// Skipping and seeking are disabled here (`--linear`).
    case linearPlayback
    /// The media is not open yet, so there is no range to skip in.
    case mediaNotReady
    /// Restore or close asked while PiP is not active.
    case pipNotActive
    /// Close asked while PiP is already on its way out.
    case pipTransitionInProgress
    /// A swap needs a second video in the window.
    case nothingToSwap
    /// A swap asked while either video's window is starting, stopping or mid-swap.
    case swapInProgress

    public var description: String {
        switch self {
        case .linearPlayback: "skipping is not allowed here"
        case .mediaNotReady: "the video is not ready yet"
        case .pipNotActive: "picture in picture is not on"
        case .pipTransitionInProgress: "picture in picture is already closing"
        case .nothingToSwap: "there is no second video in the window to swap with"
        case .swapInProgress: "wait for the window to settle before swapping"
        }
    }
}
