/// Which subtitles show: the files given and the language.
extension SettingsTable {
    static let subtitles: [Setting] = [
        Setting("sub-files", .list(pathSeparated: true), default: "",
                use: .arguments { value in
                    guard case .list(let files) = value, !files.isEmpty else { return [] }
                    return ["--sub-files=" + files.joined(separator: ":")]
                }, "Subtitle files for the file played, each a track in order (mpv's --sub-file adds one)."),
        Setting("sub", mpv: ["sub"], .text, default: "", use: .insetSpelling,
                "Inset's --sub FILE (mpv's --sub is --sid): Inset's meaning is kept."),
        Setting("sub-lang", mpv: ["slang"], .list(pathSeparated: false), default: "", config: true,
                use: .arguments { value in
                    guard case .list(let languages) = value, let first = languages.first else { return [] }
                    return ["--sub-lang", first]
                }, "The subtitle track's language (Inset takes the first of mpv's list)."),
        Setting("sub-delay", .number(nil), default: "0.000", config: true,
                command: "sub-delay", observable: true, property: ["sub-delay"], use: .value,
                "Show subtitles this many seconds after their time (Inset holds it to -60 to 60); z and Z step it by 0.1."),
        Setting("sub-visibility", .flag, default: "yes", config: true, command: "sub-visibility", observable: true,
                property: ["sub-visibility"], use: .value, "Show the subtitles (no: hidden, the track still chosen)."),
        Setting("sub-pos", .integer(0...150), default: "100", config: true, command: "sub-pos", observable: true,
                property: ["sub-pos"], use: .value,
                "Where subtitles end, in percent of the picture's height (100: its bottom; cells stop there; ASS as --sub-ass-override says)."),
        Setting("sub-color", .color, default: "#FFFFFFFF", config: true, command: "sub-color", observable: true,
                property: ["sub-color"], use: .value,
                "The colour of plain subtitles (ASS/SSA tracks keep their styles' colours unless --sub-ass-override=force)."),
        Setting("sub-scale", .number(0...100), default: "1.000", config: true, command: "sub-scale", observable: true,
                property: ["sub-scale"], use: .value,
                "A factor on the subtitles' font size, drawn by libass in pixel modes; cells have one size, so it changes nothing there."),
        Setting("sub-font-size", .number(1...9000), default: "55.000", config: true, command: "sub-font-size", observable: true,
                property: ["sub-font-size"], use: .value,
                "Plain subtitles' font size on a 720-row screen, drawn by libass in pixel modes; cells have one size, so it changes nothing there."),
        Setting("sub-ass-override", .choice(["no", "yes", "force", "scale", "strip"], integers: nil), default: "yes", config: true,
                command: "sub-ass-override", observable: true, property: ["sub-ass-override"], use: .value,
                "How much of an ASS/SSA track's styling the plain style replaces in pixel modes (no, yes, scale, force, strip: mpv's)."),
        Setting("secondary-sid", .choice(["no", "auto"], integers: 0...8190), default: "no", config: true, use: .value,
                "A second subtitle track shown at the same time, at the top, by its number (from 1, as sid)."),
    ]
}
