/// Where the user is: which pane is in front, where the keyboard's focus is, whether the
/// floating window is up, and where the shell pane goes back to when its program ends.
/// Every change of these is decided here, in one place, from what happened (a command,
/// what a video's PiP machine said, the shell ending); what the app must do about it comes
/// back as `NavigationEffect`s, in order, which the director carries out (as `Playback.send`
/// does for the engine). A value: no clock, no I/O, nothing re-entered.
///
/// It holds which video is where (`Places`, by `VideoID`: full screen, in the window, taking
/// over the window, the place heard) and lets go of a video by an effect (`letGo`); the
/// director's `VideoPlaces` is only a lookup from an id to its playback, read through
/// these places. It is told the rest it needs with each event (`Videos`).
public struct Navigation: Equatable, Sendable {
    public enum Place: Equatable, Sendable, CaseIterable {
        case library, details, player, shell
    }

    public enum Focus: Equatable, Sendable {
        case pane, window
    }

    /// The floating window as the screen has it: opening from its video's `willStart`,
    /// open at `didStart`, gone at `didStop`.
    public enum WindowPhase: Equatable, Sendable {
        case closed, opening, open
    }

    /// What the app has of the videos when an event comes.
    public struct Videos: Equatable, Sendable {
        /// A video full screen (the only one, or one beside the window's).
        public var fullScreen: Bool
        /// A video in the window.
        public var inWindow: Bool
        /// The details pane has a file to show.
        public var hasDetails: Bool

        public init(fullScreen: Bool = false, inWindow: Bool = false, hasDetails: Bool = false) {
            self.fullScreen = fullScreen; self.inWindow = inWindow; self.hasDetails = hasDetails
        }

        /// Only the window's video (none full screen beside it).
        var onlyInWindow: Bool { inWindow && !fullScreen }
    }

    public internal(set) var front: Place
    public internal(set) var focus: Focus = .pane
    public internal(set) var window: WindowPhase = .closed
    /// Which video is where (`Navigation+Places`).
    public internal(set) var places = Places()
    /// Where the shell pane goes back to when its program ends.
    public private(set) var shellReturn: Place = .library

    public init(front: Place) {
        self.front = front
    }

    /// Whether the window is up (opening or open).
    public var windowIsUp: Bool { window != .closed }

    public mutating func handle(_ event: NavigationEvent, videos: Videos = Videos()) -> [NavigationEffect] {
        switch event {
        case .toPlayer: return bring(.player)
        case .toLibrary: return bring(.library)
        case .leavePlayer:
            guard front == .player else { return [] }
            return bring(.library) + (videos.fullScreen || videos.inWindow ? [.leavePlayer] : [])
        case .details: return bring(.details)
        case .back: return front == .details ? bring(.library) : []
        case .shellStarted: return enterShell(videos)
        case .shellEnded: return leaveShell(videos)
        case .focus(let target): return moveFocus(target)
        case .pointerOnPane:
            guard front == .player || front == .shell, focus != .pane else { return [] }
            focus = .pane
            return [.focusChanged]
        case .pipAsked:
            guard front == .player, videos.fullScreen || videos.inWindow else { return [.refused("no full-screen video")] }
            return [.startPiP]
        case .windowWillStart(let video):
            window = .opening
            moveToWindow(video)
            return [.openWindow]
        case .windowDidStart:
            window = .open
            // The video went into the window from the player: the library shows under it.
            return (front == .player ? bring(.library) : []) + [.invalidateLibrary]
        case .restoreUserInterface:
            // The window's video comes back full screen, in place of a second one.
            focus = .pane
            return closeBesideWindow() + bring(.player) + [.completeRestore]
        case .windowDidStop:
            window = .closed
            focus = .pane
            return [.closeWindow] + windowVideoGone()
        case .swapped:
            focus = .pane
            (places.fullScreen, places.window) = (places.window, places.fullScreen)
            return bring(.player) + [.invalidateLibrary]
        case .opened(let place): return opened(place)
        case .cannotShow: return front == .player ? bring(.library) + [.invalidateLibrary] : [.invalidateLibrary]
        case .videosGone:
            window = .closed
            focus = .pane
            return letGoOfAll() + [.closeWindow]
        case .places(let change):
            return handlePlaces(change)
        case .sized(let screen):
            return renderSizes(on: screen)
        }
    }

    /// `place` in front (nothing to do when it already is).
    mutating func bring(_ place: Place) -> [NavigationEffect] {
        guard front != place else { return [] }
        let left = front
        front = place
        return [.bringForward(place)] + frontMoved(from: left)
    }

    /// The shell pane in front, its program started: a playing video goes on in the window,
    /// as when the player is left for the library.
    private mutating func enterShell(_ videos: Videos) -> [NavigationEffect] {
        guard front != .shell else { return [] }
        let leaving = front
        shellReturn = leaving
        focus = .pane
        return bring(.shell) + (leaving == .player && (videos.fullScreen || videos.inWindow) ? [.leavePlayer] : [])
    }

