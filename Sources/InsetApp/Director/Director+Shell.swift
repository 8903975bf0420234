import InsetCore

/// The shell pane's comings and goings (ARCHITECTURE.md, "Panes").
extension Director {
    /// `shell` (`!`) from any pane: the shell, started the first time, kept (with whatever
    /// runs in it) until it exits. A playing video goes on in the window, as with Esc.
    func openShell(at now: HostTime) {
        guard front != .shell else { return }
        let waker = self.waker
        do {
            try panes.shell.start(command: options.shellCommand, size: stage.size, onChange: { waker.wake() })
        } catch {
            show(message: "no shell: \(error)", at: now)
            return
        }
        layout()
        navigate(.shellStarted, at: now)
        effects.append(.paint)
    }

    /// The shell exited: its pane closes and the app goes back to where it was.
    func shellEnded(at now: HostTime) {
        panes.shell.close()
        navigate(.shellEnded, at: now)
        effects.append(.paint)
    }
}
