/// What reaches the terminal and the log: the video output, its rectangle, the messages.
extension SettingsTable {
    static let output: [Setting] = [
        Setting("screenshot-dir", mpv: ["screenshot-directory"], .text, default: "", config: true,
                use: .option("--screenshot-dir") { $0.text.isEmpty ? nil : $0.text }, "Where screenshots go."),
        Setting("vo", .objects, default: "", use: .mapped("vo"),
                "mpv's video output: kitty, sixel or tct are Inset's graphics modes (MpvMappedOptions)."),
        Setting("msg-level", .unchecked("Output verbosity levels"), default: "", use: .mapped("msg-level"),
                "mpv's log levels: all=LEVEL is the levels the log file keeps."),
        Setting("terminal", .flag, default: "yes", use: .ignored("running with no terminal is being built (issue 43)"),
                "Use the terminal."),
        Setting("really-quiet", .flag, default: "no",
                use: .ignored("Inset writes nothing to the terminal but its screen"), "No messages."),
        Setting("quiet", .flag, default: "no", use: .ignored("Inset writes nothing to the terminal but its screen"),
                "Fewer messages."),
    ] + kittyOutput + sixelOutput + tctOutput

    /// mpv 0.36's kitty output (not in 0.35's list): the launchers' previewers give it a
    /// rectangle, which is Inset's embed rectangle (`MpvMappedArguments`, docs/embed.md).
    static let kittyOutput: [Setting] = ["left", "top", "cols", "rows"].map { part in
        Setting("vo-kitty-\(part)", .integer(nil), default: "0", use: .mapped("vo-kitty-\(part)"),
                "mpv's kitty output: the rectangle's \(part), in cells (left and top from 1).")
    } + ["width", "height"].map { part in
        Setting("vo-kitty-\(part)", .integer(nil), default: "0",
                use: .ignored("Inset sizes the picture to the rectangle's cells and the cell's pixels itself"),
                "mpv's kitty output: the picture's \(part) in pixels.")
    } + [
        Setting("vo-kitty-use-shm", .flag, default: "no", use: .mapped("vo-kitty-use-shm"),
                "mpv's kitty output: pictures through shared memory."),
    ] + ["config-clear", "alt-screen", "auto-multiplexer-passthrough"].map { part in
        Setting("vo-kitty-\(part)", .flag, default: part == "auto-multiplexer-passthrough" ? "no" : "yes",
                use: .ignored("Inset clears and takes the alternate screen only when it has the whole terminal, "
                              + "and passes pictures through tmux by itself"),
                "mpv's kitty output: \(part).")
    }

    /// mpv's sixel output's rectangle: the embed rectangle too, with sixel pictures.
    static let sixelOutput: [Setting] = ["left", "top", "cols", "rows"].map { part in
        Setting("vo-sixel-\(part)", .integer(nil), default: "0", use: .mapped("vo-sixel-\(part)"),
                "mpv's sixel output: the rectangle's \(part), in cells (left and top from 1).")
    }

    /// mpv's tct output's way of drawing cells (not in 0.35.1's list as built here): half blocks.
    static let tctOutput: [Setting] = [
        Setting("vo-tct-algo", .choice(["plain", "half-blocks"], integers: nil), default: "half-blocks",
                use: .mapped("vo-tct-algo"), "mpv's tct output: plain or half-blocks; both are Inset's half blocks."),
    ]
}

extension Setting.Use {
    /// mpv's option, its value as the table parsed it (the lists' edits applied), to
    /// `MpvMappedArguments` under mpv's name: `--NAME=VALUE`, a key/value list's values
    /// quoted as `%N%…` so a comma in one stays inside it; nothing for an empty value.
    public static func mapped(_ name: String) -> Self {
        .arguments { value in
            switch value {
            case .pairs(let pairs):
                return pairs.isEmpty ? [] : ["--\(name)=" + pairs.map { "\($0.key)=%\($0.value.utf8.count)%\($0.value)" }
                    .joined(separator: ",")]
            case .list(let items):
                return items.map { "--\(name)=\($0)" }
            default:
                return value.text.isEmpty ? [] : ["--\(name)=\(value.text)"]
            }
        }
    }
}
