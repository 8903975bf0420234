import CNcurses
import Glibc
import InsetCore
import InsetLog

/// The terminal while the player owns it: alternate screen, hidden cursor, raw input,
/// keypad mode, mouse reporting, and the signal handlers that undo all of it on every way
/// out. `restore()` undoes it on the normal way out.
///
/// Owned by the UI thread, which owns ncurses and stdout: make it, read events, write
/// frames through `writer`, and restore it on that thread. One session per process, since
/// signal handlers are process-wide.
public final class TerminalSession {
    /// Where and how to open the session. The defaults are the real terminal; tests pass
    /// the two ends of a pty.
    public struct Options: Sendable {
        /// The terminal's output; it must be a terminal. Standard output by default.
        public var outputDescriptor: Int32 = STDOUT_FILENO
        /// Where keys come from. Nil: standard input when it is a terminal, else /dev/tty
        /// (with `inset -`, standard input carries the video).
        public var inputDescriptor: Int32? = nil
        /// The terminfo entry; nil reads $TERM.
        public var terminalType: String? = nil
        /// The environment colour detection reads (COLORTERM, TERM); nil reads the process's.
        public var environment: [String: String]? = nil
        /// How long a lone ESC waits for the rest of a sequence before it is the Esc key.
        public var escapeTimeout: Duration = .milliseconds(50)
        /// After SIGTERM, SIGHUP or SIGINT, how long the app has to quit before the
        /// watchdog restores the terminal and ends the process; nil for no watchdog.
        public var terminationGrace: Duration? = .seconds(3)
        /// Whether Ctrl-Z suspends (as in a shell) rather than being reported as a key.
        public var suspendsOnControlZ = true
        /// Whether keys are read (mpv's `--no-input-terminal` draws and reads none).
        public var readsKeys = true

        public init() {}
    }

    /// The only writer to the terminal while the session is open.
    public let writer: TerminalWriter
    /// The terminal's size in cells, updated before each `.resize` event.
    public internal(set) var size: CellSize
    /// The colour mode the terminal supports (COLORTERM, terminfo); `--colors` overrides it.
    public let colorMode: ColorMode
    /// Whether terminfo has the RGB or Tc flag.
    public let terminfoHasRGB: Bool
    /// terminfo's `colors`, nil when the entry does not say.
    public let terminfoColors: Int?
    /// Whether `restore()` has run.
    public private(set) var isRestored = false

    /// Embed mode: where the session's rectangle is on the terminal (`size` is its size).
    public internal(set) var origin: CellPoint = .zero

    let options: Options
    let outputFD: Int32
    let ownsOutput: Bool
    let inputFD: Int32
    let ownsInput: Bool
    let wakeRead: Int32
    let wakeWrite: Int32
    /// Nil in embed mode, which loads terminfo only (`setupterm`) and writes nothing itself.
    let curses: CursesScreen?
    var sequences: TerminalSequences
    let programModes: termios
    let shellModes: termios
    /// Whether the session changed the tty's modes (not an embedded one that reads no keys).
    let setsModes: Bool
    /// Embed mode: the rectangle asked for, found again on the terminal when it resizes.
    let embedGeometry: EmbedGeometry?
    /// Embed mode: bytes written before the rectangle is erased (deleting kitty pictures).
    var farewell: [UInt8] = []
    /// Embed mode: the pipe to the guard that erases the rectangle after a SIGKILL; -1 without.
    var guardDescriptor: Int32 = -1
    var decoder = InputDecoder()
    /// Events decoded outside `nextEvents` (keys typed during a probe), delivered first.
    var heldEvents: [InputEvent] = []
    var lastInput = ContinuousClock.now
    var terminationReported = false
    var inputClosed = false

