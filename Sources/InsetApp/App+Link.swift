import InsetCore

extension App {
    /// After a paint's write: the link's measure and the cells' rung (`LinkFitter`); the
    /// presenter's pictures take the same budget a frame; `--stats` shows it.
    func fitToLink(bytes: Int, blocked: Duration, at start: HostTime) {
        let rate = director.frontFrameRate
        if linkFitter.painted(bytes: bytes, blocked: blocked, at: start, framesShown: director.frontFramesShown,
                              framesPerSecond: rate) {
            linkFitter.apply(to: painter)
        }
        picturePresenter?.frameBudget = linkFitter.bytesPerFrame(framesPerSecond: rate)
        if director.options.showStats { director.overlays.linkFigures = linkFitter.figures(framesPerSecond: rate) }
    }
}
