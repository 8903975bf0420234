/// mpv's options whose handling needs a word more than "ignored": Inset's own spelling
/// kept, another reader's job, or the Lua scripts' (InsetScripts).
extension SettingsTable {
    static let mpvOnly: [Setting] = [
        Setting("config", .text, default: "yes",
                use: .arguments { value in
                    // mpv's --config=no reads no config; Inset's --config=FILE names one.
                    switch value.text {
                    case "no": ["--no-config"]
                    case "yes": []
                    default: ["--config", value.text]
                    }
                }, "mpv's --config=no reads no config file; Inset's --config FILE names one."),
        // Live, as in mpv: set while playing (`set`, `change-list script-opts append k=v`),
        // scripts reading it with an on_update callback are told (docs/scripts.md).
        Setting("script-opts", .pairs, default: "", command: "set", observable: true, property: ["script-opts"],
                use: .mapped("script-opts"),
                "Options for mpv's Lua scripts (NAME-KEY=VALUE), read by mp.options.read_options."),
        Setting("scripts", .list(pathSeparated: true), default: "", use: .mapped("script"),
                "mpv's Lua scripts to run (--script adds one; docs/scripts.md)."),
        Setting("load-scripts", .flag, default: "yes", use: .arguments { $0 == .flag(false) ? ["--no-load-scripts"] : [] },
                "Whether the scripts folder of Inset's config folder is loaded."),
        Setting("chapters-file", .text, default: "", use: .mapped("chapters-file"),
                "Chapters from an FFmpeg metadata file, in place of each file's own."),
        Setting("sub-auto", .choice(["no", "exact", "fuzzy", "all"], integers: nil), default: "exact",
                use: .ignored("Inset finds the subtitle files beside a video named after it"), "Which subtitle files are found."),
    ]
}
