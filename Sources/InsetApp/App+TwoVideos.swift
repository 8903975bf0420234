import InsetCore
import InsetMedia
import InsetTerminal

/// Two videos at once (SPEC.md "content swap"): while one plays in the PiP window, another
/// opened from the library plays full screen beside it (`second`), and a swap (`w`, the
/// window's ⇄ button, Enter on the window's file) exchanges them without reopening either.
/// The sound follows the full-screen video.
extension App {
    /// The video the full-screen player shows: the second one when there are two, else the
    /// one video while it is not in the window.
    var playerPlayback: Playback? { second ?? (pip == nil ? playback : nil) }

    /// A file opened now keeps the window's video and plays beside it: the window is up
    /// and settled.
    var windowStaysForNextVideo: Bool {
        pip != nil && playback?.snapshot.pip.phase == .active
    }

    /// Where the second video is drawn: full screen; in cells when the terminal takes real
    /// pixels, since one picture goes out as pixels at a time and it is the window's, which
    /// floats above.
    var secondViewport: Viewport {
        picturePresenter == nil ? viewport(session.size) : Viewport(cells: session.size, raster: videoRaster.inCells)
    }

    /// The video whose controls the player screen shows and its keys and clicks act on:
    /// the second one when there are two; none while a second one is still opening beside
    /// the window (the player says "opening…"); else the one video.
    var frontPlayback: Playback? {
        second ?? (opening?.besideWindow == true ? nil : playback)
    }

    /// The video the keys that act on one video (sound, subtitles, the live edge) act on:
    /// the window's when it has the focus, else the player's.
    var focusedPlayback: Playback? {
        focus == .pip && pip != nil ? playback : frontPlayback
    }

    /// Calls `body` with each open video, the window's (or only) one first: the loop does
    /// this on every turn, so without building an array of them each time.
    func forEachVideo(_ body: (Playback) -> Void) {
        if let playback { body(playback) }
        if let second { body(second) }
    }

    /// Sends `event` to the video the player shows (the keys and buttons of the full-screen
    /// player): `frontPlayback`.
    func sendToPlayer(_ event: PlaybackEvent, at now: HostTime) {
        guard let front = frontPlayback else { return }
        perform(front.send(event, at: now), at: now)
    }

    /// The file opened while another plays in the window: it plays full screen, its sound
    /// heard, the window's muted (unless the user turned it on there). `configuration` is the
    /// command line's, without a `--start` that is past this file's end.
    func startSecond(_ media: Playback.Media, configuration: PlaybackStateMachine.Configuration, at now: HostTime) {
        var configuration = configuration
        configuration.startsInPiP = false
        let video = Playback(media: media, configuration: configuration,
                             pipSupported: PiPLayout.canShow(on: session.size), at: now)
        video.prefersMuted = options.muted
        video.send(.windowOccupied(true), at: now)
        second = video
        playback?.heardInWindow = false
        catalog.record(media.info, for: media.path)
        wakeOnArrivals(of: video, at: now)
        player.layout(session.size, current: nil)
        player.revealControls(at: now)
        perform(video.start(renderSize: secondViewport, at: now), at: now)
        // The user went elsewhere while it opened (Esc, the shell pane): it waits there,
        // paused, as a video left for another pane does.
        if screen != .player { perform(video.send(.leavePlayer, at: now), at: now) }
        soundFollowsFullScreen()
        sayWhatIsMissing(in: video, at: now)
    }

    /// Stops and forgets the second video (another file replaces it, or the window's video
    /// comes back full screen in its place).
    func closeSecond() {
        guard let second else { return }
        second.stop()
        self.second = nil
        soundFollowsFullScreen()
    }

    /// The window closed while a second video played full screen: the window's video is
    /// done with, and the second is now the one video.
    func promoteSecond(at now: HostTime) {
        guard let second else { return }
        if let playback { statistics = playback.statistics; playback.stop() }
        playback = second
        self.second = nil
        second.heardInWindow = false
        second.send(.windowOccupied(false), at: now)
        soundFollowsFullScreen()
    }

    /// `w`, the window's ⇄ button: the full-screen video goes to the window and the
    /// window's comes full screen, each where it was, playing or paused as it was.
    func swapVideos(at now: HostTime) {
        guard let window = playback, let front = second else {
            show(message: PlaybackRefusal.nothingToSwap.description, at: now)
            return
        }
        var coordinator = contentSwap
        var steps = front.swap(into: window, using: &coordinator, at: now)
        if steps.contains(.init(.toFullScreen, .restoreUserInterface)) {
            // The window's video is brought full screen at once: there is no animation.
            steps += front.finishSwap(restored: true, window: window, using: &coordinator, at: now)
        }
        contentSwap = coordinator
        needsPaint = true
        guard steps.contains(.init(.toWindow, .didStart)) else {
            for step in steps {
                switch step.effect {
                case .refused(let reason): show(message: reason.description, at: now)
                case .failedToStart(let failure): show(message: failure.description, at: now)
                default: break
                }
            }
            return
        }
        playback = front
        second = window
        // Each is where the other was: a window's sound is off again until turned on there.
        front.heardInWindow = false
        window.heardInWindow = false
        if let video = front.info.video {
            pip?.layout.changeVideoAspect(Letterbox.displayAspect(
                coded: video.codedSize, sampleAspect: video.sampleAspect, rotation: video.rotation))
        }
        screen = .player
        focus = .pane
        libraryDirty = true
        if let frame = window.current { player.show(frame, screen: session.size) }
        player.revealControls(at: now)
        soundFollowsFullScreen()
        updateRenderSize(at: now)
        // A paused video's frame on screen was scaled for where it was: decode it again
        // for where it is now (a playing one's next frames come at the new size anyway).
        for video in [front, window] where !video.snapshot.isPlaying { video.decodeCurrentFrameAgain(at: now) }
        Log.info("swapped: \(window.name) full screen, \(front.name) in the window")
    }

    /// The full-screen video is heard; the window's, when another is full screen, is not,
    /// unless the user turned it on there. `m` (`--mute`) mutes either.
    func soundFollowsFullScreen() {
        forEachVideo { video in
            guard let sound = video.sound else { return }
            let besideAnother = second != nil && video === playback
            let muted = video.prefersMuted || (besideAnother && !video.heardInWindow)
            if muted != sound.isMuted { Log.info("sound: \(video.name) \(muted ? "muted" : "heard")") }
            sound.setMuted(muted)
        }
    }
}