    /// Sets the terminal up: `newterm`, raw mode, keypad, alternate screen, hidden cursor,
    /// mouse reporting, signal handlers.
    ///
    /// - Throws: `.notATerminal` when the output is not a terminal (the app says to use
    ///   `inset cat`), `.unknownTerminal` when terminfo lacks $TERM, `.sessionAlreadyOpen`.
    public init(options: Options = Options()) throws(TerminalError) {
        let outputFD = options.outputDescriptor
        guard SystemCalls.isTerminal(outputFD) else { throw .notATerminal(descriptor: outputFD) }
        guard !SignalTrap.isInstalled else { throw .sessionAlreadyOpen }
        var undo = Undo()
        defer { undo.run() }

        let (inputFD, ownsInput) = try Self.openInput(options.inputDescriptor)
        if ownsInput { undo.add { SystemCalls.close(inputFD) } }
        let shellModes = try SystemCalls.terminalAttributes(outputFD)
        let wake = try SystemCalls.makePipe()
        undo.add { SystemCalls.close(wake.read); SystemCalls.close(wake.write) }

        SignalTrap.savePreviousActions()
        let curses = try CursesScreen(terminalType: options.terminalType, outputFD: outputFD, inputFD: inputFD)
        undo.add { curses.close(); _ = try? SystemCalls.setTerminalAttributes(outputFD, shellModes) }
        try curses.enterRawMode()
        let programModes = try SystemCalls.terminalAttributes(outputFD)

        let sequences = TerminalSequences(capability: Terminfo.string)
        let environment = options.environment ?? Self.processEnvironment()
        terminfoHasRGB = Terminfo.hasRGB
        terminfoColors = Terminfo.number("colors")
        colorMode = ColorCapability.detect(environment: environment, terminfoHasRGB: terminfoHasRGB,
                                           terminfoColors: terminfoColors ?? -1)
        let grace = options.terminationGrace.map { UInt32(clamping: max(1, $0.components.seconds)) } ?? 0
        // Standard error away from the terminal before the handlers go in: installing them
        // publishes the signal context, the saved descriptor included, to every thread.
        StandardErrorRedirect.begin()
        undo.add { StandardErrorRedirect.end() }
        // Handlers go in before anything visible is written, so a crash from here on
        // already restores.
        try SignalTrap.install(outputFD: outputFD, notifyFD: wake.write, leave: sequences.leave,
                               shellModes: shellModes, graceSeconds: grace)
        undo.add { SignalTrap.uninstall() }

        // ncurses writes its start-up (smcup, scroll region, smkx) here, then civis.
        try curses.enableKeypad()
        curses.hideCursor()
        let writer = TerminalWriter(descriptor: outputFD)
        try writer.write(sequences.clear + TerminalSequences.mouseOn)

        self.options = options
        self.outputFD = outputFD
        self.ownsOutput = false
        self.setsModes = true
        self.embedGeometry = nil
        self.inputFD = inputFD
        self.ownsInput = ownsInput
        self.wakeRead = wake.read
        self.wakeWrite = wake.write
        self.curses = curses
        self.sequences = sequences
        self.programModes = programModes
        self.shellModes = shellModes
        self.writer = writer
        self.size = Self.querySize(outputFD)
        self.inputClosed = !options.readsKeys
        undo.cancel()
        Log.info("terminal session open: \(size), colours \(colorMode), TERM \(options.terminalType ?? environment["TERM"] ?? "?")")
    }

