import InsetCore
import InsetTerminal

extension App {
    /// After a paint's write: the link's measure and the cells' rung (`LinkFitter`); the
    /// presenter's pictures take the same budget a frame; `--stats` shows it. `bytesAtRung`:
    /// what the frame took at the rung when it was drawn coarser for being too large.
    func fitToLink(bytes: Int, bytesAtRung: Int?, blocked: Duration, at start: HostTime) {
        let rate = director.frontFrameRate
        if linkFitter.painted(bytes: bytes, bytesAtRung: bytesAtRung, blocked: blocked, drained: terminal.lastDrain,
                              at: start, framesShown: director.frontFramesShown, framesPerSecond: rate) {
            linkFitter.apply(to: painter)
        }
        picturePresenter?.frameBudget = linkFitter.bytesPerFrame(framesPerSecond: rate)
        if director.options.showStats { director.overlays.linkFigures = linkFitter.figures(framesPerSecond: rate) }
    }
}
