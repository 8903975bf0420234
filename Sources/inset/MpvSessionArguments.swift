import ArgumentParser
import InsetApp

/// How a program written for mpv runs the player (invidtui: `mpv --idle --keep-open
/// --no-terminal --no-input-terminal --input-ipc-server=SOCK`, no file), in Inset's
/// spelling; `MpvCommandLine` rewrites mpv's (`--idle=yes`, `--terminal=no`) to these.
struct MpvSessionArguments: ParsableArguments {
    @Flag(name: .customLong("idle"), help: "Stay up with nothing to play (no file given, the last one ended) until the control socket loads a file or quits.")
    var idle = false

    @Flag(name: .customLong("keep-open"), help: "At the end of the last file, stay on its last frame, paused, instead of quitting; a seek back plays again.")
    var keepOpen = false

    @Flag(name: .customLong("no-terminal"), help: "Do not touch the terminal: draw nothing, read no key, change no mode; the sound plays and the control socket steers the player.")
    var noTerminal = false

    @Flag(name: .customLong("no-input-terminal"), help: "Draw in the terminal but read no key from it (the control socket steers the player).")
    var noInputTerminal = false

    /// With `--idle` and no file the player waits: the bundled samples are not opened.
    var waitsWithoutFiles: Bool { idle }

    func apply(to options: inout AppOptions) {
        options.mpvSession = MpvSession(idle: idle, keepOpen: keepOpen,
                                        terminal: noTerminal ? .none : noInputTerminal ? .drawsOnly : .full)
    }
}
