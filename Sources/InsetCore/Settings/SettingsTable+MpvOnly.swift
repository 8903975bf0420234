/// mpv's options whose handling needs a word more than "ignored": Inset's own spelling
/// kept, another reader's job, or a script's options Inset passes to no script yet.
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
        Setting("script-opts", .pairs, default: "", use: .ignored("scripts' options are being mapped (issue 43)"),
                "Options for mpv's scripts."),
        Setting("chapters-file", .text, default: "", use: .ignored("a chapters file is being mapped (issue 43)"),
                "Chapters from an FFmpeg metadata file."),
        Setting("sub-auto", .choice(["no", "exact", "fuzzy", "all"], integers: nil), default: "exact",
                use: .ignored("Inset finds the subtitle files beside a video named after it"), "Which subtitle files are found."),
    ]
}
