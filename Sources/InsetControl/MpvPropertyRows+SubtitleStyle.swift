import InsetCore

/// The subtitles' looks as mpv's properties (`sub-pos`, `sub-color`, `sub-scale`,
/// `sub-font-size`, `sub-ass-override`): read as their options are (what was given or set,
/// else the default), set through their command (`Command.subtitleStyle`) with the value
/// parsed by the settings table's row, so `set_property sub-scale 200` is refused as
/// `--sub-scale=200` is. `cycle` and `add` step them as the row's type says (`MpvIPC.step`).
extension MpvPropertyRows {
    static let subtitleStyle: [MpvPropertyRow] = SubtitleTextStyle.settingNames.map { name in
        MpvPropertyRow([name], read: { MpvIPC.optionValue(of: name, in: $0) }, write: { value, _ in
            guard let setting = SettingsTable.setting(named: name), let text = MpvIPC.optionText(of: value),
                  let parsed = try? setting.type.parse(text, option: name) else { return .fail(.propertyFormat) }
            return run([.subtitleStyle(name: name, value: parsed)])
        })
    }
}
