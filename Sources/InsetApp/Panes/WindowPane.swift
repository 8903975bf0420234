import InsetCore
import InsetRender

/// The floating picture-in-picture window over every pane, while there is one: its frame,
/// the enter and exit animations, hovering, and dragging by the title or a corner.
final class WindowPane: Pane {
    private(set) var pip: PiPWindow?
    let videos: VideoPlaces
    let placeholderImageID: UInt32?
    /// Where and how big the window opens, from the config file.
    let openingCorner: PiPLayout.Corner
    let openingSizeSteps: Int
    /// How far the window's skip buttons go (the config's `skip-step`): labels and clicks.
    let skipStep: MediaTime
    private var lastAnimationStep: HostTime = .zero
    private var finishedAnimation: PiPAnimation?

    /// While a seek key is held or the line dragged, the title says the target's time.
    let preview: SeekPreview?

    init(videos: VideoPlaces, placeholderImageID: UInt32?, preview: SeekPreview? = nil, corner: PiPLayout.Corner = .bottomRight,
         sizeSteps: Int = 0, skipStep: MediaTime = PlaybackEvent.skipInterval) {
        self.videos = videos
        self.skipStep = skipStep
        self.preview = preview
        self.placeholderImageID = placeholderImageID
        openingCorner = corner
        openingSizeSteps = sizeSteps
    }

    var keyContext: KeyBindings.Context { .window }

    /// The window appears (its machine's `willStart`), sized for the video's aspect.
    func open(on size: CellSize, videoAspect: Double) {
        var window = PiPWindow(screen: size, videoAspect: videoAspect)
        window.skipStep = skipStep
        if openingSizeSteps != 0 { window.layout.resize(bySteps: openingSizeSteps) }
        if openingCorner != .bottomRight || openingSizeSteps != 0 { window.layout.place(at: openingCorner) }
        pip = window
        if placeholderImageID != nil { pip?.showPicturesAsPlaceholders(imageID: placeholderImageID) }
    }

    func close() { pip = nil }

    func animate(_ kind: PiPAnimation, playerRect: CellRect, at now: HostTime) {
        pip?.beginAnimation(kind, playerRect: playerRect)
        lastAnimationStep = now
    }

    /// Changes the window in place: a move, a size, the aspect of another video.
    func change(_ body: (inout PiPWindow) -> Void) {
        guard var window = pip else { return }
        body(&window)
        pip = window
    }

    /// The animation that ended on this tick, for its machine.
    func takeFinishedAnimation() -> PiPAnimation? {
        defer { finishedAnimation = nil }
        return finishedAnimation
    }

    /// An animation step when due; the controls hide when the hover ends.
    func tick(at now: HostTime) -> Bool {
        guard var window = pip else { return false }
        var changed = false
        if window.isAnimating, now >= lastAnimationStep.advanced(by: PiPWindow.frameInterval) {
            lastAnimationStep = now
            finishedAnimation = window.stepAnimation()
            changed = true
        }
        if window.hoverUntil > .zero, now >= window.hoverUntil {
            window.hoverUntil = .zero
            changed = true
        }
        pip = window
        return changed
    }

    func nextWake(after now: HostTime) -> Duration? {
        guard let window = pip else { return nil }
        if window.isAnimating { return PiPWindow.frameInterval }
        return window.hoverUntil > now ? window.hoverUntil.wait(after: now) : nil
    }

    func resize(to size: CellSize) { change { $0.layout.fit(to: size) } }

    /// Whether a mouse event is the window's: over it, or a drag that began on it.
    func takes(_ mouse: MouseEvent) -> Bool {
        guard let window = pip, !window.isAnimating else { return false }
        return window.drag != nil || window.visibleFrame.contains(mouse.position)
    }

    /// Hover shows the controls; a press on a control is its event, on a live stream's
    /// progress line a seek (a file's is the director's: `Director+Scrubbing`), on the title a move, on a corner a resize; a drag moves or resizes; the
    /// release snaps to the nearest corner.
    func handle(_ mouse: MouseEvent, at now: HostTime) -> [PaneRequest] {
        guard var window = pip else { return [] }
        window.hoverUntil = now.advanced(by: .seconds(2))
        var requests: [PaneRequest] = []
        switch (mouse.action, window.drag) {
        case (.drag, .move(let grab)?):
            window.layout.move(to: CellPoint(column: mouse.position.column - grab.column, row: mouse.position.row - grab.row))
        case (.drag, .resize(let corner)?):
            window.layout.resize(dragging: corner, to: mouse.position)
        case (.release, let drag?):
            if case .move = drag { window.layout.finishMove() }
            window.drag = nil
            requests.append(.windowChanged)
        case (.press, _) where mouse.button == .left:
            requests.append(.focusWindow)
            let shown = window.controlsShown(focused: true, at: now)
            switch window.layout.hitTest(mouse.position, controlsShown: shown) {
            case .control(let control)?:
                requests.append(event(of: control).map(PaneRequest.sendToWindowVideo) ?? .execute(.swap))
            case .progress(let fraction)?:
                if let target = videos.window?.snapshot.time(atProgress: fraction) { requests.append(.sendToWindowVideo(.seek(to: target))) }
            case .titleBar?:
                let origin = window.layout.frame.origin
                window.drag = .move(grab: CellPoint(column: mouse.position.column - origin.column,
                                                    row: mouse.position.row - origin.row))
            case .resizeHandle(let corner)?:
                window.drag = .resize(corner)
            case .stashTab?:
                window.layout.unstash()
                requests.append(.windowChanged)
            case .video?, .border?, nil:
                break
            }
        default:
            break
        }
        // Stored before the director acts on the requests, whose effects may replace or
        // remove the window.
        pip = window
        return requests
    }

    func draw(into planes: inout [Plane], focused: Bool, at now: HostTime) {
        guard pip != nil, let video = videos.window else { return }
        pip!.layout.showsSwap = videos.besideWindow != nil
        var snapshot = video.snapshot
        if let target = preview?.barTime(of: video) { snapshot.position = target }
        pip!.planes(snapshot, frame: video.current, title: video.name, focused: focused,
                    chapters: video.chapters.chapters, at: now, into: &planes)
    }

    /// The event a click on `control` sends: the skips go by this window's step.
    private func event(of control: PiPControl) -> PlaybackEvent? {
        switch control {
        case .skipBackward: .skip(by: -skipStep)
        case .skipForward: .skip(by: skipStep)
        default: control.event
        }
    }
}
