import InsetCore
import InsetMedia
import InsetPlayback

/// Starting a video that has just opened, in one place whatever it is for: full screen as
/// the only video, full screen beside the window's, or in the window in place of the one
/// there (the next of the window's list).
extension Director {
    /// Where a video that has just opened goes: the place the navigation machine held for
    /// it while it opened (`Navigation+Opening`).
    typealias StartPlace = Navigation.StartPlace

    /// `media` starts playing at `place` with `configuration` (the command line's, without
    /// a `--start` past its end, from where it was left if it was): its machine is made, it
    /// is put where it goes, started at the render size of that place, and what it lacks
    /// (sound, a cut-short end) is said.
    func startVideo(_ media: Playback.Media, configuration: PlaybackStateMachine.Configuration, at place: StartPlace,
                    at now: HostTime) {
        var configuration = configuration
        switch place {
        case .fullScreen: break
        case .besideWindow: configuration.startsInPiP = false
        case .window:
            guard windowIsUp, videos.window != nil else {
                // The window was closed (or restored) while the file opened: the user is done
                // with the window's list, and a video full screen is not to be replaced.
                media.close()
                return
            }
            configuration.startsInPiP = true
        }
        let video = Playback(media: media, configuration: configuration, pipSupported: PiPLayout.canShow(on: stage.size), at: now)
        video.prefersMuted = options.muted
        video.sound?.delay = audioDelay(for: media)
        forgetWatchLater(of: media)
        catalog.record(media.info, for: media.path)
        if let title = video.title { catalog.retitle(media.path, as: title) }
        wakeOnArrivals(of: video, at: now)
        let id = videos.add(video)
        switch place {
        case .fullScreen:
            panes.player.layout(stage.size, current: nil)
            panes.player.revealControls(at: now)
            // The machine places it and emits its start at the place's size.
            changePlaces(.start(id, at: .fullScreen, on: screen), at: now)
            // `--pip` that could not start: the picture comes full screen rather than
            // playing unseen (with its sound) behind the library.
            if (options.startsInPiP || options.startsInShell) && !windowIsUp && !video.isSoundOnly && front != .shell {
                navigate(.toPlayer, at: now)
            }
        case .besideWindow:
            video.send(.windowOccupied(true), at: now)
            panes.player.layout(stage.size, current: nil)
            panes.player.revealControls(at: now)
            // The file just chosen is heard: full screen is the place heard again.
            changePlaces(.start(id, at: .besideWindow, on: screen), at: now)
            // The user went elsewhere while it opened (Esc, the shell pane): it waits there,
            // paused, as a video left for another pane does.
            if front != .player { deliver(video.send(.leavePlayer, at: now), from: video, at: now) }
            setSoundLevels()
        case .window:
            // Its machine goes through PiP's start as any does, but the window is already
            // up: `react` keeps it where it is and skips the animation. The machine holds
            // the takeover until that answer is handled, which may be after this returns
            // (started mid-delivery); if PiP could not start after all (the terminal shrank)
            // it goes full screen, or is let go (`takeOverFailed`).
            changePlaces(.start(id, at: .window, on: screen), at: now)
            setSoundLevels()
        }
        sayWhatIsMissing(in: video, at: now)
        raiseFileLoaded(video)
        if place == .fullScreen, outcome.quitsAtEnd, let truncation = video.info.truncation {
            outcome.closingNotice = "\(video.path): cut short, played the \(truncation.playable.clockString) there is (\(truncation.percentPresent)% of the file); the rest is missing"
        }
    }
}
