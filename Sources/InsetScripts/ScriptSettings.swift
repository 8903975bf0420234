import Foundation
import InsetControl

/// What every script is given: `--script-opts` (all of them; `mp.options.read_options`
/// takes the ones named `NAME-KEY`, as mpv's options.lua does) and Inset's config folder,
/// where `script-opts/NAME.conf` is read.
public struct ScriptSettings: Sendable {
    public var options: [String: JSONValue]
    public var configFolder: String?

    public init(options: [(key: String, value: String)] = [], configFolder: String? = nil) {
        var table: [String: JSONValue] = [:]
        // Given twice, the later wins, as in mpv's key-value lists.
        for pair in options { table[pair.key] = .string(pair.value) }
        self.options = table
        self.configFolder = configFolder
    }

    /// Inset's config folder: `$XDG_CONFIG_HOME/inset`, else `~/.config/inset` (where the
    /// config file is, docs/config.md).
    public static func configFolder(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        if let base = environment["XDG_CONFIG_HOME"], base.hasPrefix("/") { return base + "/inset" }
        if let home = environment["HOME"], !home.isEmpty { return home + "/.config/inset" }
        return nil
    }
}

/// Which scripts run, in mpv's order: those of the config folder's `scripts/` (unless
/// `--load-scripts=no`), sorted by name, then each `--script`/`--scripts` file as given.
/// Only these: a playlist, a page, a file's tags or another program's socket never adds
/// one (`MpvIPC`'s `load-script` is refused).
public enum ScriptSources {
    /// `given` may hold `--scripts=A:B` lists; a folder given or found is loaded by its
    /// `main.lua`. Returns the paths and a line for each thing not loaded.
    public static func paths(given: [String], configFolder: String?, loadFolder: Bool) -> (paths: [String], skipped: [String]) {
        var paths: [String] = []
        var skipped: [String] = []
        let manager = FileManager.default
        func add(_ path: String, byUser: Bool) {
            var isFolder: ObjCBool = false
            guard manager.fileExists(atPath: path, isDirectory: &isFolder) else {
                if byUser { skipped.append("script \(path): no such file") }
                return
            }
            if isFolder.boolValue {
                let main = path + "/main.lua"
                if manager.fileExists(atPath: main) { paths.append(main) } else if byUser { skipped.append("script \(path): no main.lua") }
            } else if path.hasSuffix(".lua") {
                paths.append(path)
            } else {
                // mpv runs JavaScript and C plugins too; Inset runs Lua only.
                skipped.append("script \(path): only Lua scripts (.lua) run in Inset")
            }
        }
        if loadFolder, let configFolder {
            let folder = configFolder + "/scripts"
            let names = ((try? manager.contentsOfDirectory(atPath: folder)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
            for name in names { add(folder + "/" + name, byUser: false) }
        }
        for entry in given {
            for path in entry.split(separator: ":", omittingEmptySubsequences: true) {
                add((String(path) as NSString).expandingTildeInPath, byUser: true)
            }
        }
        return (paths, skipped)
    }
}
