import InsetCore
import InsetMedia
import InsetPlayback
import InsetRender

/// The full-screen player: the full-screen video (or "opening…", or the placeholder while
/// its video is in the window) and the control bar, which hides after a while.
final class PlayerPane: Pane {
    private(set) var planes = PlayerPlanes()
    let videos: VideoPlaces
    /// The list's labels of the open files ("2/3"), for the bar.
    let list: PlaylistDesk?
    /// While a seek key is held or the line dragged, the bar says the target's time.
    let preview: SeekPreview?

    /// `showsControls`: false in embed mode, where the rectangle is the video's alone.
    init(videos: VideoPlaces, list: PlaylistDesk? = nil, placeholderImageID: UInt32?, showsControls: Bool = true, preview: SeekPreview? = nil,
         skipStep: MediaTime = PlaybackEvent.skipInterval) {
        self.videos = videos
        self.list = list
        self.preview = preview
        planes.skipStep = skipStep
        planes.video.placeholderImageID = placeholderImageID
        planes.showsControls = showsControls
    }

    var keyContext: KeyBindings.Context { .player }

    var video: VideoLayer { planes.video }

    /// Any key or mouse move brings the controls back for a while.
    func revealControls(at now: HostTime) { planes.revealControls(at: now) }

    func show(_ frame: VideoFrame, on size: CellSize) { planes.show(frame, screen: size) }

    func layout(_ size: CellSize, current: VideoFrame?) { planes.layout(size, current: current) }

    func resize(to size: CellSize) { planes.layout(size, current: videos.fullScreen?.current) }

    /// A click on the bar: its buttons are the keys' commands. A press on the progress line
    /// is the director's (`Director+Scrubbing`): it seeks where the drag it begins ends.
    func handle(_ mouse: MouseEvent, at now: HostTime) -> [PaneRequest] {
        guard mouse.action == .press, mouse.button == .left, let shown = videos.front,
              let control = planes.control(at: mouse.position, now: now, snapshot: shown.snapshot) else { return [] }
        switch control {
        case .playPause: return [.execute(.pause(nil))]
        case .skipBackward: return [.execute(.seek(by: -planes.skipStep))]
        case .skipForward: return [.execute(.seek(by: planes.skipStep))]
        case .pip: return [.execute(.pip)]
        case .help: return [.execute(.help)]
        case .progress: return []
        }
    }

    /// The bar's time to hide came.
    func tick(at now: HostTime) -> Bool { !planes.controlsVisible(at: now) && planes.controls.isVisible }

    func nextWake(after now: HostTime) -> Duration? {
        planes.controlsVisible(at: now) ? planes.controlsHideAt.wait(after: now) : nil
    }

    func draw(into drawn: inout [Plane], focused: Bool, at now: HostTime) {
        if let front = videos.front {
            var snapshot = front.snapshot
            if let target = preview?.barTime(of: front) { snapshot.position = target }
            planes.planes(snapshot, soundOnly: front.isSoundOnly ? front.name : nil, cover: front.cover,
                          album: front.info.tags?.albumLine.map(PrintableText.escaped),
                          status: front.buffering.label ?? front.steppedFrameLabel, place: barNotes(of: front),
                          title: front.namedOnBar ? front.name : nil,
                          chapters: front.chapters.chapters, keepsControls: front.visualizer != nil, at: now, into: &drawn)
        } else {
            if let opening = videos.opening { planes.drawOpening(opening.name, resolving: opening.isResolving) }
            drawn.append(planes.video.plane)
        }
    }

    /// What the bar says after the time, in grey: the file's place in its list ("2/3") and
    /// its audio delay while it is not 0 ("A/V +0.2 s").
    /// Drawn on every frame while the bar is up: with no delay, nothing is built.
    private func barNotes(of video: Playback) -> String? {
        let place = list?.labels[video.path]
        guard let delay = video.sound.flatMap({ AudioDelay.label($0.delay) }) else { return place }
        return place.map { $0 + "  " + delay } ?? delay
    }

    /// The bar's place, for the subtitles to stay above it.
    var controls: Plane { planes.controls }
}
