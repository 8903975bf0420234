import InsetCore
import InsetRender

extension App {
    func handle(_ event: InputEvent, at now: HostTime) {
        needsPaint = true
        switch event {
        case .key(let press):
            if screen == .player { player.revealControls(at: now) }
            handle(press, at: now)
        case .mouse(let mouse):
            if screen == .player { player.revealControls(at: now) }
            handle(mouse, at: now)
        case .paste(let text):
            if screen == .shell && focus == .pane { shell?.paste(text) }
        case .resize:
            relayout(at: now)
        case .resumed:
            playback?.resynchronize(at: now)
            second?.resynchronize(at: now)
            painter.invalidate()
        case .terminate(let signal):
            terminationSignal = signal
            running = false
        }
    }

    func handle(_ press: KeyPress, at now: HostTime) {
        // The shell has the keyboard (Ctrl-C included) but for the prefix chord.
        if screen == .shell && focus == .pane && !helpVisible && handleShellKey(press, at: now) { return }
        if press.isInterrupt { running = false; return }
        if helpVisible {
            helpVisible = false
            return
        }
        switch press.key {
        case .character("q"): running = false; return
        case .character("?"): helpVisible = true; return
        case .character("!") where screen != .shell: openShell(at: now); return
        case .tab:
            if pip != nil { focus = focus == .pip ? .pane : .pip }
            return
        case .character("m"), .character("9"), .character("0"):
            if screen == .player || pip != nil { adjustSound(press.key, at: now); return }
        case .character("c") where screen == .player || pip != nil: cycleSubtitles(at: now); return
        case .character("a") where screen == .player || pip != nil: cycleAudioTrack(at: now); return
        case .end, .character("l"):
            if jumpToLiveEdge(at: now) { return }
        default: break
        }
        if focus == .pip, pip != nil, handlePiPKey(press, at: now) { return }
        switch screen {
        case .player: handlePlayerKey(press, at: now)
        case .library: handleLibraryKey(press, at: now)
        case .details: handleDetailsKey(press, at: now)
        case .shell: handleGlobalPiPKey(press, at: now)
        }
    }

    /// Keys of the focused window: playback as in the player, plus moving (Shift-arrows
    /// or H J K L jump to the next corner; past a side corner it stashes), resizing (+ −),
    /// stashing (s), restore (f, Enter) and close (x).
    func handlePiPKey(_ press: KeyPress, at now: HostTime) -> Bool {
        guard var window = pip else { return false }
        let shifted = press.modifiers.contains(.shift)
        var moved = true
        switch (press.key, shifted) {
        case (.character(" "), _): send(.togglePause, at: now); return true
        case (.left, false): send(.skipBackward, at: now); return true
        case (.right, false): send(.skipForward, at: now); return true
        case (.enter, _), (.character("f"), _): send(.restoreFromPiP, at: now); return true
        case (.character("x"), _): send(.closePiP, at: now); return true
        case (.character("w"), _): swapVideos(at: now); return true
        case (.escape, _): focus = .pane; return true
        case (.left, true), (.character("H"), _): window.step(toward: .left)
        case (.right, true), (.character("L"), _): window.step(toward: .right)
        case (.up, true), (.character("K"), _): window.step(toward: .up)
        case (.down, true), (.character("J"), _): window.step(toward: .down)
        case (.character("+"), _), (.character("="), _): window.layout.resize(bySteps: 1)
        case (.character("-"), _): window.layout.resize(bySteps: -1)
        case (.character("s"), _):
            if window.layout.isStashed { window.layout.unstash() } else {
                window.layout.stash(toward: window.layout.nearestCorner.isLeft ? .left : .right)
            }
        default: moved = false
        }
        pip = window
        if moved { updateRenderSize(at: now) }
        return moved
    }

    func handlePlayerKey(_ press: KeyPress, at now: HostTime) {
        switch press.key {
        case .character(" "): sendToPlayer(.togglePause, at: now)
        case .left: sendToPlayer(.skipBackward, at: now)
        case .right: sendToPlayer(.skipForward, at: now)
        case .character("p"): sendToPlayer(.startPiP, at: now)
        case .escape: leavePlayer(at: now)
        default: handleGlobalPiPKey(press, at: now)
        }
    }

