import InsetCore

/// The subtitles' looks as mpv's properties (`sub-pos`, `sub-color`, `sub-scale`,
/// `sub-font-size`, `sub-ass-override`): read as their options are (what was given or set,
/// else the default), set through their command (`Command.subtitleStyle`) with the value
/// parsed by the settings table's row, so `set_property sub-scale 200` is refused as
/// `--sub-scale=200` is. `cycle` and `add` step them as the row's type says (`MpvIPC.step`).
extension MpvPropertyRows {
    static let subtitleStyle: [MpvPropertyRow] = SubtitleTextStyle.settingNames.map { name in
        MpvPropertyRow([name], read: { MpvIPC.optionValue(of: name, in: $0) }, write: { value, _ in
            guard let setting = SettingsTable.setting(named: name), let text = styleText(of: value),
                  let parsed = try? setting.type.parse(text, option: name) else { return .fail(.propertyFormat) }
            return run([.subtitleStyle(name: name, value: parsed)])
        })
    }

    /// A value as the option's text: numbers as written, flags as yes/no; nil for lists and objects.
    private static func styleText(of value: JSONValue) -> String? {
        switch value {
        case .int(let number): String(number)
        // A whole double as digits, so an integer row (`sub-pos`) takes 80.0 as mpv does.
        case .double(let number) where number.isFinite && number == number.rounded() && abs(number) < 1e15: String(Int64(number))
        case .double(let number): number.isFinite ? String(number) : nil
        case .string(let text): text
        case .bool(let flag): flag ? "yes" : "no"
        default: nil
        }
    }
}
