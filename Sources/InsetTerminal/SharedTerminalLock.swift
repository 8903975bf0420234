import Glibc

/// An exclusive lock on the terminal device, for players that share one terminal window:
/// embedded players side by side (two previews, or a previewer's next player starting while
/// the last erases itself) each write whole frames, but a write to a tty is not atomic: the
/// kernel takes it in pieces, and another process's bytes can land between two pieces, in
/// the middle of a sixel or kitty escape, which the terminal then shows as text. At a load
/// of 10 two embedded sixel players in xterm did that within seconds.
///
/// `flock(2)` on a descriptor of our own for the same device (its path from `ttyname`,
/// opened anew: a descriptor inherited from the shell is one open file shared by both
/// players, and a lock on it would be both players' at once) makes each frame's write
/// whole against the other players' that do the same. Advisory: programs that do not take
/// it are not held back.
public final class SharedTerminalLock {
    private let descriptor: Int32

    /// A lock on the terminal `output` writes to; nil when it is not a terminal or the
    /// device cannot be opened (the writes then go unlocked, as before).
    public init?(terminal output: Int32) {
        guard isatty(output) == 1, let name = ttyname(output) else { return nil }
        let opened = open(name, O_RDONLY | O_NOCTTY | O_CLOEXEC)
        guard opened >= 0 else { return nil }
        descriptor = opened
    }

    deinit { close(descriptor) }

    /// How many `whileHeld` calls are running on this thread (the UI thread's, its only
    /// user): a picture written in slices holds the lock across all of them, and each
    /// slice's write inside takes it again; only the outermost locks and unlocks.
    private var depth = 0

    /// Runs `body` holding the lock (waiting for another player's write to end first).
    public func whileHeld<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        if depth == 0 { while flock(descriptor, LOCK_EX) != 0 && errno == EINTR {} }
        depth += 1
        defer {
            depth -= 1
            if depth == 0 { _ = flock(descriptor, LOCK_UN) }
        }
        return try body()
    }
}
