/// mpv's properties that are no option: what the player is doing, read live by mpv's IPC
/// (`get_property`, `observe_property`), `inset ctl get` and MPRIS. They are rows of the
/// table as the settings are, kept out of `all` because the command line and the config file
/// take none of them (mpv has no `--time-pos`). A setting that is also a live property
/// (`volume`, `pause`) names its properties in its own row (`Setting.propertyNames`).
///
/// How to add a property: a row here (or `property:` on the setting's row, with `command:`
/// when it can be set), then its reading (and setter) in InsetControl's
/// `MpvPropertyRows+*.swift`; `MpvPropertyTableTests` and `MpvPropertyRowsTests` fail while
/// either is missing or they disagree.
extension SettingsTable {
    static let properties: [Setting] = [
        live("time", ["time-pos", "playback-time"], .number(nil), command: "seek", "Where the file plays, in seconds."),
        live("time-remaining", ["time-remaining"], .number(nil), "Seconds left to the end."),
        live("playtime-remaining", ["playtime-remaining"], .number(nil), "Seconds left at this speed."),
        live("duration", ["duration"], .number(nil), "The file's length in seconds."),
        live("percent-pos", ["percent-pos"], .number(0...100), command: "seek", "Where the file plays, in percent."),
        live("filename", ["filename"], .text, "The path's last part."),
        live("file", ["path"], .text, "The file or URL playing."),
        live("metadata", ["metadata"], .pairs, "The file's tags (artist, title, album, track, date)."),
        live("playlist-pos", ["playlist-pos"], .integer(nil), command: "playlist", "The playing entry of the list, from 0."),
        live("playlist-count", ["playlist-count"], .integer(nil), "How many entries the list has."),
        live("playlist", ["playlist"], .unchecked("Node list"), "The list's entries."),
        live("chapter", ["chapter"], .integer(nil), command: "chapter", "The playing chapter, from 0."),
        live("chapters", ["chapters"], .integer(nil), "How many chapters the file has."),
        live("chapter-list", ["chapter-list"], .unchecked("Node list"), "The chapters' titles and times."),
        live("track-list", ["track-list"], .unchecked("Node list"), "The file's tracks."),
        live("aid", ["aid"], .choice(["no", "auto"], integers: 0...8190), command: "audio", "The sound track, from 1."),
        live("sid", ["sid"], .choice(["no", "auto"], integers: 0...8190), command: "subtitles", "The subtitle track, from 1."),
        live("eof-reached", ["eof-reached"], .flag, "At the end, kept open (--keep-open)."),
        live("idle-active", ["idle-active"], .flag, "Nothing plays (--idle)."),
        live("core-idle", ["core-idle"], .flag, "Playback is not moving: paused, waiting, seeking, idle or at the end."),
        live("paused-for-cache", ["paused-for-cache"], .flag, "The picture waits for its input."),
        live("seeking", ["seeking"], .flag, "A seek is on its way to its first frame."),
        live("cache-buffering-state", ["cache-buffering-state"], .integer(0...100), "How much of the wait is read, in percent."),
        live("demuxer-cache-duration", ["demuxer-cache-duration"], .number(nil), "Seconds read ahead."),
        live("pid", ["pid"], .integer(nil), "The player's process id."),
        live("working-directory", ["working-directory"], .text, "The folder the player was started in (history scripts join a path to it)."),
        live("playlist-pos-1", ["playlist-pos-1"], .integer(nil), "The playing entry of the list, from 1 (mpv's autoload.lua reads it)."),
        live("playback-abort", ["playback-abort"], .flag, "Nothing is to play: no file, or the player is stopping (mpv's autoload.lua asks)."),
        live("mpv-version", ["mpv-version"], .text, "What answers mpv's IPC."),
        live("property-list", ["property-list"], .unchecked("String list"), "Every property's name."),
        live("command-list", ["command-list"], .unchecked("Node list"), "Every command's name."),
        live("pip", ["inset-pip"], .flag, command: "pip", "Inset's own: the video plays in the floating window."),
        live("window-corner", ["inset-window-corner"], .text, command: "window", "Inset's own: the floating window's corner."),
    ]

    /// A property only mpv's IPC and `inset ctl` read: observable, never on a command line.
    private static func live(_ name: String, _ propertyNames: [String], _ type: SettingType, command: String? = nil,
                             _ summary: String) -> Setting {
        Setting(name, mpv: [], type, default: "", command: command, observable: true, property: propertyNames,
                use: .ignored("a property of the playing, no option"), summary)
    }

    /// Every row mpv's IPC answers live: the settings that are properties too, then the rest.
    public static let propertyRows: [Setting] = all.filter { !$0.propertyNames.isEmpty } + properties

    /// Every live property's name, as mpv's IPC spells it (`property-list`).
    public static let propertyNames: [String] = propertyRows.flatMap(\.propertyNames)

    private static let byPropertyName: [String: Setting] = {
        var index: [String: Setting] = [:]
        for row in propertyRows {
            for name in row.propertyNames + [row.name] where index[name] == nil { index[name] = row }
        }
        return index
    }()

    /// The row of a live property, by mpv's property name (`time-pos`) or Inset's (`time`).
    public static func property(named name: String) -> Setting? { byPropertyName[name] }
}
