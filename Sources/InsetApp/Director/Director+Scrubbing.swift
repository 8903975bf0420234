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
            _ = scrubbing.keys.finish()
            return false
        }
        // Another video in front since (the list went on): its target starts from its own position.
        if scrubbing.keys.isHeld, scrubbing.keyVideo !== video { _ = scrubbing.keys.finish() }
        switch scrubbing.keys.press(by: delta, from: video.snapshot.position, in: range, at: now) {
        case .tap:
            seekPreview.prepare(for: video)
            return false
        case .held(let target):
            scrubbing.keyVideo = video
            scrubbing.keyPlace = place
            seekPreview.show(target, of: video, place: place, movesBar: true, column: spot.column(of: target),
                             lineRow: spot.line.minRow, videoColumns: spot.videoColumns, screen: stage.size, at: now)
            return true
        }
    }

    /// Another command than a seek key: a held key's seek goes first.
    func endKeyScrub(at now: HostTime) {
        guard let target = scrubbing.keys.finish() else { return }
        finishKeyScrub(seekingTo: target, at: now)
    }

    /// Time passed: a held key let go seeks to its target; a picture done is shown.
    func tickScrubbing(at now: HostTime) {
        commitReleasedKey(at: now)
        if seekPreview.tick(at: now) { effects.append(.paint) }
        // The pointer rests on a line that has hidden since (the bar's timeout).
        if let shown = seekPreview.showing, progressLine(shown.place, at: now) == nil {
            seekPreview.hide()
            effects.append(.paint)
        }
    }

    /// When the held key counts as let go.
    var scrubWake: HostTime? { scrubbing.keys.releaseDue }

    private func commitReleasedKey(at now: HostTime) {
        guard let target = scrubbing.keys.release(at: now) else { return }
        finishKeyScrub(seekingTo: target, at: now)
    }

    private func finishKeyScrub(seekingTo target: MediaTime, at now: HostTime) {
        effects.append(.paint)
        if scrubbing.drag == nil { seekPreview.hide() }
        guard let video = scrubbing.keyVideo else { return }
        scrubbing.keyVideo = nil
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
            scrubbing.drag = spot.place
            preview(spot, atColumn: mouse.position.column, movesBar: true, at: now)
            return true
        case .drag:
            guard let place = scrubbing.drag else { return false }
            if let spot = progressLine(place, at: now) { preview(spot, atColumn: mouse.position.column, movesBar: true, at: now) }
            return true
        case .release:
            guard scrubbing.drag != nil else { return false }
            releaseDrag(at: now)
            return true
        case .move:
            // Motion with no button while dragging: the release was never reported.
            if scrubbing.drag != nil { releaseDrag(at: now) }
            if let spot = progressLine(under: mouse.position, at: now) {
                preview(spot, atColumn: mouse.position.column, movesBar: false, at: now)
            } else if seekPreview.showing?.movesBar == false {
                seekPreview.hide()
            }
            return false
        }
    }

    private func releaseDrag(at now: HostTime) {
        scrubbing.drag = nil
        let shown = seekPreview.showing
        seekPreview.hide()
        guard let shown, shown.movesBar, let video = shown.video else { return }
        deliver(video.send(.seek(to: shown.target), at: now), from: video, at: now)
    }

    private func preview(_ spot: ProgressLineSpot, atColumn column: Int, movesBar: Bool, at now: HostTime) {
        let column = min(max(column, spot.line.minColumn), spot.line.maxColumn - 1)
        guard let target = spot.time(atColumn: column) else { return }
        seekPreview.show(target, of: spot.video, place: spot.place, movesBar: movesBar, column: column,
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
