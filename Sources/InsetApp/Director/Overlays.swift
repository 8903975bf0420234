import InsetCore
import InsetRender

/// What floats over the panes and the window: the `?` key list, a message, the stats
/// corner, and the subtitles' planes.
struct Overlays {
    var helpVisible = false
    var message: (text: String, until: HostTime)?
    var plane = Plane(size: .zero, zIndex: 200)
    var subtitles = SubtitleOverlay()
}
