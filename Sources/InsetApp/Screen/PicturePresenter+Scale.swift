import InsetCore

extension PicturePresenter {
    /// UI thread, before the pictures are cut for a paint: the scale they go at, settled as
    /// `show` settles it (a still goes whole), so that pictures cut at a scale
    /// (`App.scaledPart`) are shown at that scale. A frame new in this paint is not yet
    /// known here: after a still it goes whole, and the pacer measures afresh from there.
    func settledScale(at now: HostTime) -> Double {
        if pacer.scale < 1 { _ = pacer.restoreIfStill(at: now, lastFrame: lastNewFrame) }
        return pacer.scale
    }
}
