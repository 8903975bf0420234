import InsetCore
import InsetPlayback

extension Director {
    /// A key bound to `seek`: a tap seeks as ever (false: the caller runs the command); a
    /// repeat while the key is held moves the pending target and shows it (true).
    func scrubKey(by delta: MediaTime, at now: HostTime) -> Bool {
        commitReleasedKey(at: now)
        let place: SeekPreview.Place = focus == .window && windowIsUp ? .window : .fullScreen
        guard let video = focusedVideo, let range = video.snapshot.range, !range.isLive, video.snapshot.canSkip,
              let spot = progressLine(place, at: now), spot.video === video else {
            _ = panes.seekPreview.scrubbing.keys.finish()
            return false
        }
        // Another video in front since (the list went on): its target starts from its own position.
        if panes.seekPreview.scrubbing.keys.isHeld, panes.seekPreview.scrubbing.keyVideo !== video { _ = panes.seekPreview.scrubbing.keys.finish() }
        switch panes.seekPreview.scrubbing.keys.press(by: delta, from: video.snapshot.position, in: range, at: now) {
        case .tap:
            panes.seekPreview.prepare(for: video)
            return false
        case .held(let target):
            panes.seekPreview.scrubbing.keyVideo = video
            panes.seekPreview.scrubbing.keyPlace = place
            panes.seekPreview.show(target, of: video, place: place, movesBar: true, column: spot.column(of: target),
                             lineRow: spot.line.minRow, videoColumns: spot.videoColumns, screen: stage.size, at: now)
            return true
        }
    }

    /// Another command than a seek key: a held key's seek goes first.
    func endKeyScrub(at now: HostTime) {
        guard let target = panes.seekPreview.scrubbing.keys.finish() else { return }
        finishKeyScrub(seekingTo: target, at: now)
    }

    /// Time passed: a held key let go seeks to its target; a picture done is shown.
    func tickScrubbing(at now: HostTime) {
        commitReleasedKey(at: now)
        if panes.seekPreview.tick(at: now) { effects.append(.paint) }
        // The pointer rests on a line that has hidden since (the bar's timeout).
        if let shown = panes.seekPreview.showing, progressLine(shown.place, at: now) == nil {
            panes.seekPreview.hide()
            effects.append(.paint)
        }
    }

    /// When the held key counts as let go.
    var scrubWake: HostTime? { panes.seekPreview.scrubbing.keys.releaseDue }

    private func commitReleasedKey(at now: HostTime) {
        guard let target = panes.seekPreview.scrubbing.keys.release(at: now) else { return }
        finishKeyScrub(seekingTo: target, at: now)
    }

    private func finishKeyScrub(seekingTo target: MediaTime, at now: HostTime) {
        effects.append(.paint)
        if panes.seekPreview.scrubbing.drag == nil { panes.seekPreview.hide() }
        guard let video = panes.seekPreview.scrubbing.keyVideo else { return }
        panes.seekPreview.scrubbing.keyVideo = nil
        deliver(video.send(.seek(to: target), at: now), from: video, at: now)
    }

    /// The pointer on a progress line: a press begins a drag there, which shows the target
    /// under the pointer (the bar's time too) and seeks there on release; plain motion over
    /// a line shows it without touching the bar. Whether the event was taken (a motion never
    /// is: the window's hover wants it too).
    func scrubWithPointer(_ mouse: MouseEvent, at now: HostTime) -> Bool {
        switch mouse.action {
        case .press:
            guard mouse.button == .left, let spot = progressLine(under: mouse.position, at: now) else { return false }
            endKeyScrub(at: now)
            navigate(spot.place == .window ? .focus(.window) : .pointerOnPane, at: now)
            panes.seekPreview.scrubbing.drag = spot.place
            preview(spot, atColumn: mouse.position.column, movesBar: true, at: now)
            return true
        case .drag:
            guard let place = panes.seekPreview.scrubbing.drag else { return false }
            if let spot = progressLine(place, at: now) { preview(spot, atColumn: mouse.position.column, movesBar: true, at: now) }
            return true
        case .release:
            guard panes.seekPreview.scrubbing.drag != nil else { return false }
            releaseDrag(at: now)
            return true
        case .move:
            // Motion with no button while dragging: the release was never reported.
            if panes.seekPreview.scrubbing.drag != nil { releaseDrag(at: now) }
            if let spot = progressLine(under: mouse.position, at: now) {
                preview(spot, atColumn: mouse.position.column, movesBar: false, at: now)
            } else if panes.seekPreview.showing?.movesBar == false {
                panes.seekPreview.hide()
            }
            return false
        }
    }

    private func releaseDrag(at now: HostTime) {
        panes.seekPreview.scrubbing.drag = nil
        let shown = panes.seekPreview.showing
        panes.seekPreview.hide()
        guard let shown, shown.movesBar, let video = shown.video else { return }
        deliver(video.send(.seek(to: shown.target), at: now), from: video, at: now)
    }

    private func preview(_ spot: ProgressLineSpot, atColumn column: Int, movesBar: Bool, at now: HostTime) {
        let column = min(max(column, spot.line.minColumn), spot.line.maxColumn - 1)
        guard let target = spot.time(atColumn: column) else { return }
        panes.seekPreview.show(target, of: spot.video, place: spot.place, movesBar: movesBar, column: column,
                         lineRow: spot.line.minRow, videoColumns: spot.videoColumns, screen: stage.size, at: now)
    }

    /// The progress line under `point`: the window's (on top), else the player's.
    func progressLine(under point: CellPoint, at now: HostTime) -> ProgressLineSpot? {
        [SeekPreview.Place.window, .fullScreen].lazy.compactMap { self.progressLine($0, at: now) }
            .first { $0.line.contains(point) }
    }

    /// The progress line of `place` while it is shown, for a file (a live stream's line has
    /// no end to scrub to).
    func progressLine(_ place: SeekPreview.Place, at now: HostTime) -> ProgressLineSpot? {
        switch place {
        case .window:
            guard let window = panes.window.pip, let video = videos.window,
                  window.controlsShown(focused: focus == .window, at: now), let line = window.layout.progressRect,
                  video.snapshot.range?.duration != nil else { return nil }
            return ProgressLineSpot(place: .window, video: video, line: line, videoColumns: window.videoCells.columns)
        case .fullScreen:
            guard front == .player, let video = videos.front, video.snapshot.presentation != .pictureInPicture,
                  video.snapshot.range?.duration != nil,
                  let bar = panes.player.planes.visibleBar(at: now, snapshot: video.snapshot) else { return nil }
            let line = ControlBar.rect(of: .progress, width: bar.size.columns)
            return ProgressLineSpot(place: .fullScreen, video: video,
                                    line: CellRect(column: bar.minColumn + line.minColumn, row: bar.minRow + line.minRow,
                                                   columns: line.size.columns, rows: 1),
                                    videoColumns: stage.size.columns)
        }
    }
}
