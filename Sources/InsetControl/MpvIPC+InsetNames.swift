import InsetCore

/// `inset ctl` names a setting or property as Inset does (`paused`, `time`, `pip`, `file`,
/// `title`, `audio-lang`) or as mpv does (`pause`, `time-pos`): one lookup in the settings
/// table gives mpv's name, which mpv's IPC then reads and sets through its row. Before,
/// `inset ctl get` answered a hand list of seven names from the video's status
/// (`ControlDesk.properties`) and `set` took mpv's names only.
extension MpvIPC {
    /// mpv's name for `name`: itself when mpv's IPC answers it; else the live property (or,
    /// for an option only, the option) of the row that Inset's name or mpv's option name finds.
    public static func mpvName(for name: String) -> String {
        if MpvPropertyRows.row(named: name) != nil { return name }
        guard let row = SettingsTable.property(named: name) ?? SettingsTable.setting(named: name) else { return name }
        return row.propertyNames.first ?? row.mpvNames.first ?? name
    }

    /// An mpv request from `inset ctl` with its property named as Inset names it: the same
    /// request with mpv's name, for `get_property`, `set`, `cycle`, `add`, `multiply`,
    /// `cycle-values` (after `!reverse`) and `observe_property`.
    public static func withMpvNames(_ arguments: [JSONValue]) -> [JSONValue] {
        guard case .string(let command)? = arguments.first else { return arguments }
        let index: Int
        switch command {
        case "get_property", "get_property_string", "set_property", "set_property_string", "set", "cycle", "add", "multiply":
            index = 1
        case "observe_property", "observe_property_string":
            index = 2
        case "cycle-values":
            index = arguments.count > 1 && arguments[1] == .string("!reverse") ? 2 : 1
        default:
            return arguments
        }
        guard arguments.indices.contains(index), case .string(let name) = arguments[index] else { return arguments }
        var renamed = arguments
        renamed[index] = .string(mpvName(for: name))
        return renamed
    }
}
