import ArgumentParser
import InsetApp
import InsetLog

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

    /// `--no-terminal` keeps a player off the terminal only while it waits to be steered (no
    /// file given: invidtui, python-mpv-jsonipc). Given files, it is what a launcher adds to
    /// quiet mpv's messages while mpv shows the video in a window of its own (a scraper's
    /// `mpv --no-terminal URL`): the terminal is Inset's window, so the video is drawn there.
    func apply(to options: inout AppOptions, filesGiven: Bool) {
        let headless = noTerminal && !filesGiven
        if noTerminal && filesGiven {
            Log.info("--no-terminal with files to play: drawn in the terminal, which is Inset's window (docs/mpv.md)")
        }
        options.mpvSession = MpvSession(idle: idle, keepOpen: keepOpen,
                                        terminal: headless ? .none : noInputTerminal ? .drawsOnly : .full)
    }
}
