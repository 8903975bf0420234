import Glibc
import Synchronization

/// What the signal handlers may read and write, in memory allocated once at first set-up and
/// never freed, so a handler running on any thread at any time finds it valid.
///
/// Why a pointer behind a `nonisolated(unsafe) let` rather than C storage in the shim or
/// Swift `var` globals: `static` storage in a header would be duplicated in every module
/// that imports it (the tests would see a copy of their own), and a Swift `var` global
/// gets dynamic exclusivity checks in debug builds, which would trap if a handler
/// interrupted the UI thread while it writes the same variable. A `let` holding a raw
/// pointer has neither: the handler reads the global once (its lazy initializer already
/// ran, at set-up, before any handler was installed) and then plain memory. Every field is
/// a trivial C-layout value, so touching it retains nothing and allocates nothing.
struct SignalContext {
    /// Where `leave` goes: the terminal's output descriptor.
    var outputFD: Int32
    /// Seconds the app has to quit after a termination signal before the watchdog restores
    /// and exits; 0 for no watchdog.
    var graceSeconds: UInt32
    /// The restore string (CAN, mouse off, sgr0, cnorm, rmkx, rmcup) and its length.
    var leaveBytes: UnsafeMutablePointer<UInt8>
    var leaveCount: Int
    /// The tty modes from before set-up (cooked, echo), put back on every way out, when
    /// `setsModes` (an embedded player that reads no keys never changed them, and the
    /// program beside it may have changed them since).
    var shellModes: termios
    var setsModes: Bool
    /// The handlers that were installed before ours, by signal number, put back on restore
    /// and chained to on a crash (the Swift runtime's backtracer installs some).
    var previousActions: UnsafeMutablePointer<sigaction>
    /// A copy of the standard error from before set-up while fd 2 points away from the
    /// terminal (`StandardErrorRedirect`), -1 otherwise; put back on a stop (Ctrl-Z).
    var savedStderrFD: Int32
    /// What a crash says on the terminal, once it is given back ("inset: crashed; its
    /// backtrace is in …"), and its length (`CrashReport`).
    var crashLine: UnsafeMutablePointer<UInt8>
    var crashLineCount: Int
    /// The file the backtrace is appended to when no `INSET_LOG` is set, NUL-terminated;
    /// empty when standard error is the log already, or is not the terminal.
    var crashLogPath: UnsafeMutablePointer<CChar>
}

/// The one `SignalContext` of the process. See `SignalContext` for why it is shaped so.
nonisolated(unsafe) let signalContext: UnsafeMutablePointer<SignalContext> = {
    let context = UnsafeMutablePointer<SignalContext>.allocate(capacity: 1)
    let actions = UnsafeMutablePointer<sigaction>.allocate(capacity: Int(SignalTrap.signalLimit))
    actions.initialize(repeating: sigaction(), count: Int(SignalTrap.signalLimit))
    let leave = UnsafeMutablePointer<UInt8>.allocate(capacity: SignalTrap.leaveCapacity)
    leave.initialize(repeating: 0, count: SignalTrap.leaveCapacity)
    let crashLine = UnsafeMutablePointer<UInt8>.allocate(capacity: CrashReport.capacity)
    crashLine.initialize(repeating: 0, count: CrashReport.capacity)
    let crashLogPath = UnsafeMutablePointer<CChar>.allocate(capacity: CrashReport.capacity)
    crashLogPath.initialize(repeating: 0, count: CrashReport.capacity)
    context.initialize(to: SignalContext(
        outputFD: -1, graceSeconds: 0,
        leaveBytes: leave, leaveCount: 0, shellModes: termios(), setsModes: false, previousActions: actions,
        savedStderrFD: -1, crashLine: crashLine, crashLineCount: 0, crashLogPath: crashLogPath))
    return context
}()

