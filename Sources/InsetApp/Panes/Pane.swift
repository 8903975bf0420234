import InsetCore
import InsetRender

/// One thing on screen with a job of its own: the library, a file's details, the shell, the
/// full-screen player, the floating window (ARCHITECTURE.md, "Panes"). Each owns its state,
/// its planes, whether they need drawing again and its timers; it handles the commands and
/// mouse events that are its own and returns what it asks of the director, which keeps the
/// order of the panes, the focus, the videos and the overlays.
///
/// UI thread.
protocol Pane: AnyObject {
    /// The key table read first while the pane has the keyboard.
    var keyContext: KeyBindings.Context { get }
    /// A command of the pane's own (the library's `select next`); what it asks for.
    func handle(_ command: Command, at now: HostTime) -> [PaneRequest]
    /// A mouse event over the pane.
    func handle(_ mouse: MouseEvent, at now: HostTime) -> [PaneRequest]
    /// Time passed: whether the pane changed and must be painted.
    func tick(at now: HostTime) -> Bool
    /// How long until the pane next changes by itself; nil when only an event changes it.
    func nextWake(after now: HostTime) -> Duration?
    func resize(to size: CellSize)
    /// Adds the pane's planes, drawn again where they changed.
    func draw(into planes: inout [Plane], focused: Bool, at now: HostTime)
}

/// What a pane asks of the director.
enum PaneRequest: Equatable {
    /// A command for the director: a button that does what a key does.
    case execute(Command)
    /// An event for the machine of the video in the window (its controls).
    case sendToWindowVideo(PlaybackEvent)
    case open(entry: Int)
    case showDetails(Int)
    /// Back to the library.
    case back
    case message(String)
    case focusWindow
    /// The window moved or changed size: the video is scaled for it.
    case windowChanged
    case quit
}

extension Pane {
    func handle(_ command: Command, at now: HostTime) -> [PaneRequest] { [] }
    func handle(_ mouse: MouseEvent, at now: HostTime) -> [PaneRequest] { [] }
    func tick(at now: HostTime) -> Bool { false }
    func nextWake(after now: HostTime) -> Duration? { nil }
}

extension HostTime {
    /// The wait until `self`, a millisecond past it so the loop wakes after, not before.
    func wait(after now: HostTime) -> Duration { elapsed(since: now) + .milliseconds(1) }
}