    /// m mutes, 9 and 0 turn the volume down and up, for the video playing (full screen or
    /// in the window).
    /// With two videos, the keys act on the focused one: the window's when it has the focus.
    func adjustSound(_ key: Key, at now: HostTime) {
        guard let target = focusedPlayback, let sound = target.sound else {
            show(message: "this video plays without sound", at: now)
            return
        }
        let besideAnother = second != nil && target === playback
        switch key {
        case .character("m"):
            if besideAnother { target.heardInWindow = sound.isMuted; target.prefersMuted = false }
            else { target.prefersMuted = !sound.isMuted }
        case .character("9"): sound.setVolume(sound.volume - 10); target.prefersMuted = false
        default: sound.setVolume(sound.volume + 10); target.prefersMuted = false
        }
        if key != .character("m") && besideAnother { target.heardInWindow = true }
        soundFollowsFullScreen()
        show(message: sound.isMuted ? "sound off" : "volume \(sound.volume)%", at: now)
    }

    /// a goes on to the focused video's next sound track, from the time heard.
    func cycleAudioTrack(at now: HostTime) {
        guard let target = focusedPlayback, let sound = target.sound else {
            show(message: "this video plays without sound", at: now)
            return
        }
        show(message: sound.nextTrack(at: target.masterTime(at: now)) ?? "this video has one sound track", at: now)
    }

    /// Esc, the "home" action: the library; a playing video goes on in PiP if allowed.
    func leavePlayer(at now: HostTime) {
        screen = .library
        libraryDirty = true
        sendToPlayer(.leavePlayer, at: now)
    }

    /// f, x and w (swap, with two videos) act on the PiP window from any pane.
    func handleGlobalPiPKey(_ press: KeyPress, at now: HostTime) {
        guard pip != nil else { return }
        switch press.key {
        case .character("f"): send(.restoreFromPiP, at: now)
        case .character("x"): send(.closePiP, at: now)
        case .character("w"): swapVideos(at: now)
        default: break
        }
    }

    func handleLibraryKey(_ press: KeyPress, at now: HostTime) {
        act(on: library.handle(press, entries: catalog.entries), at: now)
        handleGlobalPiPKey(press, at: now)
        libraryDirty = true
    }

    func act(on action: LibraryAction, at now: HostTime) {
        switch action {
        case .none: break
        case .play(let index): open(entry: index, at: now)
        case .showDetails(let index): showDetails(of: index)
        case .message(let text): show(message: text, at: now)
        case .showHelp: helpVisible = true
        case .quit: running = false
        }
    }

    func showDetails(of index: Int) {
        details?.stop()
        details = DetailsPane(entry: catalog.entries[index], index: index, raster: previewRaster)
        if picturePresenter?.output.usesPlaceholders == true {
            details!.showPicturesAsPlaceholders(imageID: PicturePresenter.PlaceholderImage.preview)
        }
        screen = .details
    }

    func handleDetailsKey(_ press: KeyPress, at now: HostTime) {
        guard let pane = details else { screen = .library; return }
        let action = pane.handle(press)
        if action == .none { handleGlobalPiPKey(press, at: now) } else { act(onDetails: action, at: now) }
    }

    func act(onDetails action: DetailsAction, at now: HostTime) {
        guard let pane = details else { return }
        switch action {
        case .back:
            screen = .library
            libraryDirty = true
        case .play:
            open(entry: pane.index, at: now)
        case .message(let text):
            show(message: text, at: now)
        case .showHelp:
            helpVisible = true
        case .quit:
            running = false
        case .none:
            break
        }
    }

    func relayout(at now: HostTime) {
        let size = session.size
        painter.invalidate()
        layout()
        if let window = pip {
            var moved = window
            moved.layout.fit(to: size)
            pip = moved
        }
        send(.pipSupportChanged(PiPLayout.canShow(on: size)), at: now)
        if let second { perform(second.send(.pipSupportChanged(PiPLayout.canShow(on: size)), at: now), at: now) }
        shell?.resize(to: size)
        updateRenderSize(at: now)
    }
}

extension PiPWindow {
    enum Direction { case left, right, up, down }

    /// A keyboard move: to the adjacent corner in that direction; left of a left corner
    /// (or right of a right one) stashes the window against that edge, and the opposite
    /// direction pulls it back.
    mutating func step(toward direction: Direction) {
        if let edge = layout.stashedEdge {
            if (edge == .left && direction == .right) || (edge == .right && direction == .left) { layout.unstash() }
            return
        }
        let corner = layout.nearestCorner
        switch direction {
        case .left:
            if corner.isLeft { layout.stash(toward: .left) } else { layout.place(at: .init(left: true, top: corner.isTop)) }
        case .right:
            if !corner.isLeft { layout.stash(toward: .right) } else { layout.place(at: .init(left: false, top: corner.isTop)) }
        case .up: layout.place(at: .init(left: corner.isLeft, top: true))
        case .down: layout.place(at: .init(left: corner.isLeft, top: false))
        }
    }
}
