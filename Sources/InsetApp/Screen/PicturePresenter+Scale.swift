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

extension PicturePresenter {
    /// UI thread: from this paint on, slot `id` goes at `cells`. Where they changed, the
    /// paint drew over some of its last picture's pixels (a bar over the video that goes
    /// again, the window's parts cut anew), and a paint back at the old cells writes holes
    /// over them: the screen no longer shows that picture, whatever the link let through
    /// meanwhile. So sixel's next picture goes whole, and changes encoded before now are not
    /// written (`clearedAt`), as after a full redraw.
    func place(_ id: UInt32, at cells: CellRect) {
        guard let old = slots[id]?.cells, old != cells else { return }
        slots[id]!.cells = cells
        slots[id]!.clearedAt = generation
        condition.withLock { shared.onScreen[id] = nil }
    }
}
