import ArgumentParser
import Foundation
import InsetApp
import InsetPlayback

/// mpv's watch_later options, under mpv's names (docs/mpv.md, "watch_later"): lobster
/// passes all three and reads the folder itself after quit. `MpvCommandLine` turns mpv's
/// `=yes|no` and `--no-` spellings of the flags into these.
struct WatchLaterArguments: ParsableArguments {
    @Flag(name: .customLong("save-position-on-quit"),
          help: "At quit, write where each video was to mpv's watch_later folder, as mpv does (read back on the next play).")
    var savesOnQuit = false

    @Option(name: .customLong("watch-later-directory"),
            help: ArgumentHelp("mpv's watch_later folder: where --save-position-on-quit writes and every play reads. "
                               + "Default: $XDG_STATE_HOME/inset/watch_later.", valueName: "dir"))
    var directory: String?

    @Flag(name: .customLong("write-filename-in-watch-later-config"),
          help: "Begin each watch_later file with '# PATH', as mpv does with this option.")
    var writesFileName = false

    func validate() throws {
        if let directory, directory.isEmpty || directory.contains("\n") {
            throw ValidationError("--watch-later-directory: expected a folder's path")
        }
    }

    /// The folder on the player's options; none when neither the option nor a state
    /// folder (`XDG_STATE_HOME`, `HOME`) names one.
    func apply(to options: inout AppOptions) {
        guard let folder = directory.map(Self.expandingHome) ?? WatchLaterStore.standardDirectory() else { return }
        options.watchLater = WatchLaterStore(directory: folder, savesOnQuit: savesOnQuit, writesFileName: writesFileName)
    }

    /// `~/x` as mpv's `mp_get_user_path` reads it (the shell does not expand `--opt=~/x`).
    static func expandingHome(_ path: String) -> String {
        guard path == "~" || path.hasPrefix("~/"), let home = ProcessInfo.processInfo.environment["HOME"] else { return path }
        return home + path.dropFirst()
    }
}
