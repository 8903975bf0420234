/// Inset's own settings, which mpv has no option for: how the picture is drawn, the floating
/// window, the keys, the visualiser, the link and yt-dlp's program and sites. The config file
/// takes each under its name (`ConfigReader`); the command line spells each as Inset's own
/// option (`--blitter half`), so no mpv name reaches them (`mpv: []`).
extension SettingsTable {
    static let inset: [Setting] = [
        own("blitter", .choice(["auto", "half", "quadrant", "sextant", "octant"], integers: nil), "auto",
            "The cells' shapes for the picture, when no graphics protocol draws it."),
        own("graphics", .choice(["auto", "kitty", "sixel", "iterm", "cells"], integers: nil), "auto",
            "The way pictures are drawn: a graphics protocol, or cells."),
        own("colors", .choice(["auto", "truecolor", "256", "16"], integers: nil), "auto", "The colours the terminal shows."),
        own("window-volume", .integer(0...100), "30", "The volume of a video in the floating window beside another."),
        own("skip-step", .number(1...3600), "15", "Seconds a skip moves (the bar's -15 / +15, the arrows)."),
        own("prefix", .text, "C-a", "The chord before the window's keys in a shell."),
        own("visualizer", .choice(["none"] + Visualizer.allCases.map(\.rawValue), integers: nil), Visualizer.standard.rawValue,
            "What music files show."),
        own("window-size", .integer(-4...8), "0", "The floating window's size, in steps from the default."),
        own("window-corner", .choice(["top-left", "top-right", "bottom-left", "bottom-right"], integers: nil), "bottom-right",
            "The floating window's corner."),
        own("advance", .flag, "yes", "At a file's end, play the list's next."),
        own("ytdl-playlist", .flag, "no", "A page's whole playlist, not its one video."),
        own("ytdl-path", .text, "yt-dlp", "The yt-dlp program."),
        own("ytdl-sites", .list(pathSeparated: false), "", "The hosts whose pages go to yt-dlp."),
        own("link-rate", .text, "auto", "The link's bytes a second: auto, off, or a rate."),
    ]

    private static func own(_ name: String, _ type: SettingType, _ defaultText: String, _ summary: String) -> Setting {
        Setting(name, mpv: [], type, default: defaultText, config: true, use: .insetSpelling, summary)
    }

    /// The config file's keys: every row it takes, by Inset's name.
    public static let configKeys: [String] = all.filter(\.inConfig).map(\.name)
}
