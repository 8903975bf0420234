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

    /// A key runs the command the bindings give it where the keyboard is (`keyContexts`);
    /// the shell pane takes every key but its prefix chord, and the help closes on any key.
    func handle(_ press: KeyPress, at now: HostTime) {
        // The shell has the keyboard (Ctrl-C included) but for the prefix chord.
        if screen == .shell && focus == .pane && !helpVisible && handleShellKey(press, at: now) { return }
        if press.isInterrupt { running = false; return }
        if helpVisible {
            helpVisible = false
            return
        }
        run(.key(press), in: keyContexts, at: now)
    }

    /// The shell pane has the keys: one after its prefix chord reads the prefix's table first.
    var afterPrefix: Bool { screen == .shell && focus == .pane }

    /// Runs what `trigger` is bound to in the first of `contexts` that binds it.
    func run(_ trigger: KeyBindings.Trigger, in contexts: [KeyBindings.Context], at now: HostTime) {
        guard let command = options.keyBindings.command(for: trigger, in: contexts) else { return }
        execute(command, at: now)
    }

    /// Where a key is looked up: the focused window's table, the pane's, then the global one.
    var keyContexts: [KeyBindings.Context] {
        let pane: KeyBindings.Context? = switch screen {
        case .player: .player
        case .library: .library
        case .details: .details
        case .shell: nil
        }
        if afterPrefix { return [.shell] + (pip != nil ? [.window] : []) + [.global] }
        let window: [KeyBindings.Context] = focus == .pip && pip != nil ? [.window] : []
        return window + (pane.map { [$0] } ?? []) + [.global]
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
