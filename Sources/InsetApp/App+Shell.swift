import Foundation
import InsetCore
import InsetRender
import InsetShell

/// The shell pane: the user's shell in a pty under the floating window, so the video can
/// be watched while working. Keys go to the shell while it has focus, except the prefix
/// chord (Ctrl-] unless `--prefix` says otherwise), after which one key goes to Inset.
extension App {
    /// `!` from any pane: the shell, started the first time, kept (with whatever runs in
    /// it) until it exits. A playing video goes on in the window, as with Esc.
    func openShell(at now: HostTime) {
        guard screen != .shell else { return }
        if shell == nil {
            let waker = self.waker
            do {
                shell = try ShellPane(command: options.shellCommand, size: session.size, onChange: { waker.wake() })
            } catch {
                show(message: "no shell: \(error)", at: now)
                return
            }
            shellDrawnGeneration = .max
        }
        shellReturn = screen
        let leaving = screen
        screen = .shell
        focus = .pane
        prefixPending = false
        layout()
        if leaving == .player { sendToPlayer(.leavePlayer, at: now) }
        needsPaint = true
    }

    /// The shell exited: its pane closes and the app goes back to where it was.
    func shellEnded(at now: HostTime) {
        shell?.close()
        shell = nil
        prefixPending = false
        guard screen == .shell else { return }
        switch shellReturn {
        case .player where playback != nil:
            screen = .library
            if pip != nil && second == nil { send(.restoreFromPiP, at: now) } else {
                screen = .player
                sendToPlayer(.returnToPlayer, at: now)
            }
        case .details where details != nil:
            screen = .details
        default:
            screen = .library
        }
        focus = .pane
        libraryDirty = true
        needsPaint = true
    }

    /// A key while the shell pane is in front with focus: the shell's, or after the prefix
    /// chord Inset's. False only without a shell.
    func handleShellKey(_ press: KeyPress, at now: HostTime) -> Bool {
        guard let shell else { return false }
        if prefixPending {
            prefixPending = false
            message = nil
            // The prefix twice: the chord itself, for the shell.
            if press == options.prefix { execute(.sendPrefix, at: now); return true }
            // One key for Inset (`keyContexts`: the prefix's own table, the window's while
            // there is one, the global keys); an unbound key (Esc) just ends the prefix.
            run(.key(press), in: keyContexts, at: now)
            return true
        }
        if press == options.prefix {
            prefixPending = true
            show(message: "\(options.prefix.description): Tab the window · f full screen · x close · ? keys · q quit", at: now)
            return true
        }
        shell.send(press)
        lastShellKeyAt = now
        // Nothing on screen changes until the program answers; its echo gets the paint.
        needsPaint = false
        return true
    }

    /// Mouse events over the pane (not the window) go to the program when it asked for them.
    func handleShellMouse(_ mouse: MouseEvent, at now: HostTime) {
        guard let shell else { return }
        if mouse.action == .press { focus = .pane }
        shell.mouse(mouse, at: mouse.position)
    }

    /// Whether the pane shows something not yet painted, and painting is due: while a video
    /// plays its frames paint anyway, and the pane's changes go with them (a flood of output
    /// costs no extra paint); else, and just after a key (its echo should not wait for the
    /// next frame), at most at 60 Hz.
    func shellNeedsPaint(at now: HostTime) -> Bool {
        guard screen == .shell, let shell, shell.generation != shellDrawnGeneration else { return false }
        let typing = now < lastShellKeyAt.advanced(by: App.echoWindow)
        if playback?.snapshot.isPlaying == true && pip != nil && !typing { return false }
        return now >= lastPaintAt.advanced(by: App.shellPaintInterval)
    }

    /// How long after a key the pane's changes are painted at once (the echo, a completion).
    static let echoWindow = Duration.milliseconds(250)

    static let shellPaintInterval = Duration.milliseconds(16)

    /// Draws the pane into its plane (a copy of the emulator's cells, under its lock) when
    /// the screen or the cursor's showing changed since the last time: the video's frames
    /// repaint 30 times a second, and the pane is most often still.
    func drawShell() {
        guard let shell else { return }
        let showCursor = focus == .pane && !helpVisible
        if shellPlane.size != session.size {
            shellPlane.resize(to: session.size, fill: .blank)
            shellDrawnGeneration = .max
        }
        guard shell.generation != shellDrawnGeneration || showCursor != shellDrawnCursor else { return }
        shellDrawnGeneration = shell.draw(into: &shellPlane.grid, showCursor: showCursor)
        shellDrawnCursor = showCursor
    }
}
