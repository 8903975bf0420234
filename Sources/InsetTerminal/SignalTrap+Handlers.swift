import Glibc
import Synchronization

/// The handlers themselves. They run on whichever thread the kernel picks, at any point of
/// that thread's work, so they touch only `signalContext` and call only async-signal-safe
/// functions; they keep errno as they found it, since the interrupted code may be about
/// to read it.
extension SignalTrap {
    /// SIGTERM, SIGHUP, SIGINT. The first one asks the loop to quit (and arms the
    /// watchdog); a second one means the loop did not, so restore and die now.
    static func onTermination(_ signal: Int32) {
        let savedErrno = errno
        defer { errno = savedErrno; finished() }
        let context = published()
        if SignalFlags.terminationCount.wrappingAdd(1, ordering: .relaxed).newValue > 1 {
            leaveTerminal()
            dieByDefaultAction(signal)
        }
        SignalFlags.terminationSignal.store(signal, ordering: .relaxed)
        notify(signal)
        if context.pointee.graceSeconds > 0 { alarm(context.pointee.graceSeconds) }
    }

    /// SIGWINCH, SIGCONT: the loop asks the size again, or re-enters after a stop.
    static func onWake(_ signal: Int32) {
        let savedErrno = errno
        defer { errno = savedErrno; finished() }
        notify(signal)
    }

    /// SIGTSTP (Ctrl-Z through `TerminalSession.suspend`, or `kill -TSTP`): give the
    /// terminal back to the shell, then stop as the default action would. The default
    /// action is used (not SIGSTOP) so an orphaned process group is not stopped forever:
    /// the kernel discards SIGTSTP there and we carry on.
    static func onStop(_ signal: Int32) {
        let savedErrno = errno
        defer { errno = savedErrno; finished() }
        leaveTerminal()
        var ours = sigaction()
        var standard = sigaction()
        standard.__sigaction_handler.sa_handler = nil  // SIG_DFL
        sigemptyset(&standard.sa_mask)
        _ = sigaction(SIGTSTP, &standard, &ours)
        var mask = sigset_t()
        sigemptyset(&mask)
        sigaddset(&mask, SIGTSTP)
        _ = pthread_sigmask(SIG_UNBLOCK, &mask, nil)
        // The whole process group stops, as it would for a Ctrl-Z in cooked mode: in a
        // pipeline (`ffmpeg ... | inset -`) the shell waits for all of it.
        _ = kill(0, SIGTSTP)
        // Continued (or never stopped). Our handler back; the loop re-enters. SIGCONT's
        // handler notifies too; the loop merges the two.
        _ = sigaction(SIGTSTP, &ours, nil)
        notify(SIGCONT)
    }

    /// The watchdog: a termination signal came `graceSeconds` ago and the process is still
    /// here. Restore if not done, and end with that signal.
    static func onAlarm(_ signal: Int32) {
        let termination = SignalFlags.terminationSignal.load(ordering: .relaxed)
        guard termination != 0 else { return }
        leaveTerminal()
        dieByDefaultAction(termination)
    }

    /// A crash. Restore, say where the backtrace goes (standard error stays pointed away
    /// from the terminal, at the log: the backtracer writes there, `CrashReport`), put back
    /// the previous handler (SIG_DFL, or the Swift runtime's backtracer), and let the
    /// signal take its course: a fault the kernel raised comes
    /// back by itself when the faulting instruction runs again, with the true context for
    /// the backtracer; a signal sent with kill or raise (abort) is raised again.
    /// SIGTRAP is raised again too: int3 leaves the instruction pointer after itself.
    static func onCrash(_ signal: Int32, _ info: UnsafeMutablePointer<siginfo_t>?,
                        _ ucontext: UnsafeMutableRawPointer?) {
        defer { finished() }
        let context = published()
        if leaveTerminal(givingBackStandardError: false) { CrashReport.report() }
        _ = sigaction(signal, context.pointee.previousActions + Int(signal), nil)
        let sentByProcess = (info?.pointee.si_code ?? 0) <= 0
        if sentByProcess || signal == SIGTRAP {
            var mask = sigset_t()
            sigemptyset(&mask)
            sigaddset(&mask, signal)
            _ = pthread_sigmask(SIG_UNBLOCK, &mask, nil)
            _ = raise(signal)
        }
    }

    /// Writes the signal number to the self-pipe. The pipe is non-blocking: when it is
    /// full the loop has bytes to read anyway, so a lost byte loses nothing.
    static func notify(_ signal: Int32) {
        let fd = SignalFlags.notifyFD.load(ordering: .acquiring)
        guard fd >= 0 else { return }
        var byte = UInt8(truncatingIfNeeded: signal)
        _ = write(fd, &byte, 1)
    }

    /// The emergency restore: the precomputed `leave` string to the terminal, and the tty
    /// modes from before set-up. Once: whoever swaps `active` from 1 to 0 restores, so a
    /// second crashing thread or a later signal does not write it again. Standard error
    /// comes back to the terminal unless `givingBackStandardError` is false (a crash,
    /// whose backtrace goes to the log). True when this call restored.
    @discardableResult
    static func leaveTerminal(givingBackStandardError: Bool = true) -> Bool {
        guard SignalFlags.active.compareExchange(expected: 1, desired: 0, ordering: .acquiring).exchanged else { return false }
        let context = signalContext
        let fd = context.pointee.outputFD
        var sent = 0
        while sent < context.pointee.leaveCount {
            let count = write(fd, context.pointee.leaveBytes + sent, context.pointee.leaveCount - sent)
            if count > 0 {
                sent += count
            } else if count < 0 && errno == EINTR {
                continue
            } else {
                break  // EIO after a hang-up, or a full non-blocking terminal: give up.
            }
        }
        if context.pointee.setsModes { _ = tcsetattr(fd, TCSANOW, &context.pointee.shellModes) }
        // A stopped shell's job needs the real stderr.
        if givingBackStandardError && context.pointee.savedStderrFD >= 0 { _ = dup2(context.pointee.savedStderrFD, STDERR_FILENO) }
        return true
    }

    /// The context, after an acquiring load of `active` that pairs with the releasing store
    /// at the end of `install`: what set-up wrote there is visible to this handler, whichever
    /// thread it runs on.
    static func published() -> UnsafeMutablePointer<SignalContext> {
        _ = SignalFlags.active.load(ordering: .acquiring)
        return signalContext
    }

    /// The handler is done with the context: counted with release, for the next set-up's
    /// acquire (see `SignalFlags.finishedHandlers`).
    static func finished() {
        SignalFlags.finishedHandlers.wrappingAdd(1, ordering: .releasing)
    }

    /// Resets `signal` to its default action and raises it, so the exit status says which
    /// signal ended the process (128 + n in a shell). `_exit` if it somehow returns.
    static func dieByDefaultAction(_ signal: Int32) -> Never {
        var standard = sigaction()
        standard.__sigaction_handler.sa_handler = nil  // SIG_DFL
        sigemptyset(&standard.sa_mask)
        _ = sigaction(signal, &standard, nil)
        var mask = sigset_t()
        sigemptyset(&mask)
        sigaddset(&mask, signal)
        _ = pthread_sigmask(SIG_UNBLOCK, &mask, nil)
        _ = raise(signal)
        _exit(128 + signal)
    }
}
