import InsetCore
import InsetMedia
import InsetRender

extension Player {
    /// Keys and mouse become the same `PlaybackEvent`s; the view changes nothing itself.
    func handle(_ event: InputEvent, at now: HostTime) {
        switch event {
        case .key(let key):
            showControls(at: now)
            handle(key, at: now)
        case .mouse(let mouse):
            showControls(at: now)
            handle(mouse, at: now)
        case .resize(let size):
            relayout(to: size, at: now)
        case .resumed:
            // Time stood still while stopped: carry on from the frame on screen, and draw
            // the whole screen again (the shell drew over it).
            clock.set(current?.time ?? clock.time(at: now), at: now)
            painter.invalidate()
            needsPaint = true
        case .terminate(let signal):
            terminationSignal = signal
            running = false
        }
    }

    func handle(_ press: KeyPress, at now: HostTime) {
        if press.isInterrupt { running = false; return }
        if helpVisible && press.key != .character("?") {
            helpVisible = false
            needsPaint = true
            return
        }
        switch press.key {
        case .character(" "): send(.togglePause, at: now)
        case .left: send(.skipBackward, at: now)
        case .right: send(.skipForward, at: now)
        case .character("q"), .character("Q"): running = false
        case .character("?"): helpVisible.toggle()
        case .character("p"): send(.startPiP, at: now)
        default: break
        }
        needsPaint = true
    }

    func handle(_ mouse: MouseEvent, at now: HostTime) {
        guard mouse.action == .press, mouse.button == .left else { return }
        if helpVisible { helpVisible = false; needsPaint = true; return }
        let bar = controls.frame
        guard bar.contains(mouse.position) else { return }
        let local = CellPoint(column: mouse.position.column - bar.minColumn, row: mouse.position.row - bar.minRow)
        switch ControlBar.control(at: local, width: bar.size.columns) {
        case .playPause?: send(.togglePause, at: now)
        case .skipBackward?: send(.skipBackward, at: now)
        case .skipForward?: send(.skipForward, at: now)
        case .pip?: send(.startPiP, at: now)
        case .help?: helpVisible = true; needsPaint = true
        case .progress?:
            if let range = machine.snapshot.range,
               let target = ControlBar.seekTime(column: local.column, width: bar.size.columns, range: range) {
                send(.seek(to: target), at: now)
            }
        case nil: break
        }
    }

    func send(_ event: PlaybackEvent, at now: HostTime) {
        perform(machine.handle(event, at: now), at: now)
    }

    func relayout(to size: CellSize, at now: HostTime) {
        layout()
        painter.invalidate()
        if let current { video.show(current, in: size) } else { video.clear(to: size) }
        send(.renderSizeChanged(size.halfBlockPixels), at: now)
    }
}
