/// Picture in picture: start (by the user or automatically), restore, close, and the
/// events that arrive while an animation runs.
///
/// Events during a transition are decided as follows (each is tested):
/// - `startPiP` while starting or active fails with `.alreadyActive`; while restoring or
///   stopping with `.stopInProgress`, as AVKit refuses a start before `didStop`.
/// - `returnToPlayer` is `restoreFromPiP` whenever PiP is active; otherwise it only brings
///   the player back from another pane (`away` to `fullScreen`, paused as it was left).
/// - `restoreFromPiP` or `closePiP` while starting is queued: the enter animation is not cut
///   short (its frames are already on screen), and the request runs right after `didStart`.
///   A later request replaces an earlier one: the user's last word counts.
/// - `restoreFromPiP` while restoring or stopping does nothing: the player is already on
///   its way back. `closePiP` then is refused (`.pipTransitionInProgress`): the app was
///   asked to restore and its completion must not be overtaken.
/// - A stale `animationFinished` or `restoreCompleted` (none is awaited) is ignored.
extension PlaybackStateMachine {
    var presentation: PlayerPresentation {
        switch state {
        case .fullScreen: .fullScreen
        case .away: .away
        case .startingPiP, .pip, .restoringPiP, .stoppingPiP: .pictureInPicture
        }
    }

    var pipPhase: PiPPhase {
        switch state {
        case .fullScreen, .away: .inactive
        case .startingPiP: .starting
        case .pip: .active
        case .restoringPiP: .restoring
        case .stoppingPiP: .stopping
        }
    }

    /// Why PiP is not possible. A setting the user chose (`--no-pip`) is named before a
    /// limit of the terminal, which is named before a wait for the media: the most lasting
    /// reason is the one worth telling.
    var pipUnavailableReason: PiPFailure? {
        if !configuration.pipAllowed { return .notAllowed }
        if !configuration.hasPicture { return .noPicture }
        if !pipSupported { return .notSupported }
        if windowOccupied { return .windowOccupied }
        if range == nil { return .mediaNotReady }
        return nil
    }

    /// `startPictureInPicture()`: from the full-screen player or from another pane, playing
    /// or paused (starting PiP does not change the paused state).
    mutating func startPiP(at now: HostTime) -> [PlaybackEffect] {
        switch state {
        case .fullScreen, .away:
            if let reason = pipUnavailableReason { return [.failedToStart(reason)] }
            return beginStart(at: now)
        case .startingPiP, .pip:
            return [.failedToStart(.alreadyActive)]
        case .restoringPiP, .stoppingPiP:
            return [.failedToStart(.stopInProgress)]
        }
    }

    mutating func beginStart(at now: HostTime) -> [PlaybackEffect] {
        enter(.startingPiP(pendingStop: nil), at: now)
        return [.willStart, .animate(.enter)]
    }

    /// The "home" action. A playing video goes on in PiP when automatic start is on and PiP
    /// is possible (silently: the user did not ask for PiP, so a failure is not reported).
    /// Otherwise the player goes behind the other pane: a paused video stays paused, and a
    /// playing one pauses, because sound from a video nobody can see is what a user would
    /// not expect (as iPad apps pause when left without PiP).
    mutating func leavePlayer(at now: HostTime) -> [PlaybackEffect] {
        guard state == .fullScreen else { return [] }
        if playing, configuration.automaticPiP, pipUnavailableReason == nil {
            return beginStart(at: now)
        }
        enter(.away, at: now)
        return pause()
    }

    /// The restore button, `f`, Enter on the window, or opening the player again.
    mutating func restore(_ event: PlaybackEvent, at now: HostTime) -> [PlaybackEffect] {
        switch state {
        case .fullScreen:
            return event == .returnToPlayer ? [] : [.refused(.pipNotActive)]
        case .away:
            guard event == .returnToPlayer else { return [.refused(.pipNotActive)] }
            // Back to the player as it was left: paused stays paused.
            enter(.fullScreen, at: now)
            return []
        case .startingPiP:
            state = .startingPiP(pendingStop: .restore)
            return []
        case .pip:
            enter(.restoringPiP, at: now)
            return [.restoreUserInterface]
        case .restoringPiP, .stoppingPiP:
            return []
        }
    }

    /// The close button or `x`: the window goes at once, without an animation (there is no
    /// player on screen to animate back into), and playback pauses.
    mutating func closePiP(at now: HostTime) -> [PlaybackEffect] {
        switch state {
        case .fullScreen, .away:
            return [.refused(.pipNotActive)]
        case .startingPiP:
            state = .startingPiP(pendingStop: .close)
            return []
        case .pip:
            return stopWithoutRestoring(at: now)
        case .restoringPiP, .stoppingPiP:
            return [.refused(.pipTransitionInProgress)]
        }
    }

    /// PiP ends and the player is not on screen: `willStop`, `didStop`, then `.pause` (in
    /// AVKit's order for close; ARCHITECTURE.md, "The PiP state machine"). Used by close
    /// and by a restore completed with `false`.
    mutating func stopWithoutRestoring(at now: HostTime) -> [PlaybackEffect] {
        enter(.away, at: now)
        return [.willStop, .didStop] + pause()
    }

    mutating func animationFinished(_ animation: PiPAnimation, at now: HostTime) -> [PlaybackEffect] {
        switch (state, animation) {
        case (.startingPiP(let pending), .enter):
            enter(.pip, at: now)
            switch pending {
            case nil: return [.didStart]
            case .restore?: return [.didStart] + restore(.restoreFromPiP, at: now)
            case .close?: return [.didStart] + stopWithoutRestoring(at: now)
            }
        case (.stoppingPiP, .exit):
            // Playback goes on as it was, playing or paused: no playback effect.
            enter(.fullScreen, at: now)
            return [.didStop]
        default:
            return []
        }
    }

    /// AVKit's completion handler. `true`: the player is back behind the window, so it
    /// stops with the animation back (`willStop`, animate, then `didStop`). `false`: the UI
    /// was not restored, so PiP stops at once without the animation, as AVKit does, and the
    /// video pauses as for close, since no picture of it is left on screen.
    mutating func restoreCompleted(_ restored: Bool, at now: HostTime) -> [PlaybackEffect] {
        guard state == .restoringPiP else { return [] }
        guard restored else { return stopWithoutRestoring(at: now) }
        enter(.stoppingPiP, at: now)
        return [.willStop, .animate(.exit)]
    }
}
