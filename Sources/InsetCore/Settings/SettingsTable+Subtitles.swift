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
    ]
}
