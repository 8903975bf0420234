import InsetCore
import InsetTerminal

extension App {
    /// After any write to the terminal (a paint's cells, a picture): the link's one meter
    /// takes what the terminal read while the write waited (`TerminalWriter.Drain`). The
    /// cells' ladder, the pictures' ladder and the pictures' pacer all read it.
    func measureLink(bytes: Int, blocked: Duration, drained: TerminalWriter.Drain?, at start: HostTime) {
        link.wrote(bytes: bytes, blocked: blocked, at: start, drainedBytes: drained?.bytes ?? 0,
                   drainTime: drained?.duration ?? .zero)
    }

    /// After a paint's write: the link's measure and the cells' rung (`LinkFitter`); the
    /// presenter's pictures take the same budget a frame; `--stats` shows it. `bytesAtRung`:
    /// what the frame took at the rung when it was drawn coarser for being too large.
    func fitToLink(bytes: Int, bytesAtRung: Int?, blocked: Duration, at start: HostTime) {
        measureLink(bytes: bytes, blocked: blocked, drained: terminal.lastDrain, at: start)
        let rate = director.frontFrameRate
        if linkFitter.painted(bytes: bytes, bytesAtRung: bytesAtRung, at: start, framesShown: director.frontFramesShown,
                              framesPerSecond: rate) {
            linkFitter.apply(to: painter)
        }
        picturePresenter?.frameBudget = linkFitter.bytesPerFrame(framesPerSecond: rate)
        if director.options.showStats { director.overlays.linkFigures = linkFitter.figures(framesPerSecond: rate) }
    }
}
