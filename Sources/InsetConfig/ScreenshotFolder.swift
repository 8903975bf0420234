import Foundation

/// One rule for the screenshot folder, wherever it was set: the config's `screenshot-dir`
/// or `--screenshot-dir` (issue 48 item 5; before, the flag refused a missing folder at
/// start and the config took it, so the first `s` failed).
///
/// The rule, as mpv's `screenshot-directory` has it: a folder that is missing is created,
/// with its parents, on the first screenshot; what can never hold one (a file, a folder
/// this user cannot write to, a missing folder under one) is said at start, in the same
/// words: the flag stops the player as any bad flag does, the config's line is a config
/// problem on the bar as any bad line is, and screenshots go to the current directory.
public enum ScreenshotFolder {
    /// Why `path` can never hold screenshots; nil when it can (it is, or can become, a
    /// folder this user writes to).
    public static func problem(_ path: String) -> String? {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { return "not a folder: a file is there" }
            return access(path, W_OK | X_OK) == 0 ? nil : "a folder this user cannot write to"
        }
        // Missing: the nearest folder that is there must take new folders.
        var parent = (path as NSString).deletingLastPathComponent
        if parent.isEmpty { parent = "." }
        while !FileManager.default.fileExists(atPath: parent, isDirectory: &isDirectory) {
            let up = (parent as NSString).deletingLastPathComponent
            if up.isEmpty || up == parent { parent = up.isEmpty ? "." : up; break }
            parent = up
        }
        guard isDirectory.boolValue else { return "missing, and \(parent) is a file" }
        return access(parent, W_OK | X_OK) == 0 ? nil : "missing, and this user cannot create it in \(parent)"
    }
}
