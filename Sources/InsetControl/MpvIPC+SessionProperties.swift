import InsetCore

/// What a session's settings are made of (`video`, `loop-file`, `loop-playlist`): their
/// rows are in `MpvPropertyRows+Settings.swift`, the session's readings in `+Session`.
extension MpvIPC {
    /// How long mpv waits for its cache before playing on (its `--cache-pause-wait`, 1 s):
    /// `cache-buffering-state` is the share of it read.
    static let cachePauseWait = 1.0
}

/// A session's setting set through mpv's IPC.
public enum MpvSessionSetting: Equatable, Sendable {
    /// Files opened from now on show their picture, or play their sound alone.
    case video(Bool)
    /// The file loops for ever (`Int.max`), N more times, or not (nil); the next files too.
    case loopFile(Int?)
    case loopPlaylist(Bool)
    /// The scripts' options (`script-opts`) from now on.
    case scriptOptions([SettingValue.KeyValue])
}
