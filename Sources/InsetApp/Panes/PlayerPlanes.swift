import InsetCore
import InsetMedia
import InsetRender

/// The full-screen player's planes: the video filling the screen, the control bar over its
/// bottom rows (so showing and hiding the bar never rescales the video), and while the
/// video is in PiP a placeholder instead of frames.
///
/// UI thread. It draws what the snapshot says; it never changes playback itself.
struct PlayerPlanes {
    var video = VideoLayer(zIndex: 0)
    var controls = Plane(size: .zero, zIndex: 10, fill: Cell(" ", style: ControlBar.normal), isOpaque: true)
    private(set) var controlsHideAt: HostTime = .zero
    /// False in embed mode: the bar is never drawn (nothing there can be clicked).
    var showsControls = true
    /// How far the bar's skip buttons go (the config's `skip-step`): their labels and clicks.
    var skipStep = PlaybackEvent.skipInterval
    static let controlsTimeout = Duration.seconds(3)

    mutating func layout(_ size: CellSize, current: VideoFrame?) {
        controls.setFrame(CellRect(column: 0, row: max(0, size.rows - ControlBar.height),
                                   columns: size.columns, rows: min(size.rows, ControlBar.height)))
        if let current { video.show(current, in: size) } else { video.clear(to: size) }
    }

    mutating func show(_ frame: VideoFrame, screen: CellSize) { video.show(frame, in: screen) }

    func controlsVisible(at now: HostTime) -> Bool { showsControls && now < controlsHideAt }

    /// Brings the controls back for a while (any key, any mouse move). Returns whether they
    /// were hidden, so the caller knows to repaint.
    @discardableResult
    mutating func revealControls(at now: HostTime) -> Bool {
        let wasHidden = !controlsVisible(at: now)
        controlsHideAt = now.advanced(by: PlayerPlanes.controlsTimeout)
        return wasHidden
    }

    /// Adds this screen's planes for the snapshot. In PiP the video area shows the
    /// placeholder and the controls are hidden.
    ///
    /// A file with sound only (`soundOnly` is its title) shows the title on black with the
    /// controls always up, so the time and the progress line are there to see and click.
    /// `status` is a state the bar says while it lasts ("buffering…"); the bar stays up for it.
    /// `place` is the file's place in its list ("2/3"), after the time; `title` a page's title.
    /// `album` is a music file's album and year, under its title; `keepsControls` keeps the
    /// bar up (a visualiser's picture: the bar is what names the music).
    mutating func planes(_ snapshot: PlaybackSnapshot, soundOnly title: String? = nil, cover: VideoFrame? = nil,
                         album: String? = nil, status: String? = nil, place: String? = nil, title pageTitle: String? = nil,
                         chapters: [Chapter] = [], keepsControls: Bool = false, at now: HostTime,
                         into planes: inout [Plane]) {
        if let title {
            drawTitle(title, album: album, cover: cover)
            ControlBar.draw(snapshot, place: place, title: pageTitle, chapters: chapters, step: skipStep, into: &controls.grid)
            controls.isVisible = showsControls
            planes.append(video.plane)
            planes.append(controls)
            return
        }
        if snapshot.presentation == .pictureInPicture {
            drawPlaceholder()
            planes.append(video.plane)
            return
        }
        controls.isVisible = controlsVisible(at: now) || (showsControls && (!snapshot.isPlaying || status != nil || keepsControls))
        if controls.isVisible {
            ControlBar.draw(snapshot, status: status, place: place, title: pageTitle, chapters: chapters, step: skipStep, into: &controls.grid)
        }
        planes.append(video.plane)
        planes.append(controls)
    }

    /// The title (and the cover picture, when the file has one) of a file with sound only.
    private mutating func drawTitle(_ title: String, album: String?, cover: VideoFrame?) {
        let size = video.plane.size
        if let cover { video.show(cover, in: size) } else { video.clear(to: size) }
        // With a cover the words go below it, over the bar's rows' neighbours; without,
        // in the middle.
        let row = cover == nil ? size.rows / 2 - 1 : max(0, size.rows - ControlBar.height - 3)
        let name = CellGrid.truncated(" \(title) ", toColumns: size.columns)
        video.drawText(name, at: CellPoint(column: max(0, (size.columns - CellGrid.columns(of: name)) / 2), row: row),
                       style: CellStyle(foreground: .white, background: .black, attributes: .bold))
        var below = row + 1
        if let album {
            let line = CellGrid.truncated(" \(album) ", toColumns: size.columns)
            video.drawText(line, at: CellPoint(column: max(0, (size.columns - CellGrid.columns(of: line)) / 2), row: below),
                           style: CellStyle(foreground: .white, background: .black))
            below += 1
        }
        let note = " ♪ sound only "
        video.drawText(note, at: CellPoint(column: max(0, (size.columns - CellGrid.columns(of: note)) / 2), row: below),
                       style: CellStyle(foreground: RGB(150, 150, 160), background: .black))
    }

    /// While a file is being opened (a stream may take seconds to answer): its name, and
    /// how to give up.
    /// "opening NAME…", or "resolving NAME…" while yt-dlp reads a page.
    mutating func drawOpening(_ name: String, resolving: Bool = false) {
        let size = video.plane.size
        video.clear(to: size)
        // Embedded, a preview: a dark rectangle until the picture comes, no words.
        guard showsControls else { return }
        let title = CellGrid.truncated(" \(resolving ? "resolving" : "opening") \(name)… ", toColumns: size.columns)
        video.drawText(title, at: CellPoint(column: max(0, (size.columns - CellGrid.columns(of: title)) / 2), row: size.rows / 2),
                       style: CellStyle(foreground: .white, background: .black, attributes: .bold))
        let hint = " q quits "
        video.drawText(hint, at: CellPoint(column: max(0, (size.columns - CellGrid.columns(of: hint)) / 2), row: size.rows / 2 + 1),
                       style: CellStyle(foreground: RGB(150, 150, 160), background: .black))
    }

    private mutating func drawPlaceholder() {
        video.clear(to: video.plane.size)
        let text = "playing in picture in picture"
        let size = video.plane.size
        video.drawText(text, at: CellPoint(column: max(0, (size.columns - text.count) / 2), row: size.rows / 2),
                       style: CellStyle(foreground: RGB(150, 150, 160), background: .black))
    }

    /// The control under `point` (screen cells), if the bar is showing.
    func control(at point: CellPoint, now: HostTime, snapshot: PlaybackSnapshot) -> ControlBar.Control? {
        guard visibleBar(at: now, snapshot: snapshot)?.contains(point) == true else { return nil }
        let local = CellPoint(column: point.column - controls.frame.minColumn, row: point.row - controls.frame.minRow)
        return ControlBar.control(at: local, width: controls.frame.size.columns)
    }

    /// Where the bar is on the screen while it shows (a paused video keeps it); nil when hidden.
    func visibleBar(at now: HostTime, snapshot: PlaybackSnapshot) -> CellRect? {
        guard showsControls, controlsVisible(at: now) || !snapshot.isPlaying || controls.isVisible else { return nil }
        return controls.frame
    }
}
