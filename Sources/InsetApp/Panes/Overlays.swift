import InsetCore
import InsetRender

/// What floats over the panes and the window: the `?` key list, a message, the stats
/// corner, and the subtitles' planes.
struct Overlays {
    var helpVisible = false
    var message: (text: String, until: HostTime)?
    /// Said on the bar once the player starts (a config file's bad line, a control socket
    /// that could not be served), after the notices of the command line.
    var startNotices: [String] = []
    /// Messages waiting for the bar, in order: the start's notices after the first, and
    /// what was said while a held one was up (issue 48 item 4: a "no sound device" used to
    /// replace the config's lines before anyone could read them).
    var waitingMessages: [(text: String, duration: Duration, held: Bool)] = []
    /// Until when the message on the bar may not be replaced (a start notice, read whole).
    var messageHeldUntil: HostTime = .zero
    var plane = Plane(size: .zero, zIndex: 200)
    /// The pictures in pixels for the stats corner ("pics 18/s, 3/4 size"), from the app.
    var pictureFigures: String?
    /// The link's rate, budget a frame and quality rung ("link 1.0 MB/s 34 KB/f ±10 half").
    var linkFigures: String?
    var subtitles = SubtitleOverlay()
    /// The keys mpv's Lua scripts bound (`ScriptDesk`), listed by `?` after Inset's own.
    var scriptKeys: [(String, String)] = []
}
