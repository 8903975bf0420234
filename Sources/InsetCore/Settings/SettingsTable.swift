/// The one table of settings and properties: every reader (the play command's mpv
/// spellings, the config file, `inset ctl`, mpv's IPC, MPRIS) finds a setting here by
/// Inset's name or mpv's, and parses its value by the row's type. mpv's options with no row
/// are in `MpvOptionCatalogue` (generated from mpv's `--list-options`): checked as mpv would
/// check them, then ignored with one log line.
///
/// How to add a setting: add one `Setting` row to the group file it belongs to
/// (`SettingsTable+Playback.swift`, `+Sound`, `+Subtitles`, `+Network`, `+Output`,
/// `+MpvOnly`, `+Inset` for Inset's own; or a new `SettingsTable+Topic.swift` whose group
/// is added to `all` below; a live property that is no option goes in `+Properties`),
/// with its type, mpv's default, and what the command line does with it (`use`); then the
/// code that uses the value. `SettingsTableTests` checks every row's default parses, that
/// names are unique, and that mpv's names are mpv's.
public enum SettingsTable {
    /// The whole table: the groups, concatenated.
    public static let all: [Setting] = playback + sound + subtitles + network + output + mpvOnly + inset

    private static let byName: [String: Setting] = {
        var index: [String: Setting] = [:]
        for row in all {
            for name in [row.name] + row.mpvNames where index[name] == nil { index[name] = row }
        }
        return index
    }()

    /// The row named `name`, by Inset's name or one of mpv's.
    public static func setting(named name: String) -> Setting? { byName[name] }
}
