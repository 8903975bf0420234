import ArgumentParser
import InsetCore

/// The settings the table keeps by value (`Setting.Use.value`), as `MpvCommandLine` hands
/// them to the parser: `--mpv-setting NAME=VALUE`, hidden (users write mpv's spelling,
/// `--pause`, which the rewrite turns into this).
struct KeptSettingsArguments: ParsableArguments {
    @Option(name: .customLong("mpv-setting"), help: .hidden)
    var given: [String] = []

    static let optionsWithValue: Set<String> = ["--mpv-setting"]

    func validate() throws {
        for argument in given where SettingValues.parse(argument: argument) == nil {
            throw invalidValue("--mpv-setting", argument, "not a setting of the table with a value of its type")
        }
    }

    /// The values given here, over the config file's.
    func values(over config: SettingValues) -> SettingValues {
        var values = SettingValues()
        for (name, value) in given.compactMap(SettingValues.parse(argument:)) { values.set(name, value) }
        return values.over(config)
    }
}
