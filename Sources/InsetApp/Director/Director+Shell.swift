import InsetCore

/// The shell pane's comings and goings (ARCHITECTURE.md, "Panes").
extension Director {
    /// `shell` (`!`) from any pane: the shell, started the first time, kept (with whatever
    /// runs in it) until it exits. A playing video goes on in the window, as with Esc.
    func openShell(at now: HostTime) {
        guard screen != .shell else { return }
        let waker = self.waker
        do {
            try panes.shell.start(command: options.shellCommand, size: stage.size, onChange: { waker.wake() })
        } catch {
            show(message: "no shell: \(error)", at: now)
            return
        }
        panes.shell.returnTo = screen
        let leaving = screen
        screen = .shell
        focus = .pane
        layout()
        if leaving == .player, let front = videos.front { deliver(front.send(.leavePlayer, at: now), from: front, at: now) }
        effects.append(.paint)
    }

    /// The shell exited: its pane closes and the app goes back to where it was.
    func shellEnded(at now: HostTime) {
        panes.shell.close()
        guard screen == .shell else { return }
        switch panes.shell.returnTo {
        case .player where videos.windowOwner != nil:
            screen = .library
            if let video = videos.window, videos.besideWindow == nil {
                deliver(video.send(.restoreFromPiP, at: now), from: video, at: now)
            } else if let front = videos.front {
                screen = .player
                deliver(front.send(.returnToPlayer, at: now), from: front, at: now)
            }
        case .details where panes.details.details != nil:
            screen = .details
        default:
            screen = .library
        }
        focus = .pane
        panes.library.invalidate()
        effects.append(.paint)
    }
}
