/// How a program written for mpv runs the player (invidtui: `mpv --idle --keep-open
/// --no-terminal --no-input-terminal --input-ipc-server=SOCK`, no file): whether it stays up
/// with nothing to play, stays on the last frame at the end, and whether it has the
/// terminal at all (docs/mpv.md, "The command line").
public struct MpvSession: Equatable, Sendable {
    /// What the player does with the terminal it was started in.
    public enum TerminalUse: Equatable, Sendable {
        /// Draws there and reads its keys (Inset's own way).
        case full
        /// `--no-input-terminal`: draws there, reads no key (the tty's modes untouched but
        /// for the player's output).
        case drawsOnly
        /// `--no-terminal` / `--terminal=no`: never draws on, reads from or changes the
        /// terminal; the sound plays and the socket steers it (a program's own TUI runs there).
        case none
    }

    /// `--idle`: the player stays up with nothing to play (none given, the last file ended,
    /// `stop`), until a `loadfile` or `quit`.
    public var idle = false
    /// `--keep-open`: at the end of the last file the player stays on its last frame,
    /// paused, `eof-reached` true; a seek back plays again.
    public var keepOpen = false
    public var terminal = TerminalUse.full

    public init(idle: Bool = false, keepOpen: Bool = false, terminal: TerminalUse = .full) {
        self.idle = idle; self.keepOpen = keepOpen; self.terminal = terminal
    }

    /// Whether the end of the command line's files leaves the player running.
    var staysAfterEnd: Bool { idle || keepOpen }
}
