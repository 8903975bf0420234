import InsetCore

/// `visualizer`: what draws a sound-only file's picture, for the focused video and the
/// files opened after it.
extension Director {
    /// The terminal window's title: the focused video's name (a music file's "artist –
    /// title"); nil while none plays (`WindowTitle` says "inset" then, once it has set one).
    var windowTitle: String? { windowTitleSubject?.text }

    /// What the window's title is made of, asked on every paint: no text is built here.
    var windowTitleSubject: WindowTitle.Subject? {
        guard let video = focusedVideo else { return nil }
        return WindowTitle.Subject(name: video.name, music: video.info.video.map { $0.isAttachedPicture } ?? true)
    }

    func changeVisualizer(_ change: Command.VisualizerChange, at now: HostTime) -> CommandOutcome {
        let target = focusedVideo
        let current = target.map { $0.picturesSound ? $0.visualizer : options.visualizer } ?? options.visualizer
        let wanted = change.applied(to: current)
        if let target, target.picturesSound {
            // The window shows a moving picture; the sound-only screen is the player's.
            if wanted == nil && target.snapshot.presentation == .pictureInPicture {
                return .refused("the window needs a picture: close it first")
            }
            guard target.drawSound(with: wanted, at: now) else {
                return .refused("\(wanted.map(\.rawValue) ?? "none") would not open")
            }
            deliver(target.takeAnswers(), from: target, at: now)
            updateRenderSize(at: now)
        }
        options.visualizer = wanted
        show(message: wanted.map { "visualiser: \($0)" } ?? "visualiser: none", at: now)
        return .done
    }
}