/// The part of the signal state that changes while handlers may run: a handler on one
/// thread, the UI thread and a handler on another thread can touch these at once (two
/// threads crashing together, SIGTERM while the session restores), so they are atomics,
/// lock-free and so async-signal-safe. `active` also publishes `signalContext`: `install`
/// stores it with release after filling the plain fields, and every handler loads it with
/// acquire before reading them. Lazy statics like `signalContext`, first touched at set-up.
enum SignalFlags {
    /// 1 while the session owns the terminal: handlers may write `leave` and reset modes.
    static let active = Atomic<Int32>(0)
    /// The first termination signal (SIGTERM, SIGHUP, SIGINT) received, 0 before.
    static let terminationSignal = Atomic<Int32>(0)
    /// How many termination signals arrived: a second one means the loop did not quit.
    static let terminationCount = Atomic<Int32>(0)
    /// The write end of the self-pipe (non-blocking): one byte, the signal number, per
    /// signal; -1 once the session has put the handlers back and is about to close it.
    static let notifyFD = Atomic<Int32>(-1)
    /// Handler runs that returned, each counted with release; set-up loads it with acquire
    /// before it rewrites the context, so what a handler of an earlier session read comes
    /// before the next session's writes (the pipe byte orders them too, but that is a
    /// system call, not a memory-model edge, and ThreadSanitizer rightly does not count it).
    static let finishedHandlers = Atomic<UInt32>(0)
}

/// Installs and removes the handlers that keep the terminal usable on every way out.
///
/// - SIGTERM, SIGHUP, SIGINT: the handler only writes the signal number to the self-pipe;
///   the UI loop reads it, reports `.terminate`, and the app quits and restores normally.
///   A second one, or the watchdog (SIGALRM after `graceSeconds`), restores from the
///   handler and re-raises, for when the loop is stuck.
/// - SIGWINCH, SIGCONT: a byte to the self-pipe; the loop resizes or re-enters.
/// - SIGTSTP: restores from the handler (leave, cooked modes), stops with the default
///   action, and on continue tells the loop to re-enter.
/// - SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGFPE, SIGABRT, SIGQUIT, SIGSYS: restores from the
///   handler, says in one line where the backtrace goes (`CrashReport`), puts back the
///   previous handler and lets the signal take its course.
///
/// Handlers call only async-signal-safe functions: write, tcsetattr, sigaction,
/// pthread_sigmask, raise, kill, alarm.
enum SignalTrap {
    static let signalLimit: Int32 = 65
    /// Room for the restore string: an embedded player's erases its rectangle, a space a
    /// cell (a 200x60 rectangle is 12,000 spaces and 60 moves).
    static let leaveCapacity = 64 * 1024

