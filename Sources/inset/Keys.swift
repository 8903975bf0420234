import ArgumentParser
import InsetConfig
import InsetCore
import InsetScripts

/// `inset keys`: the key bindings from the one command table, as the `?` overlay and
/// docs/keys.md (`inset keys --markdown`) list them.
struct Keys: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keys",
        abstract: "List every key binding and the command it runs.")

    @Flag(help: "Print the default bindings as Markdown, one table per place (docs/keys.md is this output); no config file is read.")
    var markdown = false

    @Option(name: .customLong("config"), help: ArgumentHelp("The config file whose bindings to list, instead of the default one.",
                                                           valueName: "file"))
    var configPath: String?

    @Flag(name: .customLong("no-config"), help: "List the default bindings, reading no config file (nor the config folder's scripts).")
    var noConfig = false

    @Option(name: .customLong("script"), help: ArgumentHelp("An mpv Lua script whose keys to list too, as --script plays it.",
                                                           valueName: "file"))
    var scripts: [String] = []

    /// The bindings as the player would have them with the same config file; its bad
    /// lines are said on standard error, each with its line.
    func run() throws {
        if markdown { return Output.lines(KeyBindings.defaults.markdown()) }
        let config = ConfigFile.load(explicitPath: configPath, disabled: noConfig)
        config.problems.forEach { Output.error("config \($0)") }
        Output.lines(config.keyBindings().plainText() + scriptKeys() + Keys.commandList)
    }

    /// The keys the Lua scripts bind (the config folder's, then `--script`'s), which the
    /// player takes before its own (docs/scripts.md).
    func scriptKeys() -> String {
        let folder = noConfig ? nil : ScriptSettings.configFolder()
        let paths = ScriptSources.paths(given: scripts, configFolder: folder, loadFolder: !noConfig).paths
        let bindings = ScriptKeyListing.bindings(paths: paths, settings: ScriptSettings(configFolder: folder))
        guard !bindings.isEmpty else { return "" }
        let width = bindings.map(\.key.count).max() ?? 0
        return "[scripts] keys of mpv's Lua scripts, before Inset's own\n" + bindings.map { binding in
            "  " + binding.key + String(repeating: " ", count: width - binding.key.count + 2) + "\(binding.name) (script \(binding.script))"
        }.joined(separator: "\n") + "\n"
    }

    /// Every command with its arguments, for writing a binding or `inset ctl`.
    static var commandList: String {
        let width = CommandTable.rows.map { ($0.name + " " + $0.arguments).count }.max() ?? 0
        return "commands:\n" + CommandTable.rows.map { row in
            let usage = row.arguments.isEmpty ? row.name : row.name + " " + row.arguments
            return "  " + usage + String(repeating: " ", count: max(1, min(width, 40) - usage.count + 2)) + row.help
        }.joined(separator: "\n") + "\n"
    }
}
