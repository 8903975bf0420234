import Glibc

/// While the session owns the terminal, standard error points away from it: C libraries
/// write their complaints there from any thread (ALSA's "cannot find card '0'" when SDL
/// looks for a sound card, SDL's own, FFmpeg's), and on the terminal they would tear the
/// picture. They go to the `INSET_LOG` file when one is set, else nowhere. A standard
/// error that is not the terminal (`2>file`, a pipe) is left where the user sent it.
///
/// The original is kept in the signal context, so the emergency restore of a crash puts it
/// back before the backtrace is printed. UI thread only (set-up, restore, suspend).
enum StandardErrorRedirect {
    /// Points fd 2 away from the terminal, when it is the terminal.
    static func begin() {
        let context = signalContext
        if context.pointee.savedStderrFD < 0 {
            guard isatty(STDERR_FILENO) != 0 else { return }
            let saved = fcntl(STDERR_FILENO, F_DUPFD_CLOEXEC, 3)
            guard saved >= 0 else { return }
            context.pointee.savedStderrFD = saved
        }
        var target: Int32 = -1
        if let path = getenv("INSET_LOG"), path.pointee != 0 {
            target = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        }
        if target < 0 { target = open("/dev/null", O_WRONLY | O_CLOEXEC) }
        guard target >= 0 else { return }
        _ = dup2(target, STDERR_FILENO)
        _ = close(target)
    }

    /// Gives fd 2 back to the terminal (suspend); `begin` points it away again.
    static func pause() {
        let saved = signalContext.pointee.savedStderrFD
        if saved >= 0 { _ = dup2(saved, STDERR_FILENO) }
    }

    /// Gives fd 2 back for good (the session ends).
    static func end() {
        let context = signalContext
        let saved = context.pointee.savedStderrFD
        guard saved >= 0 else { return }
        _ = dup2(saved, STDERR_FILENO)
        context.pointee.savedStderrFD = -1
        _ = close(saved)
    }

    /// Whether fd 2 points away from the terminal now.
    static var isActive: Bool { signalContext.pointee.savedStderrFD >= 0 }
}
