import InsetCore
import InsetRender

extension App {
    /// Mouse events go to whatever is under the pointer: the PiP window (topmost, or the
    /// one a drag started on), else the pane.
    func handle(_ mouse: MouseEvent, at now: HostTime) {
        if helpVisible, mouse.action == .press { helpVisible = false; return }
        if let window = pip, !window.isAnimating, window.drag != nil || window.visibleFrame.contains(mouse.position) {
            handle(mouse, on: window, at: now)
            return
        }
        if screen == .shell { handleShellMouse(mouse, at: now); return }
        guard mouse.action == .press else { return }
        if mouse.button == .wheelUp || mouse.button == .wheelDown, screen != .library {
            run(.wheel(up: mouse.button == .wheelUp), in: keyContexts, at: now)
            return
        }
        switch screen {
        case .player: handlePlayerClick(mouse, at: now)
        case .library: act(on: library.handle(mouse, entries: catalog.entries, origin: .zero), at: now); libraryDirty = true
        case .details:
            guard let action = details?.handle(mouse, origin: .zero) else { break }
            act(onDetails: action, at: now)
        case .shell:
            break
        }
    }

    /// Works on a copy of the window and stores it back before sending anything to the
    /// machine, whose effects may replace or remove the window.
    private func handle(_ mouse: MouseEvent, on current: PiPWindow, at now: HostTime) {
        var window = current
        window.hoverUntil = now.advanced(by: .seconds(2))
        var sent = false
        defer { if pip != nil, !sent { pip = window } }
        func sendNow(_ event: PlaybackEvent) {
            pip = window
            sent = true
            send(event, at: now)
        }
        switch (mouse.action, window.drag) {
        case (.drag, .move(let grab)?):
            window.layout.move(to: CellPoint(column: mouse.position.column - grab.column, row: mouse.position.row - grab.row))
        case (.drag, .resize(let corner)?):
            window.layout.resize(dragging: corner, to: mouse.position)
        case (.release, let drag?):
            if case .move = drag { window.layout.finishMove() }
            window.drag = nil
            pip = window
            sent = true
            updateRenderSize(at: now)
        case (.press, _) where mouse.button == .left:
            focus = .pip
            let shown = window.controlsShown(focused: true, at: now)
            switch window.layout.hitTest(mouse.position, controlsShown: shown) {
            case .control(let control)?:
                if let event = control.event { sendNow(event) } else { pip = window; sent = true; swapVideos(at: now) }
            case .progress(let fraction)?:
                if let target = playback?.snapshot.time(atProgress: fraction) { sendNow(.seek(to: target)) }
            case .titleBar?:
                let origin = window.layout.frame.origin
                window.drag = .move(grab: CellPoint(column: mouse.position.column - origin.column,
                                                    row: mouse.position.row - origin.row))
            case .resizeHandle(let corner)?:
                window.drag = .resize(corner)
            case .stashTab?:
                window.layout.unstash()
                pip = window
                sent = true
                updateRenderSize(at: now)
            case .video?, .border?, nil:
                break
            }
        default:
            break
        }
    }

    private func handlePlayerClick(_ mouse: MouseEvent, at now: HostTime) {
        guard mouse.button == .left, let shown = frontPlayback,
              let (control, local) = player.control(at: mouse.position, now: now, snapshot: shown.snapshot) else { return }
        // A click on the player's bar is for the full-screen video: the focus comes to it.
        focus = .pane
        switch control {
        case .playPause: execute(.pause(nil), at: now)
        case .skipBackward: execute(.seek(by: -PlaybackEvent.skipInterval), at: now)
        case .skipForward: execute(.seek(by: PlaybackEvent.skipInterval), at: now)
        case .pip: execute(.pip, at: now)
        case .help: execute(.help, at: now)
        case .progress:
            if let range = shown.snapshot.range,
               let target = ControlBar.seekTime(column: local.column, width: player.barWidth, range: range) {
                sendToPlayer(.seek(to: target), at: now)
            }
        }
    }
}
