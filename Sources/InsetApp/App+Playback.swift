import Foundation
import InsetCore
import InsetMedia
import InsetRender

extension App {
    /// Plays catalog entry `index` full screen: the video already playing comes back (from
    /// PiP or from another pane). Another file replaces it, unless it is in the PiP window:
    /// then it stays there and the new one plays full screen beside it (replacing a second
    /// one). Opening happens off the UI thread; the player says "opening…" until
    /// `finishOpening`.
    func open(entry index: Int, at now: HostTime) {
        let entry = catalog.entries[index]
        if let playback, playback.path == entry.path {
            cancelOpening()
            // The window's video, with another full screen: the two change places.
            if second != nil { swapVideos(at: now); return }
            screen = .player
            send(.returnToPlayer, at: now)
            updateRenderSize(at: now)
            needsPaint = true
            return
        }
        if let second, second.path == entry.path {
            cancelOpening()
            screen = .player
            perform(second.send(.returnToPlayer, at: now), at: now)
            needsPaint = true
            return
        }
        if opening?.path == entry.path { screen = .player; return }
        let keepsWindow = windowStaysForNextVideo
        if keepsWindow { closeSecond() } else { closePlayback() }
        opening?.cancel()
        let opener = PlaybackOpener(.init(
            path: entry.path, viewport: viewport(session.size), threads: options.threads,
            sound: SoundTrack.Options(muted: options.muted, volume: options.volume,
                                                                   language: options.audioLanguage)))
        opener.request.subtitles = subtitleRequest(for: entry.path)
        opener.besideWindow = keepsWindow
        opener.catalog = catalog
        opening = opener
        let waker = self.waker
        opener.start { waker.wake() }
        if keepsWindow { screen = .player } else if screen != .shell || !options.startsInShell {
            screen = options.startsInPiP ? .library : .player
        }
        player.layout(session.size, current: nil)
        player.revealControls(at: now)
        needsPaint = true
    }

    /// The file is open (or could not be): start playing it, or say why not. A single file
    /// that cannot be shown ends the program with one line; in the library the reason is
    /// shown and the library stays.
    func finishOpening(_ opener: PlaybackOpener, _ result: Result<Playback.Media, Error>, at now: HostTime) {
        needsPaint = true
        switch result {
        case .failure(let error):
            if let failure = error as? MediaError { catalog.record(failure, for: opener.path) }
            fail((error as? MediaError)?.description ?? "cannot open \(opener.path): \(error)", at: now)
        case .success(let media):
            var configuration = options.playbackConfiguration(loops: options.loop)
            let startPastEnd = startPastEnd(of: media)
            if let startPastEnd {
                if quitsAtEnd { media.close(); fail(startPastEnd, at: now); return }
                // Another file of the library may be long enough for it: this one plays.
                configuration.startPosition = nil
            }
            // Said last, so the notices the playback gives on starting do not hide it.
            defer { if let startPastEnd { show(message: startPastEnd + "; playing from the start", at: now) } }
            if opener.besideWindow && windowStaysForNextVideo {
                startSecond(media, configuration: configuration, at: now)
                return
            }
            // Meant to play beside a window that has gone since (restored, closed): it
            // replaces the video as any other file does.
            if opener.besideWindow { closePlayback() }
            let playback = Playback(media: media, configuration: configuration,
                                    pipSupported: PiPLayout.canShow(on: session.size), at: now)
            playback.prefersMuted = options.muted
            self.playback = playback
            catalog.record(media.info, for: media.path)
            wakeOnArrivals(of: playback, at: now)
            player.layout(session.size, current: nil)
            player.revealControls(at: now)
            perform(playback.start(renderSize: viewport(session.size), at: now), at: now)
            // `--pip` that could not start: the picture comes full screen rather than
            // playing unseen (with its sound) behind the library.
            if (options.startsInPiP || options.startsInShell) && pip == nil && !playback.isSoundOnly && screen != .shell {
                screen = .player
            }
            sayWhatIsMissing(in: playback, at: now)
            if quitsAtEnd, let truncation = playback.info.truncation {
                closingNotice = "\(playback.path): cut short, played the \(truncation.playable.clockString) there is (\(truncation.percentPresent)% of the file); the rest is missing"
            }
        }
    }

    /// `--start` at or past the end of the file just opened, as one line: nothing of it would
    /// play, and the player would end at once with no word. Nil for a time within the file,
    /// for live input (no end) and for a still picture (shown whatever the time).
    func startPastEnd(of media: Playback.Media) -> String? {
        guard let start = options.start, let end = media.info.playableRange.end, !media.info.isStillImage,
              start >= end else { return nil }
        let asked = start.preciseClockString
        let shownEnd = end.clockString == start.clockString ? end.preciseClockString : end.clockString
        // The path on stderr, as the other lines about a file; its name on the library's bar.
        let file = quitsAtEnd ? media.path : LibraryCatalog.displayName(media.path)
        return "--start \(asked) is \(start == end ? "at" : "past") the end of \(file) (\(shownEnd))"
    }

    /// Nothing can be shown of a file: a single file given on the command line ends the
    /// program (the command prints the line, exit non-zero); in the library it is said and
    /// the library stays.
    func fail(_ line: String, at now: HostTime) {
        if quitsAtEnd {
            fatalError = line
            running = false
            return
        }
        if screen == .player { screen = .library }
        libraryDirty = true
        show(message: line, at: now)
    }

