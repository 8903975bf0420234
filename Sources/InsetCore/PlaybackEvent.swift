/// An input to `PlaybackStateMachine`: a user action (from the full-screen controls, the PiP
/// window, a key or the mouse — they are the same events) or a report from the app about
/// the engine, the terminal or an animation.
///
/// The view never changes playback state by itself: it sends one of these, performs the
/// effects that come back, and draws from the snapshot.
public enum PlaybackEvent: Hashable, Sendable {
    // MARK: User actions: playback

    /// Play (space, the play button). At the end of a finished file, plays it again from the start.
    case play
    /// Pause (space, the pause button).
    case pause
    /// Play when paused, pause when playing (space).
    case togglePause
    /// Skip by an interval (←/→, the −15/+15 buttons), clamped to the playable range.
    case skip(by: MediaTime)
    /// Seek to a time (a click on the progress bar), clamped to the playable range.
    case seek(to: MediaTime)
    /// The A-B loop key: the first press sets A at the position, the second B (the loop
    /// then plays between them, the earlier first), the third clears it.
    case cycleLoopPoint
    /// Play at this speed (`[`, `]`, Backspace, `--speed`); playing or paused, it holds
    /// until changed, across seeks and the window.
    case setSpeed(PlaybackSpeed)

    // MARK: User actions: picture in picture

    /// Start PiP (`p`, the PiP button); AVKit's `startPictureInPicture()`.
    case startPiP
    /// Bring the player back from PiP (the restore button, `f`, Enter on the window).
    case restoreFromPiP
    /// Close the PiP window (the close button, `x`): PiP stops and playback pauses.
    case closePiP
    /// The "home" action (Esc): leave the full-screen player for another pane. A playing
    /// video goes on in PiP when automatic start is allowed.
    case leavePlayer
    /// The user opens this video's player again (e.g. Enter on it in the library). From PiP
    /// this is a restore; from another pane the app simply shows the player again.
    case returnToPlayer

    // MARK: Reports from the app

    /// The media is open and its playable range known. The first report starts playback
    /// (`.play`) when the configuration autoplays; later ones only update the range.
    case mediaReady(PlayableRange)
    /// The time of the frame now shown. Report only frames of the current seek serial, so a
    /// stale frame cannot pull the position back after a seek.
    case positionChanged(MediaTime)
    /// For live input: the time of the newest decoded frame, where a forward skip stops.
    case newestFrameChanged(MediaTime)
    /// The engine ran out of media (end of file, or end of a live stream).
    case reachedEnd
    /// Whether the terminal can show a PiP window now (size, colours); see
    /// `PiPLayout.canShow(on:)`. Changes only what is *possible*: an active window stays.
    case pipSupportChanged(Bool)
    /// Another video holds the PiP window (ARCHITECTURE.md, "Two videos"): this one
    /// cannot start PiP by itself, and leaving its player pauses it instead of starting PiP.
    /// Only a swap (`ContentSwapCoordinator`) moves it into the window.
    case windowOccupied(Bool)
    /// The media gained or lost its moving picture (a sound-only file's visualiser turned
    /// on or off): PiP is possible only with one. Changes only what is possible, as
    /// `pipSupportChanged`: the app does not take the picture from an active window.
    case pictureChanged(Bool)
    /// The app finished running an enter or exit animation that an `.animate` effect asked for.
    case animationFinished(PiPAnimation)
    /// The app's answer to `.restoreUserInterface`: AVKit's completion handler. `true` when
    /// the player is back on screen, `false` when it could not be brought back.
    case restoreCompleted(Bool)
    /// Where the picture is drawn now (the PiP window's video area or the full screen) and
    /// how its cells hold pixels, so the decoder scales to exactly that.
    case renderSizeChanged(Viewport)
}

extension PlaybackEvent {
    /// The interval of the ±15 s skip keys and buttons.
    public static let skipInterval = MediaTime.seconds(15)
    /// +15 s (→, the +15 button).
    public static let skipForward = PlaybackEvent.skip(by: skipInterval)
    /// −15 s (←, the −15 button).
    public static let skipBackward = PlaybackEvent.skip(by: -skipInterval)
}
