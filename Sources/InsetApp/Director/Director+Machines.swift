import InsetCore
import InsetMedia
import InsetPlayback

/// The videos' state machines and what their effects do to the screen. Every event for a
/// machine and every answer of one goes through `deliver`: what an effect asks of a machine
/// (the restore's completion, a new render size), or a machine's answer that arrives while
/// another's is being handled (the end of a file opens the next, which seeks), waits its
/// turn behind the effects being handled, so no handler re-enters a machine or this code.
extension Director {
    /// Handles `effects` (the answer of `video`'s machine to an event), then every event
    /// they queued, in order.
    func deliver(_ effects: [PlaybackEffect], from video: Playback, at now: HostTime) {
        // Most ticks bring none (`checkEnd` asks every time): nothing to redraw for them, and
        // a loop woken often (a shell pane's output) must not paint on every wake.
        guard !effects.isEmpty else { return }
        machineEvents.append(video, effects)
        // Inside a handling: this one waits until it returns.
        guard !machineEvents.draining else { return }
        drainQueuedEvents(at: now)
    }

    /// Works through what waits, one at a time: an answer is handled, an event sent and its
    /// answer handled, each before the next, and what they queue after them.
    func drainQueuedEvents(at now: HostTime) {
        machineEvents.draining = true
        while let item = machineEvents.popFirst() {
            switch item {
            case .answer(let video, let effects): react(to: effects, from: video, at: now)
            case .event(let video, let event): react(to: video.send(event, at: now), from: video, at: now)
            }
        }
        machineEvents.draining = false
    }

    /// Queues `event` for `video`'s machine, after the effects being handled.
    func queue(_ event: PlaybackEvent, for video: Playback) {
        machineEvents.append(video, event)
    }

    /// The screen's part of a machine's effects (the engine's part is done by
    /// `Playback.send`). The AVKit sequence: willStart (the window appears, enter
    /// animation), didStart (the library under it); restoreUserInterface (the player back,
    /// completed at once), willStop (exit animation), didStop (the window gone).
    private func react(to effects: [PlaybackEffect], from video: Playback, at now: HostTime) {
        guard !effects.isEmpty else { return }
        machineEvents.entered()
        defer { machineEvents.depth -= 1 }
        let id = videos.id(of: video)
        let takingOver = id != nil && id == navigation.places.takingOverWindow
        for effect in effects {
            switch effect {
            case .finished:
                // Kept at once: a file left on its last frame reads as watched in the library.
                keepPosition(of: video)
                raiseEndOfFile(video)
                if advanceAtEnd(of: video, at: now) { break }
                if goIdleAtEnd(of: video, at: now) { break }
                // The last of the command line's files quits; with `--no-advance` an earlier
                // one stays on its last frame, the next a key away.
                if outcome.quitsAtEnd && !windowIsUp && front == .player && !hasNext(after: video) { quit() }
            case .refused(let reason):
                show(message: reason.description, at: now)
            case .failedToStart(let failure):
                show(message: failure.description, at: now)
            case .willStart where takingOver && windowIsUp:
                // The next of the list takes the window as it is (`Director+Playlist`).
                if let id { changePlaces(.tookWindow(id), at: now) }
            case .animate(.enter) where takingOver:
                queue(.animationFinished(.enter), for: video)
            case .didStart where takingOver:
                if let id { changePlaces(.tookOverWindow(id), at: now) }
            case .willStart:
                if let id { navigate(.windowWillStart(id), for: video, at: now) }
            case .animate(let kind):
                panes.window.animate(kind, playerRect: fullScreenVideoRect(of: video), at: now)
            case .didStart:
                navigate(.windowDidStart, for: video, at: now)
            case .restoreUserInterface:
                navigate(.restoreUserInterface, for: video, at: now)
            case .willStop:
                break
            case .didStop:
                let besideWindow = videos.besideWindow
                navigate(.windowDidStop, for: video, at: now)
                // Closed with a second video full screen: the machine let the window's go, and
                // that one is now the only one.
                if let besideWindow, videos.fullScreen === besideWindow {
                    afterWindowClosed(at: now)
                } else if !video.snapshot.isPlaying {
                    // Closed with `x`: it stays, paused; where it was is kept now, not at quit.
                    keepPosition(of: video)
                }
                if front == .player, let frame = videos.fullScreen?.current { panes.player.show(frame, on: stage.size) }
                panes.player.revealControls(at: now)
            case .seek:
                raiseSeek(of: video)
            case .play, .pause:
                // Whoever asked (a key, the window's button, `x` closing it, the end): what the
                // pause command sets, by the table's row that names it (mpv's `pause`).
                raiseProperties(changedBy: .pause(nil))
            case .setSpeed:
                raiseProperties(changedBy: .speed(.reset))
            case .setRenderSize:
                break
            }
        }
        // Its machine answered its start without taking the window (PiP could not start).
        if takingOver, let id, navigation.places.window != id { changePlaces(.takeOverFailed(id), at: now) }
        updateRenderSize(at: now)
        self.effects.append(.paint)
    }

    /// The decoder scales to what is on screen for the place the navigation machine gives
    /// each video: the machine works out each placed video's size and decode rate
    /// (`Navigation+RenderSizes`) and `navigate` sets them (`NavigationEffect.render`). It
    /// decodes every frame in either place, unless `--pip-saver` asks for fewer in the
    /// window (`DecodeWorkRule`; lateness lightens it on its own, `Playback`). Before, the
    /// main video was sized for the window whenever the window pane was open, so while the
    /// window's next file took it over, the video beside it (then the only one placed) was
    /// scaled and lightened for the window. Called from outside a delivery (a key moved the
    /// window), `navigate` drains what it queued.
    func updateRenderSize(at now: HostTime) {
        navigate(.sized(screen), at: now)
    }

    /// The screen as the navigation machine needs it to size the videos.
    var screen: Navigation.Screen {
        Navigation.Screen(cells: stage.size, raster: stage.videoRaster, windowVideo: panes.window.pip?.videoCells,
                          windowFrame: panes.window.pip?.layout.frame.size, rule: DecodeWorkRule(pipSaver: options.pipSaver),
                          windowStashed: panes.window.pip?.layout.isStashed ?? false)
    }

    /// Where `video`'s full-screen picture is, for the window's animations to start or end at.
    func fullScreenVideoRect(of video: Playback) -> CellRect {
        fullScreenPictureRect(of: video) ?? CellRect(origin: .zero, size: stage.size)
    }

    /// The cells `video`'s picture covers full screen (letterboxed); nil without a picture.
    func fullScreenPictureRect(of video: Playback) -> CellRect? {
        guard let video = video.info.video else { return nil }
        let full = viewport(stage.size)
        let pixels = full.fit(coded: video.codedSize, sampleAspect: video.sampleAspect, rotation: video.rotation)
        let perCell = full.raster.pixelsPerCell
        let cells = full.raster.cells(for: pixels.size)
        return CellRect(column: pixels.x / perCell.width, row: pixels.y / perCell.height,
                        columns: cells.columns, rows: cells.rows)
    }

    /// `cells` of the screen as the video is drawn there: with the blitter or the pixels
    /// chosen at start.
    func viewport(_ cells: CellSize) -> Viewport {
        Viewport(cells: cells, raster: stage.videoRaster)
    }

    /// What a video started or opened for `place` is decoded for: the machine's one
    /// computation of it (`Navigation.Screen.renderSize`).
    func renderViewport(in place: Navigation.VideoPlace) -> Viewport {
        screen.renderSize(in: place)
    }
}
