import InsetCore
import InsetRender
import InsetShell

/// The shell pane: the user's shell in a pty under the floating window, so the video can
/// be watched while working. Keys go to the shell while it has the focus, except the prefix
/// chord, after which one key is Inset's (read in the `shell` table first).
final class ShellPane: Pane {
    private(set) var shell: ShellSession?
    private var plane = Plane(size: .zero, zIndex: 0, fill: .blank, isOpaque: true)
    let prefix: KeyPress
    /// The prefix chord was typed: the next key is Inset's.
    private(set) var prefixPending = false
    private var drawnGeneration: UInt64 = .max
    private var drawnCursor = false
    private var lastKeyAt: HostTime = .zero
    /// When the screen was last painted, for pacing the pane's own changes.
    var lastPaintAt: HostTime = .zero

    init(prefix: KeyPress) { self.prefix = prefix }

    var keyContext: KeyBindings.Context { .shell }

    /// Starts the shell the first time; kept (with whatever runs in it) until it exits.
    func start(command: [String]?, size: CellSize, onChange: @escaping @Sendable () -> Void) throws {
        prefixPending = false
        guard shell == nil else { return }
        shell = try ShellSession(command: command, size: size, onChange: onChange)
        drawnGeneration = .max
    }

    var hasExited: Bool { shell?.hasExited == true }

    func close() {
        shell?.close()
        shell = nil
        prefixPending = false
    }

    /// What became of a key while the pane has the keyboard.
    enum KeyOutcome: Equatable {
        /// Sent to the shell: nothing on screen changes until the program answers.
        case sentToShell
        /// The prefix chord: the next key is Inset's.
        case prefixStarted
        /// The key after the prefix: Inset's.
        case forInset(KeyPress)
    }

    func key(_ press: KeyPress, at now: HostTime) -> KeyOutcome {
        if prefixPending {
            prefixPending = false
            // The prefix twice: the chord itself, for the shell.
            if press == prefix { shell?.send(press); return .sentToShell }
            return .forInset(press)
        }
        if press == prefix {
            prefixPending = true
            return .prefixStarted
        }
        shell?.send(press)
        lastKeyAt = now
        return .sentToShell
    }

    func handle(_ command: Command, at now: HostTime) -> [PaneRequest] {
        if command == .sendPrefix { shell?.send(prefix) }
        return []
    }

    func paste(_ text: String) { shell?.paste(text) }

    /// Mouse events over the pane (not the window) go to the program when it asked for them.
    func handle(_ mouse: MouseEvent, at now: HostTime) -> [PaneRequest] {
        _ = shell?.mouse(mouse, at: mouse.position)
        return []
    }

    /// Whether the pane shows something not yet painted, and painting is due: while a video
    /// plays in the window its frames paint anyway, and the pane's changes go with them (a
    /// flood of output costs no extra paint); else, and just after a key (its echo should
    /// not wait for the next frame), at most at 60 Hz.
    func needsPaint(at now: HostTime, videoPaints: Bool) -> Bool {
        guard let shell, shell.generation != drawnGeneration else { return false }
        let typing = now < lastKeyAt.advanced(by: ShellPane.echoWindow)
        if videoPaints && !typing { return false }
        return now >= lastPaintAt.advanced(by: ShellPane.paintInterval)
    }

    func nextWake(after now: HostTime) -> Duration? {
        guard let shell, shell.generation != drawnGeneration else { return nil }
        return lastPaintAt.advanced(by: ShellPane.paintInterval).wait(after: now)
    }

    /// How long after a key the pane's changes are painted at once (the echo, a completion).
    static let echoWindow = Duration.milliseconds(250)
    static let paintInterval = Duration.milliseconds(16)

    func resize(to size: CellSize) {
        shell?.resize(to: size)
        plane.resize(to: size, fill: .blank)
        drawnGeneration = .max
    }

    /// Draws the pane (a copy of the emulator's cells, under its lock) when the screen or
    /// the cursor's showing changed since the last time: the video's frames repaint 30 times
    /// a second, and the pane is most often still. `focused`: the cursor shows.
    func draw(into planes: inout [Plane], focused: Bool, at now: HostTime) {
        if let shell, shell.generation != drawnGeneration || focused != drawnCursor {
            drawnGeneration = shell.draw(into: &plane.grid, showCursor: focused)
            drawnCursor = focused
        }
        planes.append(plane)
    }
}
