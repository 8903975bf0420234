import Foundation
import InsetCore
import InsetLog

/// The file the positions of `ResumePositions` live in, `$XDG_STATE_HOME/inset/positions`
/// (else `~/.local/state/inset/positions`): read when a file opens, written when a video
/// stops. Only local regular files are remembered: a URL, standard input or a pipe has no
/// size and time to know it by again.
///
/// UI thread. Each save reads the file again first, so two players that stop one after the
/// other both leave their positions; it is written to a temporary file in the same
/// directory and renamed over the old one, so a crash leaves the old file or the new one,
/// never half of one.
public struct ResumeStore: Sendable {
    public let directory: String
    public var file: String { directory + "/positions" }

    public init(directory: String) { self.directory = directory }

    /// Where the state goes for this environment: `XDG_STATE_HOME` when it is an absolute
    /// path (the XDG rule), else `HOME`'s `.local/state`; nil with neither.
    public static func standard(environment: [String: String] = ProcessInfo.processInfo.environment) -> ResumeStore? {
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") { return ResumeStore(directory: state + "/inset") }
        guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
        return ResumeStore(directory: home + "/.local/state/inset")
    }

    /// The key of a local regular file at `path`; nil for anything else (a URL, `-`, a
    /// pipe, a device, a file gone).
    public static func key(for path: String) -> ResumeKey? {
        guard path != "-", !path.contains("://") else { return nil }
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        return ResumeKey(path: absolutePath(path), size: Int64(info.st_size), modifiedNanoseconds: info.modifiedNanoseconds)
    }

    /// The path a key holds: absolute, with `.`, `..` and doubled slashes gone.
    public static func absolutePath(_ path: String) -> String {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        return (absolute as NSString).standardizingPath
    }

    /// What the file holds; empty when there is none. A file that cannot be read, or has
    /// lines that do not read, is said in one log line and what does read is used.
    public func load() -> ResumePositions {
        guard FileManager.default.fileExists(atPath: file) else { return ResumePositions() }
        guard let data = FileManager.default.contents(atPath: file), let text = String(data: data, encoding: .utf8) else {
            Log.error("resume: \(file) cannot be read as text; ignored")
            return ResumePositions()
        }
        let (positions, rejected) = ResumePositions.parse(text)
        if rejected > 0 { Log.error("resume: \(file): \(rejected) line\(rejected == 1 ? "" : "s") not understood; ignored") }
        return positions
    }

    /// Where the file at `path` was left and the audio delay it had, where remembered.
    public func remembered(for path: String) -> (position: MediaTime?, audioDelay: MediaTime?) {
        guard let key = key(for: path) else { return (nil, nil) }
        let positions = load()
        return (positions.position(for: key), positions.audioDelay(for: key))
    }

    private func key(for path: String) -> ResumeKey? { ResumeStore.key(for: path) }

    /// A video of `path` stopped at `position`: remembered or forgotten (see
    /// `ResumePositions.record`), and the file written again. Failures are logged: losing a
    /// position must not stop the player.
    public func record(_ position: MediaTime, end: MediaTime?, audioDelay: MediaTime = .zero, for path: String) {
        guard let key = key(for: path) else { return }
        var positions = load()
        let before = positions
        positions.record(position, end: end, audioDelay: audioDelay, for: key)
        guard positions != before else { return }
        do {
            try PrivateFile.replace(file, in: directory, with: positions.text, temporaryName: "positions", closesFolder: true)
        } catch {
            Log.error("resume: cannot write \(file): \(error)")
        }
    }
}
