/// Where and how a file plays: its start and end, speed, loops, the order of a list.
extension SettingsTable {
    static let playback: [Setting] = [
        Setting("start", .position, default: "none", use: .option("--start") { $0 == .position(.none) ? nil : $0.text },
                "Where each file starts: seconds or [[hh:]mm:]ss, +T, -T from the end, N% of it, #C a chapter."),
        Setting("end", .position, default: "none", use: .option("--end") { $0 == .position(.none) ? nil : $0.text },
                "Where each file ends, as --start: the next plays, or the player quits."),
        Setting("length", .position, default: "none", use: .option("--length") { $0 == .position(.none) ? nil : $0.text },
                "How long each file plays from where it starts (a preview's excerpt): then as at --end."),
        Setting("speed", .number(0.01...100), default: "1.000", config: true, command: "speed", observable: true, property: ["speed"],
                use: .option("--speed") { value in
                    // Inset plays from 0.25x to 4x (the pitch kept): mpv's wider range is held to it.
                    guard case .number(let factor) = value else { return nil }
                    return String(min(4, max(0.25, factor)))
                }, "Playback speed; Inset plays 0.25x to 4x."),
        Setting("loop-file", mpv: ["loop-file", "loop"], .choice(["no", "inf", "yes"], integers: 0...10000), default: "no",
                command: "set", observable: true, property: ["loop-file"], use: .arguments { value in
                    switch value {
                    case .text("inf"), .text("yes"): ["--loop"]
                    case .integer(let times) where times > 0: ["--loop-file", String(times)]
                    default: []
                    }
                }, "Play each file again: forever (inf), N more times, or not (no)."),
        Setting("loop-playlist", .choice(["no", "inf", "yes", "force"], integers: 1...10000), default: "no", config: true,
                command: "set", observable: true, property: ["loop-playlist"], use: .arguments { value in
                    // Inset loops a list forever or not at all: a count loops it forever (docs/mpv.md).
                    value == .text("no") ? [] : ["--loop-playlist"]
                }, "After the list's last file, play the first again."),
        Setting("playlist-start", .choice(["auto", "no"], integers: 0...2_147_483_647), default: "auto", config: true,
                use: .value, "The list's entry that plays first, from 0 (auto, no: the first)."),
        Setting("shuffle", .flag, default: "no", config: true, use: .flag("--shuffle"), "Play the list in a random order."),
        Setting("resume", mpv: ["resume-playback"], .flag, default: "yes", config: true,
                use: .arguments { $0 == .flag(false) ? ["--no-resume"] : [] },
                "Start a file where it was left (no: from its start)."),
        Setting("playlist", .text, default: "", use: .arguments { $0.text.isEmpty ? [] : [$0.text] },
                "A playlist file to play (mpv's --playlist=FILE): as the path given."),
        Setting("video", mpv: ["vid", "video"], .choice(["no", "auto"], integers: 0...8190), default: "auto",
                command: "set", observable: true, property: ["video", "vid"], use: .arguments { $0 == .text("no") ? ["--no-video"] : [] },
                "The picture track: no plays the sound alone; Inset plays the first picture track otherwise."),
        Setting("paused", mpv: ["pause"], .flag, default: "no", command: "pause", observable: true, property: ["pause"],
                use: .mapped("pause"), "Start paused."),
        Setting("idle", .choice(["no", "once", "yes"], integers: nil), default: "no", observable: true,
                use: .arguments { $0 == .text("no") ? [] : ["--idle"] },
                "Stay up with nothing to play (none given, the last ended, stop) until loadfile or quit; idle-active says so."),
        Setting("keep-open", .choice(["no", "yes", "always"], integers: nil), default: "no", observable: true,
                use: .arguments { $0 == .text("no") ? [] : ["--keep-open"] },
                "Stay on the last frame at the end, paused, eof-reached true; a seek back plays again."),
        // mpv's watch_later files (WatchLaterStore; docs/mpv.md, "watch_later").
        Setting("save-position-on-quit", .flag, default: "no", use: .flag("--save-position-on-quit"),
                "Write a watch_later file on quit."),
        Setting("watch-later-directory", .text, default: "",
                use: .option("--watch-later-directory") { $0.text.isEmpty ? nil : $0.text }, "Where watch_later files go."),
        Setting("write-filename-in-watch-later-config", .flag, default: "no", use: .flag("--write-filename-in-watch-later-config"),
                "Name the file in its watch_later file."),
    ]
}