    /// An embedded session (`inset --embed`): a rectangle of a screen that belongs to
    /// someone else (a shell prompt, a file manager's preview). No alternate screen, no
    /// clearing, no mouse, the cursor left as it is; the tty's modes are touched only when
    /// `readsKeys` (raw, for the player's keys), else nothing is read at all. The output
    /// is the terminal even when standard output is not (`/dev/tty`: fzf captures its
    /// preview command's output as text). `restore()`, and the signal handlers on every
    /// way out, erase the rectangle and put the cursor back.
    ///
    /// - Throws: `.embedOutside` when the rectangle is not on the terminal at all, and as
    ///   `init(options:)` does.
    public init(embedding geometry: EmbedGeometry, readsKeys: Bool, options: Options = Options()) throws(TerminalError) {
        guard !SignalTrap.isInstalled else { throw .sessionAlreadyOpen }
        var undo = Undo()
        defer { undo.run() }
        var outputFD = options.outputDescriptor
        let ownsOutput = !SystemCalls.isTerminal(outputFD)
        if ownsOutput {
            outputFD = try SystemCalls.open("/dev/tty", O_WRONLY | O_NOCTTY)
            undo.add { SystemCalls.close(outputFD) }
        }
        let terminal = Self.querySize(outputFD)
        guard let area = geometry.area(in: terminal) else { throw .embedOutside(geometry.description, terminal) }
        let inputFD: Int32, ownsInput: Bool
        if readsKeys {
            (inputFD, ownsInput) = try Self.openInput(options.inputDescriptor)
            if ownsInput { undo.add { SystemCalls.close(inputFD) } }
        } else {
            (inputFD, ownsInput) = (-1, false)
        }
        let shellModes = try SystemCalls.terminalAttributes(outputFD)
        let wake = try SystemCalls.makePipe()
        undo.add { SystemCalls.close(wake.read); SystemCalls.close(wake.write) }
        SignalTrap.savePreviousActions()
        // terminfo for the colour detection only: `setupterm` reads the entry and writes nothing.
        var status: Int32 = 0
        _ = setupterm(options.terminalType, outputFD, &status)
        let programModes = readsKeys ? Self.keyModes(shellModes) : shellModes
        if readsKeys {
            try SystemCalls.setTerminalAttributes(outputFD, programModes)
            undo.add { _ = try? SystemCalls.setTerminalAttributes(outputFD, shellModes) }
        }
        let environment = options.environment ?? Self.processEnvironment()
        terminfoHasRGB = Terminfo.hasRGB
        terminfoColors = Terminfo.number("colors")
        colorMode = ColorCapability.detect(environment: environment, terminfoHasRGB: terminfoHasRGB,
                                           terminfoColors: terminfoColors ?? -1)
        let sequences = TerminalSequences(embeddedIn: area)
        let grace = options.terminationGrace.map { UInt32(clamping: max(1, $0.components.seconds)) } ?? 0
        StandardErrorRedirect.begin()
        undo.add { StandardErrorRedirect.end() }
        try SignalTrap.install(outputFD: outputFD, notifyFD: wake.write, leave: sequences.leave,
                               shellModes: readsKeys ? shellModes : nil, graceSeconds: grace)
        self.options = options
        self.outputFD = outputFD
        self.ownsOutput = ownsOutput
        self.setsModes = readsKeys
        self.embedGeometry = geometry
        self.inputFD = inputFD
        self.ownsInput = ownsInput
        self.inputClosed = !readsKeys
        self.wakeRead = wake.read
        self.wakeWrite = wake.write
        self.curses = nil
        self.sequences = sequences
        self.programModes = programModes
        self.shellModes = shellModes
        self.writer = TerminalWriter(descriptor: outputFD, shared: true)
        self.size = area.size
        self.origin = area.origin
        undo.cancel()
        Log.info("embedded session open: \(area) of \(terminal), keys \(readsKeys), colours \(colorMode)")
    }

    deinit { restore() }

    /// Gives the terminal back: mouse off, synchronized update ended, attributes reset,
    /// cursor shown, alternate screen left (`endwin`), tty modes as before, signal handlers
    /// as before. Idempotent; safe to call on every way out.
    public func restore() {
        guard !isRestored else { return }
        isRestored = true
        SignalTrap.deactivate()
        _ = try? writer.write(sequences.beforeEnd)
        curses?.close()
        if setsModes { _ = try? SystemCalls.setTerminalAttributes(outputFD, shellModes) }
        SignalTrap.uninstall()
        StandardErrorRedirect.end()
        SystemCalls.close(wakeRead)
        SystemCalls.close(wakeWrite)
        if ownsInput { SystemCalls.close(inputFD) }
        if ownsOutput { SystemCalls.close(outputFD) }
        dismissGuard()
        Log.info("terminal session restored (\(writer.statistics.bytes) bytes written)")
    }

    /// What Ctrl-Z does: gives the terminal back and stops the process; on `fg` the next
    /// `nextEvents` re-enters and reports `.resumed`. Goes through the SIGTSTP handler so
    /// Ctrl-Z and `kill -TSTP` take the same path.
    ///
    /// The signal is raised on this thread, with SIGTSTP unblocked for the moment, so the
    /// handler has run (and the process has stopped and continued) when this returns:
    /// no frame can be written between giving the terminal back and stopping.
    public func suspend() {
        guard !isRestored else { return }
        Log.info("suspending")
        var only = sigset_t()
        var previous = sigset_t()
        sigemptyset(&only)
        sigaddset(&only, SIGTSTP)
        pthread_sigmask(SIG_UNBLOCK, &only, &previous)
        _ = raise(SIGTSTP)
        pthread_sigmask(SIG_SETMASK, &previous, nil)
    }

    /// Ends the process with `signal`'s default action after the app has restored, so a
    /// shell sees the status it expects (143 for SIGTERM). Call after `.terminate(signal:)`.
    public static func exit(bySignal signal: Int32) -> Never {
        SignalTrap.dieByDefaultAction(signal)
    }

    /// Puts the terminal back into the player's state after a stop: raw modes, alternate
    /// screen, hidden cursor, keypad, mouse. The screen is blank; the app redraws.
    func reenter() {
        if setsModes { _ = try? SystemCalls.setTerminalAttributes(outputFD, programModes) }
        SignalTrap.activate()
        StandardErrorRedirect.begin()
        _ = try? writer.write(sequences.enter)
    }
}