    /// A file still opening is not wanted any more (the user chose a video already open).
    func cancelOpening() {
        opening?.cancel()
        opening = nil
    }

    func closePlayback() {
        closeSecond()
        if let playback { statistics = playback.statistics }
        playback?.stop()
        playback = nil
        pip = nil
        focus = .pane
    }

    /// Sends `event` to the playback's machine and performs what comes back.
    func send(_ event: PlaybackEvent, at now: HostTime) {
        guard let playback else { return }
        perform(playback.send(event, at: now), at: now)
    }

    /// The screen's part of the machine's effects (the engine's part is done by
    /// `Playback.send`). The AVKit sequence: willStart (window appears, enter animation),
    /// didStart (the library under it); restoreUserInterface (the player back, completed at
    /// once), willStop (exit animation), didStop (window gone).
    func perform(_ effects: [PlaybackEffect], at now: HostTime) {
        // Most ticks bring none (`checkEnd` asks every time): nothing to redraw for them, and
        // a loop woken often (a shell pane's output) must not paint on every wake.
        guard !effects.isEmpty else { return }
        for effect in effects {
            switch effect {
            case .finished:
                if quitsAtEnd && pip == nil && screen == .player { running = false }
            case .refused(let reason):
                show(message: reason.description, at: now)
            case .failedToStart(let failure):
                show(message: failure.description, at: now)
            case .willStart:
                guard let playback else { break }
                let aspect = playback.info.video.map {
                    Letterbox.displayAspect(coded: $0.codedSize, sampleAspect: $0.sampleAspect, rotation: $0.rotation)
                } ?? 16.0 / 9.0
                pip = PiPWindow(screen: session.size, videoAspect: aspect)
                if picturePresenter?.output.usesPlaceholders == true {
                    pip?.showPicturesAsPlaceholders(imageID: PicturePresenter.PlaceholderImage.window)
                }
            case .animate(let kind):
                pip?.beginAnimation(kind, playerRect: fullScreenVideoRect)
                lastAnimationStep = now
            case .didStart:
                if screen == .player { screen = .library }
                libraryDirty = true
            case .restoreUserInterface:
                // The window's video comes back full screen in place of a second one.
                closeSecond()
                screen = .player
                focus = .pane
                send(.restoreCompleted(true), at: now)
            case .willStop:
                break
            case .didStop:
                pip = nil
                focus = .pane
                // Closed with a second video full screen: that one is now the only one.
                if second != nil { promoteSecond(at: now) }
                if screen == .player, let frame = playback?.current { player.show(frame, screen: session.size) }
                player.revealControls(at: now)
            case .play, .pause, .seek, .setRenderSize:
                break
            }
        }
        updateRenderSize(at: now)
        needsPaint = true
    }

    /// The decoder scales to what is on screen: the window's video area in PiP, else the
    /// whole screen. It decodes every frame in either, unless `--pip-saver` asks for fewer
    /// in the window (`DecodeWorkRule`; lateness lightens it on its own, `Playback`).
    func updateRenderSize(at now: HostTime) {
        if let second {
            second.pipeline?.setDecodeRate(.every)
            let full = secondViewport
            if second.snapshot.renderSize != full { perform(second.send(.renderSizeChanged(full), at: now), at: now) }
        }
        guard let playback else { return }
        let wanted = viewport(pip?.videoCells ?? session.size)
        let place = DecodeWorkRule(pipSaver: options.pipSaver).lightening(window: pip?.layout.frame.size, on: session.size)
        playback.pipeline?.setDecodeRate(DecodeRate(place))
        if playback.snapshot.renderSize != wanted {
            perform(playback.send(.renderSizeChanged(wanted), at: now), at: now)
        }
    }

    /// Where the full-screen picture is, for the PiP animations to start or end at.
    var fullScreenVideoRect: CellRect {
        playback.flatMap(fullScreenPictureRect) ?? CellRect(origin: .zero, size: session.size)
    }

    /// The cells `video`'s picture covers full screen (letterboxed); nil without a picture.
    func fullScreenPictureRect(of video: Playback) -> CellRect? {
        guard let video = video.info.video else { return nil }
        let full = viewport(session.size)
        let pixels = full.fit(coded: video.codedSize, sampleAspect: video.sampleAspect, rotation: video.rotation)
        let perCell = full.raster.pixelsPerCell
        let cells = full.raster.cells(for: pixels.size)
        return CellRect(column: pixels.x / perCell.width, row: pixels.y / perCell.height,
                        columns: cells.columns, rows: cells.rows)
    }

    /// `cells` of the screen as the video is drawn there: with the blitter or the pixels
    /// chosen at start.
    func viewport(_ cells: CellSize) -> Viewport {
        Viewport(cells: cells, raster: videoRaster)
    }

    /// What a video just taken on lacks, said once: its sound (no device, an undecodable
    /// track) and, for a file cut short, how much of it there is.
    func sayWhatIsMissing(in video: Playback, at now: HostTime) {
        if let notice = video.takeSoundNotice() { show(message: notice, at: now) }
        if let truncation = video.info.truncation {
            show(message: "\(video.name) is cut short: \(truncation.percentPresent)% of it is there; playing the "
                 + "\(truncation.playable.clockString) that can be played", at: now)
        }
    }
}
