import InsetControl
import InsetCore

extension ControlDesk {
    /// `inset ctl get NAME` for a setting of the table (by Inset's name or mpv's) or any of
    /// mpv's options: its value as mpv's IPC gives it (`MpvIPC`), live for what Inset plays by,
    /// mpv's default for what it ignores. Nil for a name neither knows, or a value that is
    /// unavailable now (the caller then says what `get` takes).
    static func setting(_ name: String, in state: MpvState) -> JSONValue? {
        let mpvName = SettingsTable.setting(named: name)?.mpvNames.first ?? name
        return try? MpvIPC.value(of: mpvName, in: state).get()
    }
}
