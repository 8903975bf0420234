import InsetControl
import InsetCore

extension ControlDesk {
    /// `inset ctl get NAME` for any setting or property of the table, by Inset's name
    /// (`paused`, `time`, `pip`, `file`, `title`, `audio-lang`) or mpv's (`pause`,
    /// `time-pos`), or any of mpv's options: one lookup in the table gives mpv's name
    /// (`MpvIPC.mpvName(for:)`), and its value is mpv's IPC's (`MpvIPC.value`), live for what
    /// Inset plays by, mpv's default for what it ignores.
    static func reading(_ name: String, in state: MpvState) -> Result<JSONValue, MpvIPC.Failure> {
        MpvIPC.value(of: MpvIPC.mpvName(for: name), in: state)
    }

    /// The value, nil for a name neither knows, or a value that is unavailable now.
    static func setting(_ name: String, in state: MpvState) -> JSONValue? {
        try? reading(name, in: state).get()
    }

    static let expectedGet = "expected get NAME, a setting or property by Inset's name or mpv's "
        + "(time, duration, paused, pip, file, speed, title, volume…; docs/ctl.md)"
}
