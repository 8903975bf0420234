import InsetCore
import InsetMedia
import InsetRender

/// The floating picture-in-picture window: a border with the title (name and time), the
/// video inside, and on focus or hover its controls (restore and close in the top border,
/// −15 / play-pause / +15 over the video's second-to-last row, the progress line on its
/// last). Geometry, hit testing and the enter/exit animation frames come from `PiPLayout`,
/// so what is drawn and what a click finds agree to the cell.
///
/// UI thread. Two planes above every pane: the video, and the chrome over it (transparent
/// inside, except where the controls are).
struct PiPWindow {
    var layout: PiPLayout
    private(set) var video = VideoLayer(zIndex: 100)
    private(set) var chrome = Plane(size: .zero, zIndex: 101)
    /// The running enter or exit animation: which, the step, the player's rect it starts
    /// from or ends at.
    private(set) var animation: (kind: PiPAnimation, step: Int, playerRect: CellRect)?
    var hoverUntil: HostTime = .zero
    /// A drag in progress: the title (with where in the window it was grabbed) or a corner.
    var drag: Drag?
    /// How far the skip buttons go, which their labels say (the config's `skip-step`).
    var skipStep = PlaybackEvent.skipInterval

    enum Drag: Equatable {
        case move(grab: CellPoint)
        case resize(PiPLayout.Corner)
    }

    /// Draws the picture as kitty placeholder cells of `imageID` (inside tmux), or as holes.
    mutating func showPicturesAsPlaceholders(imageID: UInt32?) { video.placeholderImageID = imageID }

    static let frameInterval = Duration.milliseconds(30)
    static let border = CellStyle(foreground: RGB(200, 200, 210), background: RGB(20, 20, 24))
    static let focusedBorder = CellStyle(foreground: RGB(250, 200, 60), background: RGB(20, 20, 24), attributes: .bold)
    static let button = CellStyle(foreground: RGB(240, 240, 240), background: RGB(40, 40, 48))
    static let disabled = CellStyle(foreground: RGB(110, 110, 118), background: RGB(40, 40, 48))

    init(screen: CellSize, videoAspect: Double) {
        layout = PiPLayout(screen: screen, videoAspect: videoAspect)
    }

    /// The rectangle the window occupies now (mid-animation, the interpolated one).
    var visibleFrame: CellRect {
        guard let animation else { return layout.frame }
        switch animation.kind {
        case .enter: return layout.enterFrame(animation.step, from: animation.playerRect)
        case .exit: return layout.exitFrame(animation.step, to: animation.playerRect)
        }
    }

    var isAnimating: Bool { animation != nil }

    mutating func beginAnimation(_ kind: PiPAnimation, playerRect: CellRect) {
        animation = (kind, 0, playerRect)
    }

    /// One step on; returns the animation when it has just finished.
    mutating func stepAnimation() -> PiPAnimation? {
        guard var current = animation else { return nil }
        current.step += 1
        if current.step >= PiPLayout.animationFrameCount {
            animation = nil
            return current.kind
        }
        animation = current
        return nil
    }

    func controlsShown(focused: Bool, at now: HostTime) -> Bool {
        animation == nil && !layout.isStashed && (focused || now < hoverUntil)
    }

    /// The cells the decoder should scale to for this window.
    var videoCells: CellSize { layout.videoRect.size }

    /// Draws the window for the snapshot and the frame on screen, and adds its planes.
    /// `chapters`: where the video's chapters start, marked on the progress line.
    mutating func planes(_ snapshot: PlaybackSnapshot, frame: VideoFrame?, title: String, focused: Bool,
                         chapters: [Chapter] = [], at now: HostTime, into planes: inout [Plane]) {
        let rect = visibleFrame
        let inner = CellRect(column: rect.minColumn + 1, row: rect.minRow + 1,
                             columns: max(0, rect.size.columns - 2), rows: max(0, rect.size.rows - 2))
        video.setOrigin(inner.origin)
        if let frame { video.show(frame, in: inner.size) } else { video.clear(to: inner.size) }
        chrome.setFrame(rect)
        chrome.grid.fill(.transparent)
        let local = CellRect(origin: .zero, size: rect.size)
        let style = focused ? PiPWindow.focusedBorder : PiPWindow.border
        chrome.grid.drawBox(local, style: style)
        let shown = controlsShown(focused: focused, at: now)
        let speed = snapshot.speed.isNormal ? "" : " \(snapshot.speed)"
        let time = "\(snapshot.elapsed.clockString) / \(snapshot.range?.duration?.clockString ?? "LIVE")\(speed)"
        let titleRect = layout.titleRect(controlsShown: shown)
        // The state and time come first so a narrow window cuts the name, not the time.
        let titleText = CellGrid.truncated(" \(snapshot.isPlaying ? "▶" : "❚❚") \(time)  \(title) ", toColumns: max(0, titleRect.size.columns))
        chrome.grid.put(titleText, at: CellPoint(column: 2, row: 0), style: style)
        if shown { drawControls(snapshot, chapters: chapters, origin: rect.origin) }
        planes.append(video.plane)
        planes.append(chrome)
    }

    private mutating func drawControls(_ snapshot: PlaybackSnapshot, chapters: [Chapter], origin: CellPoint) {
        func local(_ r: CellRect) -> CellRect {
            CellRect(column: r.minColumn - origin.column, row: r.minRow - origin.row, columns: r.size.columns, rows: r.size.rows)
        }
        let labels: [PiPControl: String] = [
            .skipBackward: " «\(SkipLabel.text(skipStep))", .playPause: snapshot.isPlaying ? " ❚❚" : " ▶ ",
            .skipForward: " \(SkipLabel.text(skipStep))»",
            .restore: " ⧉ ", .close: " ✕ ", .swap: " ⇄ ",
        ]
        for control in PiPControl.allCases {
            guard let rect = layout.rect(of: control) else { continue }
            let r = local(rect)
            chrome.grid.fill(r, color: PiPWindow.button.background)
            let label = labels[control]!.padding(toLength: r.size.columns, withPad: " ", startingAt: 0)
            chrome.grid.put(label, at: r.origin, style: control.isEnabled(in: snapshot) ? PiPWindow.button : PiPWindow.disabled, clip: r)
        }
        if let line = layout.progressRect.map(local) {
            ProgressLine.draw(snapshot, in: line, background: RGB(20, 20, 24), chapters: chapters,
                              into: &chrome.grid)
        }
    }
}
