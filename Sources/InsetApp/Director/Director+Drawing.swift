import Foundation
import InsetCore
import InsetPlayback
import InsetRender

extension Director {
    /// Composes the screen: the pane in front, the window over it, the subtitles and the
    /// overlay on top. The loop rasterizes them against what the terminal shows and writes
    /// the frame in one write.
    func compose(into planes: inout [Plane], at now: HostTime) {
        panes.shell.lastPaintAt = now
        panes.library.windowPlaying = windowIsUp
        switch front {
        case .details: panes.details.draw(into: &planes, focused: focus == .pane, raster: previewRaster)
        case .shell: panes.shell.draw(into: &planes, focused: focus == .pane && !overlays.helpVisible, at: now)
        default: frontPane.draw(into: &planes, focused: focus == .pane, at: now)
        }
        panes.window.draw(into: &planes, focused: focus == .window, at: now)
        panes.seekPreview.draw(into: &planes, withPicture: seekPreviewHasPicture)
        appendSubtitlePlanes(into: &planes, at: now)
        if overlays.helpVisible || overlays.message != nil || options.showStats {
            drawOverlay()
            planes.append(overlays.plane)
        }
    }

    /// The video whose figures the stats corner and the paint's statistics are: the
    /// player's, else the window's.
    var shownVideo: Playback? { videos.front ?? videos.windowOwner }

    /// Frames the video in front has shown: a paint after more carried a new frame.
    var frontFramesShown: Int { shownVideo?.statistics.shown ?? 0 }

    /// The frames a second the video in front plays (its stream's rate at its speed), for
    /// the link's budget a frame; 25 when the stream does not say.
    var frontFrameRate: Double {
        guard let video = shownVideo else { return 25 }
        return (video.info.video?.frameRate.value ?? 25) * video.snapshot.speed.factor
    }

    /// A paint went out: its bytes and how long the write blocked count in the figures.
    func painted(bytes: Int, blocked: Duration, at now: HostTime) {
        videos.front?.notePaint(bytes: bytes, blocked: blocked, at: now)
    }

    /// A picture's bytes count with the frame's in `--stats`, as they are its picture.
    func wrotePicture(bytes: Int) {
        videos.windowOwner?.notePicture(bytes: bytes)
    }

    /// The video layers whose pictures go out as pixels, bottom to top, each with the image
    /// id its parts are numbered from: the full-screen player's (beside the window too) or
    /// the details pane's preview, then the window's, which floats above.
    var pictureLayers: [(layer: VideoLayer, imageID: UInt32)] {
        var layers: [(layer: VideoLayer, imageID: UInt32)] = []
        switch front {
        case .player: layers.append((panes.player.video, PicturePresenter.LayerImages.player))
        case .details:
            if let preview = panes.details.previewLayer { layers.append((preview, PicturePresenter.LayerImages.preview)) }
        case .library, .shell: break
        }
        if let window = panes.window.pip, window.video.plane.isVisible {
            layers.append((window.video, PicturePresenter.LayerImages.window))
        }
        // Over both.
        if panes.seekPreview.showing != nil, panes.seekPreview.layer.plane.isVisible, seekPreviewHasPicture {
            layers.append((panes.seekPreview.layer, PicturePresenter.LayerImages.thumbnail))
        }
        return layers
    }

    /// Each video's frames go early by the latency of its own picture in pixels (`lead`,
    /// from a layer's image id base and placeholder id), so the picture lands with the sound;
    /// a video with no picture shown goes on time.
    func setPictureLeads(_ lead: (_ layerBase: UInt32, _ placeholder: UInt32?) -> MediaTime) {
        var front = MediaTime.zero, window = MediaTime.zero
        for entry in pictureLayers where entry.layer.picture != nil {
            let value = lead(entry.imageID, entry.layer.placeholderImageID)
            if entry.imageID == PicturePresenter.LayerImages.player { front = value }
            if entry.imageID == PicturePresenter.LayerImages.window { window = value }
        }
        videos.forEach { $0.pictureLead = .zero }
        if let video = videos.front { video.pictureLead = front }
        if let video = videos.window { video.pictureLead = max(video.pictureLead, window) }
    }

    /// The overlay: the key list of the screen in front, a message, the stats corner.
    func drawOverlay() {
        let size = stage.size
        if overlays.plane.size != size { overlays.plane.resize(to: size) } else { overlays.plane.grid.fill(.transparent) }
        if options.showStats, let stats = shownVideo?.statistics {            let offset = stats.audioVideoOffset.map { "  A-V \($0.microseconds >= 0 ? "+" : "")\($0.microseconds / 1000) ms" } ?? ""
            let variant = stats.variant.map { "  variant \($0)" } ?? ""
            let pictures = (overlays.pictureFigures.map { "  \($0)" } ?? "") + (overlays.linkFigures.map { "  \($0)" } ?? "")
            let text = " \(stats.paintsPerSecond) fps  drop \(stats.dropped)  catch-up \(stats.catchUps)  \(stats.bytesPerPaint / 1024) KB/frame\(pictures)\(offset)\(variant) "
            overlays.plane.grid.put(text, at: CellPoint(column: max(0, size.columns - CellGrid.columns(of: text)), row: 0),
                             style: CellStyle(foreground: .white, background: .black))
        }
        if let message = overlays.message {
            let text = CellGrid.truncated(" \(message.text) ", toColumns: size.columns)
            let row = max(0, size.rows - 4)
            overlays.plane.grid.put(text, at: CellPoint(column: max(0, (size.columns - CellGrid.columns(of: text)) / 2), row: row),
                             style: CellStyle(foreground: .black, background: RGB(250, 200, 60)))
        }
        if overlays.helpVisible {
            let place = focus == .window && windowIsUp ? nil : front
            // A script's key is taken everywhere but in the shell pane (ScriptDesk.takeKey).
            let scriptKeys = place == .shell ? [] : overlays.scriptKeys
            HelpOverlay.draw(HelpOverlay.keys(for: place, bindings: options.keyBindings, prefix: options.prefix.description,
                                              windowPlaying: windowPlaysOverList) + scriptKeys,
                             into: &overlays.plane.grid)
        }
    }
}

extension Director {
    /// Whether the seek preview may show its picture: inside tmux with kitty graphics its
    /// placeholder id is the details preview's, so not while the details pane is in front.
    var seekPreviewHasPicture: Bool { front != .details || panes.seekPreview.layer.placeholderImageID == nil }
}
