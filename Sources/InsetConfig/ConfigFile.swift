import Foundation

/// Where the config file is and reading it: `$XDG_CONFIG_HOME/inset/config`, else
/// `~/.config/inset/config`, or the file `--config` names.
public enum ConfigFile {
    /// The default path, whether or not a file is there; nil with neither variable set.
    public static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        if let base = environment["XDG_CONFIG_HOME"], base.hasPrefix("/") { return base + "/inset/config" }
        if let home = environment["HOME"], !home.isEmpty { return home + "/.config/inset/config" }
        return nil
    }

    /// The settings in the file at `path`. A missing default file is no config and no
    /// problem; a missing file the user named (`required`) is one problem, as is one that
    /// cannot be read.
    public static func load(path: String, required: Bool) -> Config {
        guard let data = FileManager.default.contents(atPath: path) else {
            var config = Config()
            let exists = FileManager.default.fileExists(atPath: path)
            if required || exists {
                config.problems.append(ConfigProblem(path: path, line: 0, message: exists ? "cannot be read" : "no such file"))
            }
            return config
        }
        guard let text = String(data: data, encoding: .utf8) else {
            var config = Config()
            config.problems.append(ConfigProblem(path: path, line: 0, message: "is not UTF-8 text"))
            return config
        }
        return ConfigReader.read(path: path, text: text)
    }

    /// The settings from `--config FILE`, the default file, or none with `--no-config`.
    public static func load(explicitPath: String?, disabled: Bool,
                            environment: [String: String] = ProcessInfo.processInfo.environment) -> Config {
        if disabled { return Config() }
        if let explicitPath { return load(path: explicitPath, required: true) }
        guard let path = defaultPath(environment: environment) else { return Config() }
        return load(path: path, required: false)
    }
}