    /// The shell's program ended: back where the user was, a video brought back full screen
    /// if the player was left for the shell.
    private mutating func leaveShell(_ videos: Videos) -> [NavigationEffect] {
        guard front == .shell else { return [] }
        focus = .pane
        var effects: [NavigationEffect]
        switch shellReturn {
        case .player where videos.fullScreen || videos.inWindow:
            if videos.onlyInWindow {
                effects = bring(.library) + [.restoreWindowVideo]
            } else {
                effects = bring(.player) + [.returnToPlayer]
            }
        case .details where videos.hasDetails:
            effects = bring(.details)
        default:
            effects = bring(.library)
        }
        return effects + [.invalidateLibrary]
    }

    private mutating func moveFocus(_ target: NavigationEvent.FocusTarget) -> [NavigationEffect] {
        switch target {
        case .pane:
            guard focus != .pane else { return [] }
            focus = .pane
        case .window:
            guard windowIsUp else { return [.refused("no video in a window"), .say("no video in a window")] }
            guard focus != .window else { return [] }
            focus = .window
        case .toggle:
            guard windowIsUp else { return [.refused("no video in a window")] }
            focus = focus == .pane ? .window : .pane
        }
        return [.focusChanged]
    }

    /// A file was opened (or asked to be) for `place`.
    private mutating func opened(_ place: NavigationEvent.Opening) -> [NavigationEffect] {
        switch place {
        case .fullScreen: return bring(.player)
        case .besideWindow: return bring(.player)
        case .behindLibrary: return bring(.library)
        case .inShell: return []
        }
    }
}

/// What happened that may move the user: a command, what a video's machine said, a pane's
/// own ending.
public enum NavigationEvent: Equatable, Sendable {
    public enum FocusTarget: Equatable, Sendable { case toggle, window, pane }

    /// Where a file just opened (or chosen) is to be seen.
    public enum Opening: Equatable, Sendable {
        /// Full screen, the only video (or coming back from the window).
        case fullScreen
        /// Full screen beside the window's video.
        case besideWindow
        /// Started behind the library (`--pip`: it goes to the window by itself).
        case behindLibrary
        /// The shell stays in front (`--shell`: the file plays in the window over it).
        case inShell
    }

    /// The player in front (a video brought back, chosen again, or shown as PiP could not start).
    case toPlayer
    /// The library in front (at start, or the user's choice).
    case toLibrary
    /// Esc in the player, the "home" action: the library; a video goes on in the window.
    case leavePlayer
    /// A file's details in front.
    case details
    /// Back from the details to the library.
    case back
    /// The shell pane's program is running: the pane in front.
    case shellStarted
    /// The shell pane's program ended.
    case shellEnded
    case focus(FocusTarget)
    /// A press on a pane (the player, the shell): the focus comes back to it.
    case pointerOnPane
    /// `pip` asked: allowed from the player with a video there.
    case pipAsked
    /// The window's video machine: `willStart` (of the video that goes into the window),
    /// `didStart`, `restoreUserInterface`, `didStop`.
    case windowWillStart(VideoID)
    case windowDidStart
    case restoreUserInterface
    case windowDidStop
    /// The two videos changed places.
    case swapped
    case opened(Opening)
    /// Nothing can be shown of what was asked (it could not be opened): the library.
    case cannotShow
    /// Every video stopped and the window closed (another file replaces them).
    case videosGone
    /// Which video is where changed (`Navigation+Places`).
    case places(PlacesEvent)
    /// The sizes are due (a place, the screen or the window changed): each placed video's
    /// render size and decode rate (`Navigation+RenderSizes`).
    case sized(Navigation.Screen)
}

/// What the director does about a move, in order.
public enum NavigationEffect: Equatable, Sendable {
    /// `place`'s pane in front (drawn whole).
    case bringForward(Navigation.Place)
    case focusChanged
    /// The front video's machine is told the player was left (`leavePlayer`: PiP starts by
    /// itself where allowed, else it pauses).
    case leavePlayer
    /// The front video's machine is told the player is back (`returnToPlayer`).
    case returnToPlayer
    /// The window's video is asked back full screen (`restoreFromPiP`).
    case restoreWindowVideo
    /// The front video's machine is asked to start PiP.
    case startPiP
    /// The restore the machine asked for is done (`restoreCompleted(true)`).
    case completeRestore
    /// `video` has no place any more: it stops (`failed`: it could not go on, only stopped,
    /// not retired) and the sound levels change; `keepsFigures`: its statistics are the
    /// closing line's if no other video is left.
    case letGo(VideoID, failed: Bool, keepsFigures: Bool)
    case openWindow
    case closeWindow
    /// `video`, just made, starts playing at `size` (`Playback.start`).
    case start(VideoID, size: Viewport)
    /// `video` is decoded for `size` with `lightening`'s frames left out (set where they
    /// differ from what it has).
    case render(VideoID, size: Viewport, lightening: DecodeLightening)
    /// `video`'s decode rate alone: the front pane moved, and the full-screen video is seen
    /// now, or no longer (`Navigation+RenderSizes`).
    case decodeRate(VideoID, lightening: DecodeLightening)
    /// The library's list drawn again (what plays where changed).
    case invalidateLibrary
    /// Refused, with the reason (the control socket's reply, a key's message).
    case refused(String)
    /// Said on the bar.
    case say(String)
}
