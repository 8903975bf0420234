import InsetCore

/// Input: a key runs the command bound to it where the keyboard is; a mouse event goes to
/// what is under the pointer; what panes ask for is carried out here.
extension Director {
    func handle(_ event: InputEvent, at now: HostTime) {
        effects.append(.paint)
        switch event {
        case .key(let press):
            if front == .player { panes.player.revealControls(at: now) }
            handle(press, at: now)
        case .mouse(let mouse):
            if front == .player { panes.player.revealControls(at: now) }
            handle(mouse, at: now)
        case .paste(let text):
            if front == .shell && focus == .pane { panes.shell.paste(text) }
        case .resize(let size):
            stage.size = size
            relayout(at: now)
        case .resumed:
            videos.forEach { $0.resynchronize(at: now) }
            effects.append(.redrawAll)
        case .terminate(let signal):
            outcome.terminationSignal = signal
            quit()
        }
    }

    /// The shell pane takes every key but its prefix chord; the help closes on any key;
    /// else the key runs what the bindings give it where the keyboard is (`keyContexts`).
    func handle(_ press: KeyPress, at now: HostTime) {
        if front == .shell && focus == .pane && !overlays.helpVisible {
            switch panes.shell.key(press, at: now) {
            case .sentToShell:
                // Nothing on screen changes until the program answers; its echo gets the paint.
                effects.cancelPaint()
                return
            case .prefixStarted:
                show(message: "\(options.prefix.description): Tab the window · f full screen · x close · ? keys · q quit", at: now)
                return
            case .forInset(let key):
                overlays.message = nil
                // An unbound key (Esc) just ends the prefix.
                run(.key(key), in: keyContexts, at: now)
                return
            }
        }
        if press.isInterrupt { quit(); return }
        if overlays.helpVisible {
            overlays.helpVisible = false
            return
        }
        run(.key(press), in: keyContexts, at: now)
    }

    /// Runs what `trigger` is bound to in the first of `contexts` that binds it. A seek key
    /// held down moves a pending target instead (`scrubKey`), and any other command first
    /// carries out the seek a held key left pending.
    func run(_ trigger: KeyBindings.Trigger, in contexts: [KeyBindings.Context], at now: HostTime) {
        guard let command = options.keyBindings.command(for: trigger, in: contexts) else { return }
        if case .key = trigger, case .seek(let delta) = command, scrubKey(by: delta, at: now) { return }
        endKeyScrub(at: now)
        execute(command, at: now)
    }

    /// Where a key is looked up: the focused window's table, the pane's, then the global
    /// one; in the shell pane (after its prefix) the prefix's table first. While the window
    /// plays over the library or the details, the keys that play (Space, ←/→, p) are its
    /// video's before they are the pane's, as the README promises right after `p` (issue 48).
    var keyContexts: [KeyBindings.Context] {
        let window: [KeyBindings.Context] = windowIsUp ? [.window] : []
        if front == .shell && focus == .pane { return [.shell] + window + [.global] }
        if focus == .window && windowIsUp { return window + (front == .shell ? [] : [frontPane.keyContext]) + [.global] }
        let windowVideo: [KeyBindings.Context] = windowPlaysOverList ? [.windowVideo] : []
        return windowVideo + (front == .shell ? [] : [frontPane.keyContext]) + [.global]
    }

    /// The window is up over the library or a file's details, whose keys are the user's.
    var windowPlaysOverList: Bool { windowIsUp && (front == .library || front == .details) }

    /// Mouse events go to whatever is under the pointer: the window (topmost, or the one a
    /// drag started on), else the pane in front.
    func handle(_ mouse: MouseEvent, at now: HostTime) {
        if overlays.helpVisible, mouse.action == .press { overlays.helpVisible = false; return }
        if scrubWithPointer(mouse, at: now) { return }
        if panes.window.takes(mouse) {
            carryOut(panes.window.handle(mouse, at: now), at: now)
            return
        }
        if front == .shell {
            if mouse.action == .press { navigate(.pointerOnPane, at: now) }
            _ = panes.shell.handle(mouse, at: now)
            return
        }
        guard mouse.action == .press else { return }
        if mouse.button == .wheelUp || mouse.button == .wheelDown, front != .library {
            run(.wheel(up: mouse.button == .wheelUp), in: keyContexts, at: now)
            return
        }
        // A click on a pane is for it: the focus comes back to the pane.
        navigate(.pointerOnPane, at: now)
        carryOut(frontPane.handle(mouse, at: now), at: now)
    }

    /// Does what a pane asked for.
    func carryOut(_ requests: [PaneRequest], at now: HostTime) {
        for request in requests {
            switch request {
            case .execute(let command): execute(command, at: now)
            case .sendToWindowVideo(let event):
                if let video = videos.window { deliver(video.send(event, at: now), from: video, at: now) }
            case .open(let entry): open(entry: entry, at: now)
            case .showDetails(let index): showDetails(of: index, at: now)
            case .back: navigate(.back, at: now)
            case .message(let text): show(message: text, at: now)
            case .focusWindow: navigate(.focus(.window), at: now)
            case .windowChanged: updateRenderSize(at: now)
            case .quit: quit()
            }
        }
    }

    func showDetails(of index: Int, at now: HostTime) {
        panes.details.show(catalog.entries[index], index: index, raster: previewRaster, allowance: options.allowance)
        panes.details.resize(to: stage.size)
        navigate(.details, at: now)
    }

    /// The details preview's raster: the video's, real pixels included (beside a window
    /// too: each is a picture of its own).
    var previewRaster: CellRaster { stage.videoRaster }

    /// The terminal changed size: every pane and the window fit it again.
    func relayout(at now: HostTime) {
        effects.append(.redrawAll)
        layout()
        panes.window.resize(to: stage.size)
        videos.forEach { video in
            deliver(video.send(.pipSupportChanged(PiPLayout.canShow(on: stage.size)), at: now), from: video, at: now)
        }
        updateRenderSize(at: now)
    }

    /// Sizes the panes' planes for the terminal.
    func layout() {
        for pane in panes.all where pane !== panes.window { pane.resize(to: stage.size) }
    }
}
