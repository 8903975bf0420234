import Foundation

/// The folder yt-dlp runs in: Inset's own, `$XDG_CACHE_HOME/inset/yt-dlp` (else
/// `~/.cache/inset/yt-dlp`), made 0700 and checked to be the user's.
///
/// yt-dlp reads a "home configuration", `yt-dlp.conf` in the folder it runs in when no
/// `-P home:` is given (yt_dlp/options.py, `load_configs`), before the user's own. Run in the
/// player's working folder, a downloaded folder holding a `yt-dlp.conf` and a playlist ran
/// a command of the folder's choosing (`--exec`) as soon as an entry went to yt-dlp. Here,
/// only the user writes: the user's configuration (`~/.config/yt-dlp/config`) and the
/// system's are read, as before, and nothing found beside the media.
public enum YtdlpFolder {
    /// The folder for this environment; nil without an absolute XDG_CACHE_HOME or HOME.
    public static func path(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") { return cache + "/inset/yt-dlp" }
        guard let home = environment["HOME"], home.hasPrefix("/"), home.count > 1 else { return nil }
        return home + "/.cache/inset/yt-dlp"
    }

    /// Makes the folder (and those above it that are missing, 0700) or checks the one there:
    /// a directory, not a link, the user's, closed to others (made so). Else a private
    /// folder of its own under /tmp (`mkdtemp`, 0700), so yt-dlp never runs where others write.
    public static func prepare(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> String {
        if let path = path(environment: environment), make(path) { return path }
        var template = Array("/tmp/inset-yt-dlp-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else {
            throw Ytdlp.Failure.unreadable("cannot make a folder for yt-dlp to run in: \(String(cString: strerror(errno)))")
        }
        return String(cString: made)
    }

    /// Whether `path` is now a folder only this user may enter.
    static func make(_ path: String) -> Bool {
        var parents: [String] = []
        var up = (path as NSString).deletingLastPathComponent
        while up.count > 1, access(up, F_OK) != 0 {
            parents.append(up)
            up = (up as NSString).deletingLastPathComponent
        }
        for parent in parents.reversed() where mkdir(parent, 0o700) != 0 && errno != EEXIST { return false }
        if mkdir(path, 0o700) != 0 && errno != EEXIST { return false }
        var status = stat()
        guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR, status.st_uid == getuid() else { return false }
        return status.st_mode & 0o777 == 0o700 || chmod(path, 0o700) == 0
    }
}
