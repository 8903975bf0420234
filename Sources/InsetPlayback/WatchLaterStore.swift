import Foundation
import InsetCore
import InsetLog

/// mpv's watch_later folder (docs/mpv.md, "watch_later"): a file per path, named and
/// written as mpv 0.35 does (`WatchLaterEntry`), read when a file starts and removed then
/// (mpv's `mp_load_playback_resume` unlinks it once loaded), written on quit when
/// `--save-position-on-quit` asks. Beside Inset's own `ResumeStore`, which keeps local files
/// by size and time whatever the options: this one is for what mpv and the launchers that
/// read mpv's folder (lobster) expect, URLs included.
///
/// UI thread. Failures are logged: losing a position must not stop the player.
public struct WatchLaterStore: Sendable {
    /// The folder: `--watch-later-directory`, else `$XDG_STATE_HOME/inset/watch_later`.
    public var directory: String
    /// `--save-position-on-quit`: a file is written for each video playing at quit.
    public var savesOnQuit: Bool
    /// `--write-filename-in-watch-later-config`: `# PATH` first in each file.
    public var writesFileName: Bool

    public init(directory: String, savesOnQuit: Bool = false, writesFileName: Bool = false) {
        self.directory = directory; self.savesOnQuit = savesOnQuit; self.writesFileName = writesFileName
    }

    /// Inset's own folder for this environment, beside its positions file (`XDG_STATE_HOME`
    /// when absolute, else `HOME`'s `.local/state`); nil with neither.
    public static func standardDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        ResumeStore.standard(environment: environment).map { $0.directory + "/watch_later" }
    }

    /// The file that holds `path`'s entry.
    public func file(for path: String) -> String {
        directory + "/" + WatchLaterEntry.fileName(for: path, currentDirectory: FileManager.default.currentDirectoryPath)
    }

    /// What the folder holds for `path`, left in place (a gapless look ahead asks too).
    public func entry(for path: String) -> WatchLaterEntry? {
        let file = file(for: path)
        guard FileManager.default.fileExists(atPath: file) else { return nil }
        guard let data = FileManager.default.contents(atPath: file), let text = String(data: data, encoding: .utf8),
              let entry = WatchLaterEntry.parse(text) else {
            Log.error("watch_later: \(file) has no start= or audio-delay= Inset reads; ignored")
            return nil
        }
        return entry
    }

    /// `path` started: its file goes, as mpv removes it once loaded, so a file watched to
    /// its end (or quit without `--save-position-on-quit`) starts at 0 next time.
    public func forget(_ path: String) {
        let file = file(for: path)
        if unlink(file) != 0 && errno != ENOENT { Log.error("watch_later: cannot remove \(file): \(String(cString: strerror(errno)))") }
    }

    /// Writes `entry` for `path`: a temporary file renamed over the old one, so a reader
    /// (mpv, lobster's `cat DIR/*`) never sees half of one. The folder is made when missing
    /// (mpv 0.35 leaves that to the launcher: lobster makes it).
    public func write(_ entry: WatchLaterEntry, for path: String) {
        let file = file(for: path)
        do {
            try PrivateFile.replace(file, in: directory, with: entry.text(path: writesFileName ? path : nil),
                                    temporaryName: "watch_later", closesFolder: false)
        } catch {
            Log.error("watch_later: cannot write \(file): \(error)")
        }
    }
}
