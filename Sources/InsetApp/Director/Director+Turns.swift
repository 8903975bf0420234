import InsetCore
import InsetMedia

/// The director's entry points: an event, a command, or time passing, each returning what
/// the loop must do.
extension Director {
    /// What can happen to the director.
    enum Event: Sendable {
        case input(InputEvent)
        case command(Command)
        /// Time passed (the loop woke for a frame, a timer, another thread's news).
        case tick
        /// Something the loop itself has to say (the terminal's pictures changed their way).
        case notice(String)
    }

    func handle(_ event: Event, at now: HostTime) -> [AppEffect] {
        switch event {
        case .input(let input): handle(input, at: now)
        case .command(let command): execute(command, at: now)
        case .tick: tick(at: now)
        case .notice(let text): show(message: text, at: now)
        }
        return takeEffects()
    }

    /// Everything that happens with time rather than input: frames, the end of the file,
    /// the catalog's and the preview's news, animation steps, timeouts.
    func tick(at now: HostTime) {
        checkOpening(at: now)
        checkFailures(at: now)
        checkScreenshots(at: now)
        checkGapless(at: now)
        tickScrubbing(at: now)
        videos.forEach { video in
            if video.advance(at: now) {
                if front == .player && video === videos.fullScreen, let frame = video.current {
                    panes.player.show(frame, on: stage.size)
                }
                effects.append(.paint)
            }
            if video.followRenderSize(at: now) { effects.append(.paint) }
            deliver(video.takeAnswers(), from: video, at: now)
            deliver(video.checkEnd(at: now), from: video, at: now)
            if let notice = video.takeSoundNotice() { show(message: notice, at: now) }
            if video.takeBufferingChange() { effects.append(.paint) }
            if let cut = video.takeCutNotice() {
                show(message: "\(video.name): \(cut)", at: now)
                if outcome.quitsAtEnd { outcome.closingNotice = "\(video.path): \(cut)" }
            }
        }
        if videos.windowOwner?.sound != nil || videos.fullScreen?.sound != nil { watchSoundDevice(at: now) }
        if catalog.takeChanges() { catalogChanged(at: now) }
        if panes.shell.hasExited { shellEnded(at: now) }
        for pane in panes.all where isShown(pane) && pane.tick(at: now) { effects.append(.paint) }
        if let finished = panes.window.takeFinishedAnimation(), let video = videos.window {
            deliver(video.send(.animationFinished(finished), at: now), from: video, at: now)
        }
        if front == .shell, panes.shell.needsPaint(at: now, videoPaints: videoPaintsOverShell) { effects.append(.paint) }
        if overlays.message.map({ now >= $0.until }) ?? !overlays.waitingMessages.isEmpty {
            showNextMessage(at: now)
            effects.append(.paint)
        }
        if subtitlesNeedPaint(at: now) { effects.append(.paint) }
        redrawStyledSubtitlesWhilePaused(at: now)
    }

    /// Whether `pane` is on screen: the one in front, and the window while it is open.
    func isShown(_ pane: any Pane) -> Bool {
        pane === panes.window ? windowIsUp : pane === frontPane
    }

    /// A video playing in the window paints the screen with its frames, and the shell
    /// pane's changes go with them.
    var videoPaintsOverShell: Bool { videos.window?.snapshot.isPlaying == true && windowIsUp }

    /// How long the loop may sleep waiting for input: until the next frame, animation step,
    /// hide or expiry; a quarter second at most.
    func wakeUp(after now: HostTime) -> Duration {
        var wait = Duration.milliseconds(250)
        videos.forEach { video in
            if let deadline = video.nextDeadline(after: now) { wait = min(wait, deadline) }
            if let check = video.buffering.nextCheck(after: now) { wait = min(wait, check + .milliseconds(1)) }
        }
        for pane in panes.all where isShown(pane) || pane === panes.library {
            if let next = pane.nextWake(after: now) { wait = min(wait, next) }
        }
        if panes.details.details?.isLoading == true { wait = min(wait, .milliseconds(50)) }
        if let message = overlays.message { wait = min(wait, message.until.wait(after: now)) }
        if let release = scrubWake { wait = min(wait, release.wait(after: now)) }
        // The next file's first sample is heard within one device callback (20 ms or so).
        if let next = gapless.next, next.queued, next.predecessor.snapshot.isPlaying || next.endReachedAt != nil {
            wait = min(wait, .milliseconds(5))
        }
        return wait
    }

    /// The file being opened is open (or could not be, or took too long).
    private func checkOpening(at now: HostTime) {
        guard let opener = videos.opening else { return }
        if opener.takePhaseChange() { effects.append(.paint) }
        let place = navigation.places.opening ?? .fullScreen
        if let result = opener.take() {
            endOpening(at: now)
            finishOpening(opener, result, for: place, at: now)
        } else if now >= opener.givesUpAt {
            endOpening(at: now)
            opener.cancel()
            let seconds = Int(MediaSource.openTimeout.components.seconds)
            finishOpening(opener, .failure(MediaError.timedOut(path: opener.path, seconds: seconds)), for: place, at: now)
        }
    }

    /// A video that cannot go on: the window's, with another full screen, leaves that one
    /// alone; else the player says why.
    private func checkFailures(at now: HostTime) {
        if let beside = videos.besideWindow, let failure = beside.failure {
            closeBesideWindow(at: now)
            fail(failure.description, at: now)
        }
        guard let main = videos.windowOwner, let failure = main.failure else { return }
        if videos.besideWindow != nil {
            changePlaces(.windowVideoFailed, at: now)
            afterWindowClosed(at: now)
            show(message: failure.description, at: now)
        } else {
            closePlayback()
            fail(failure.description, at: now)
        }
    }

    /// The catalog learnt more: the library and the details show it, and `--pip` over a
    /// library starts the first playable file.
    private func catalogChanged(at now: HostTime) {
        panes.details.update(from: catalog.entries)
        panes.library.invalidate()
        effects.append(.paint)
        if outcome.waitingForFirstPlayable, let first = catalog.entries.firstIndex(where: \.isPlayable) {
            outcome.waitingForFirstPlayable = false
            open(entry: first, at: now)
        }
    }
}
