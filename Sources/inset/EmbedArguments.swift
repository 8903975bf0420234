import ArgumentParser
import Foundation
import InsetApp
import InsetCore
import InsetTerminal

/// `--embed` and `--embed-keys`: the player as a file manager's or a picker's preview, in a
/// rectangle of a screen that belongs to someone else (docs/embed.md).
struct EmbedArguments: ParsableArguments {
    @Option(name: .customLong("embed"),
            help: ArgumentHelp("Play in this rectangle of the terminal only, as a preview: COLSxROWS+X+Y (X11 geometry; "
                               + "-X and -Y count from the right and bottom edges), or full for the whole terminal. "
                               + "No alternate screen and nothing cleared outside it; muted, looping, no bar; "
                               + "no key is read unless --embed-keys; erased on exit and on SIGTERM.",
                               valueName: "geometry"))
    var embed: String?

    @Flag(name: .customLong("embed-keys"),
          help: "With --embed: read the player's keys from the terminal (raw mode while it plays).")
    var embedKeys = false

    @Option(name: .customLong("tty"),
            help: ArgumentHelp("Draw on this terminal (a launcher's pane when the player has no /dev/tty, as in vifm); "
                               + "its resizes are watched.", valueName: "path"))
    var tty: String?

    @Option(name: .customLong("length"), parsing: .unconditional,
            help: ArgumentHelp("End each file this long after where it starts (mpv's --length; a preview's excerpt, "
                               + "looped with --loop).", valueName: "time"))
    var length: TimeArgument?

    @Flag(name: .customLong("no-audio"),
          help: "Play the picture alone: no sound is decoded or played (mpv's --no-audio; a preview's).")
    var noAudio = false

    /// Its option that no row of the settings table names (`--length`: `SettingsTable.insetOptionsWithValue`).
    static let optionsWithValue: Set<String> = ["--tty"]

    var geometry: EmbedGeometry? { embed.flatMap(EmbedGeometry.init(parsing:)) }

    func validate() throws {
        if let embed, EmbedGeometry(parsing: embed) == nil {
            throw invalidValue("--embed", embed, "not COLSxROWS+X+Y (40x12+10+5, 56x37-2+2) or full")
        }
        if embedKeys && embed == nil { throw ValidationError("--embed-keys goes with --embed") }
        try length?.validate(as: "--length")
    }

    /// The options of an embedded player: the one file, muted and looping, from its start
    /// (a preview neither resumes a file nor remembers where it left it), without the
    /// window or the library.
    func apply(to options: inout AppOptions, paths: [String], explicitPaths: Bool) throws {
        options.excerptLength = length?.time
        if noAudio {
            // No device and no sound decoded: a preview's silence costs nothing.
            options.soundDevice = false
            options.muted = true
        }
        if let tty {
            do {
                try NamedTerminal.adopt(tty, replacesInput: !paths.contains("-"))
            } catch {
                throw CommandFailure("--tty \(tty): \(error)")
            }
        }
        guard let geometry else { return }
        var isDirectory: ObjCBool = false
        let directory = paths.count == 1 && FileManager.default.fileExists(atPath: paths[0], isDirectory: &isDirectory)
            && isDirectory.boolValue
        if directory { throw CommandFailure("--embed plays one file, not a directory (\(paths[0]))") }
        guard explicitPaths, paths.count == 1 else {
            throw CommandFailure("--embed plays one file (given \(explicitPaths ? "\(paths.count)" : "none"))")
        }
        if options.startsInPiP || options.startsInShell { throw CommandFailure("--embed goes without --pip and --shell") }
        options.embed = geometry
        options.embedKeys = embedKeys
        options.muted = true
        options.loop = true
        options.pipAllowed = false
        options.automaticPiP = false
        options.resumeStore = nil
        options.resumes = false
        // Drawn straight on someone's screen, a guard erases the rectangle even after a
        // SIGKILL. Not in a previewer that captures the output (fzf, lf): it owns and
        // repaints its preview window, and fzf leaves its alternate screen before it kills
        // the preview, so an erase then would land on the shell's screen.
        if isatty(STDOUT_FILENO) != 0 { options.embedGuardExecutable = EmbedGuard.ownExecutable() }
    }
}