    static let terminationSignals: [Int32] = [SIGTERM, SIGHUP, SIGINT]
    static let wakeSignals: [Int32] = [SIGWINCH, SIGCONT]
    static let crashSignals: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGFPE, SIGABRT, SIGQUIT, SIGSYS]
    static var allSignals: [Int32] { terminationSignals + wakeSignals + [SIGTSTP, SIGALRM] + crashSignals }

    /// Records the handlers in place now, to be put back by `uninstall`. Called before
    /// `newterm`, which installs ncurses' own SIGINT, SIGTERM, SIGTSTP and SIGWINCH
    /// handlers; those call non-reentrant code and exit(1), and must not outlive the session.
    static func savePreviousActions() {
        // A parent may have started us with these signals blocked (a blocked mask is
        // inherited across exec): then Ctrl-C, SIGTERM or a resize would never reach us.
        // The UI thread unblocks them; threads it starts later inherit its mask.
        var set = sigset_t()
        sigemptyset(&set)
        for signal in allSignals { sigaddset(&set, signal) }
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
        // Touching the global here runs its lazy initializer on the UI thread, long before
        // any handler could need it.
        let context = signalContext
        _ = SignalFlags.finishedHandlers.load(ordering: .acquiring)
        for signal in allSignals {
            _ = sigaction(signal, nil, context.pointee.previousActions + Int(signal))
        }
    }

    /// Fills the context and installs the handlers. UI thread, once per session, after
    /// `savePreviousActions`.
    static func install(outputFD: Int32, notifyFD: Int32, leave: [UInt8], shellModes: termios?,
                        graceSeconds: UInt32) throws(TerminalError) {
        let context = signalContext
        _ = SignalFlags.finishedHandlers.load(ordering: .acquiring)
        SignalFlags.active.store(0, ordering: .sequentiallyConsistent)
        context.pointee.outputFD = outputFD
        SignalFlags.notifyFD.store(notifyFD, ordering: .relaxed)
        SignalFlags.terminationSignal.store(0, ordering: .relaxed)
        SignalFlags.terminationCount.store(0, ordering: .relaxed)
        context.pointee.graceSeconds = graceSeconds
        storeLeave(leave)
        CrashReport.prepare()
        context.pointee.shellModes = shellModes ?? termios()
        context.pointee.setsModes = shellModes != nil
        AlternateSignalStack.installIfMissing()

        do {
            for signal in terminationSignals { try setHandler(signal) { SignalTrap.onTermination($0) } }
            for signal in wakeSignals { try setHandler(signal) { SignalTrap.onWake($0) } }
            try setHandler(SIGTSTP) { SignalTrap.onStop($0) }
            try setHandler(SIGALRM) { SignalTrap.onAlarm($0) }
            for signal in crashSignals { try setCrashHandler(signal) }
        } catch {
            uninstall()
            throw error
        }
        SignalFlags.active.store(1, ordering: .releasing)
    }

    /// Copies the restore string into the context. Handlers must not be active.
    private static func storeLeave(_ leave: [UInt8]) {
        let context = signalContext
        let count = min(leave.count, leaveCapacity)
        leave.withUnsafeBufferPointer { source in
            if count > 0 { context.pointee.leaveBytes.update(from: source.baseAddress!, count: count) }
        }
        context.pointee.leaveCount = count
    }

    /// A new restore string while the session runs (an embedded player's rectangle moved
    /// with the terminal's size). Handlers are kept off the terminal while it is copied.
    static func replaceLeave(_ leave: [UInt8]) {
        let wasActive = SignalFlags.active.exchange(0, ordering: .acquiringAndReleasing)
        storeLeave(leave)
        if wasActive != 0 { SignalFlags.active.store(1, ordering: .releasing) }
    }

    /// Whether a session has the handlers installed (the self-pipe is set).
    static var isInstalled: Bool { SignalFlags.notifyFD.load(ordering: .relaxed) >= 0 }

    /// Handlers may restore the terminal again: the session re-entered after a stop.
    static func activate() {
        SignalFlags.active.store(1, ordering: .releasing)
    }

    /// Handlers stop touching the terminal: the session is restoring it itself.
    static func deactivate() {
        SignalFlags.active.store(0, ordering: .releasing)
    }

    /// Puts back the handlers found at install. The watchdog stays armed if a termination
    /// signal is being handled, so a process that hangs after restoring still ends.
    static func uninstall() {
        let context = signalContext
        SignalFlags.active.store(0, ordering: .releasing)
        let keepWatchdog = SignalFlags.terminationSignal.load(ordering: .relaxed) != 0 && context.pointee.graceSeconds > 0
        for signal in allSignals where !(keepWatchdog && signal == SIGALRM) {
            _ = sigaction(signal, context.pointee.previousActions + Int(signal), nil)
        }
        SignalFlags.notifyFD.store(-1, ordering: .releasing)
    }

    /// `sigaction(2)` with a plain handler, SA_RESTART so other threads' reads and writes
    /// are not cut short (the UI loop's poll is woken by the self-pipe instead).
    private static func setHandler(_ signal: Int32, _ handler: @escaping @convention(c) (Int32) -> Void) throws(TerminalError) {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = handler
        sigemptyset(&action.sa_mask)
        action.sa_flags = SA_RESTART
        guard sigaction(signal, &action, nil) == 0 else { throw .lastError("sigaction") }
    }

    /// `sigaction(2)` with SA_SIGINFO (to tell a fault from a `kill`) and SA_ONSTACK (so a
    /// stack overflow can still run the handler).
    private static func setCrashHandler(_ signal: Int32) throws(TerminalError) {
        var action = sigaction()
        action.__sigaction_handler.sa_sigaction = { SignalTrap.onCrash($0, $1, $2) }
        sigemptyset(&action.sa_mask)
        action.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_RESTART
        guard sigaction(signal, &action, nil) == 0 else { throw .lastError("sigaction") }
    }
}
