/// What reaches the terminal and the log: the video output, its rectangle, the messages.
extension SettingsTable {
    static let output: [Setting] = [
        Setting("screenshot-dir", mpv: ["screenshot-directory"], .text, default: "", config: true,
                use: .option("--screenshot-dir") { $0.text.isEmpty ? nil : $0.text }, "Where screenshots go."),
        Setting("vo", .objects, default: "", use: .ignored("the graphics mode is being mapped from --vo (issue 43)"),
                "mpv's video output."),
        Setting("msg-level", .unchecked("Output verbosity levels"), default: "",
                use: .ignored("the log's levels are being mapped (issue 43)"), "mpv's log levels."),
        Setting("terminal", .flag, default: "yes", use: .arguments { $0 == .flag(false) ? ["--no-terminal"] : [] },
                "Use the terminal (no: draw nothing, read nothing, change no mode; the socket steers the player)."),
        Setting("input-terminal", .flag, default: "yes", use: .arguments { $0 == .flag(false) ? ["--no-input-terminal"] : [] },
                "Read keys from the terminal (no: draw there, read no key)."),
        Setting("really-quiet", .flag, default: "no",
                use: .ignored("Inset writes nothing to the terminal but its screen"), "No messages."),
        Setting("quiet", .flag, default: "no", use: .ignored("Inset writes nothing to the terminal but its screen"),
                "Fewer messages."),
    ] + kittyOutput

    /// mpv 0.36's kitty output (not in 0.35's list): the launchers' previewers give it a
    /// rectangle. Parsed today; the embed rectangle is being mapped (issue 43).
    static let kittyOutput: [Setting] = ["left", "top", "cols", "rows", "width", "height"].map { part in
        Setting("vo-kitty-\(part)", .integer(nil), default: "0", use: .ignored("the kitty output's rectangle is being mapped (issue 43)"),
                "mpv's kitty output: the picture's \(part).")
    } + ["use-shm", "config-clear", "alt-screen", "auto-multiplexer-passthrough"].map { part in
        Setting("vo-kitty-\(part)", .flag, default: part == "config-clear" || part == "alt-screen" ? "yes" : "no",
                use: .ignored("the kitty output's settings are being mapped (issue 43)"), "mpv's kitty output: \(part).")
    }
}
