/// How the sound is heard: its volume, mute, delay, device, extra sound files and language.
extension SettingsTable {
    static let sound: [Setting] = [
        Setting("volume", .number(-1...1000), default: "100.000", config: true, command: "volume", observable: true, property: ["volume"],
                use: .option("--volume") { value in
                    // Inset's volume goes from 0 to 100 (no amplification): mpv's is held to it.
                    guard case .number(let level) = value else { return nil }
                    return String(Int(min(100, max(0, level)).rounded()))
                }, "The volume, 0 to 100 in Inset (mpv's up to 1000 is held at 100)."),
        Setting("mute", .choice(["no", "auto", "yes"], integers: nil), default: "no", config: true, command: "mute",
                observable: true, property: ["mute"], use: .flag("--mute"), "Play without sound."),
        Setting("audio", mpv: ["aid", "audio"], .choice(["no", "auto"], integers: 0...8190), default: "auto",
                use: .arguments { $0 == .text("no") ? ["--no-audio"] : [] },
                "The sound track: no plays the picture alone; Inset plays the first track otherwise."),
        Setting("audio-delay", .number(nil), default: "0.000", config: true, command: "audio-delay", observable: true, property: ["audio-delay"],
                use: .option("--audio-delay") { value in
                    guard case .number(let seconds) = value, seconds != 0 else { return nil }
                    return String(format: "%.3f", min(AudioDelay.limit.seconds, max(-AudioDelay.limit.seconds, seconds)))
                }, "Play the sound this many seconds after the picture (Inset: -10 to 10)."),
        Setting("audio-device", .text, default: "auto", config: true, use: .option("--audio-device"),
                "The sound device, by name, or auto."),
        Setting("gapless-audio", .choice(["no", "yes", "weak"], integers: nil), default: "weak", config: true,
                use: .option("--gapless-audio"), "One sound file after another with no gap."),
        Setting("audio-files", .list(pathSeparated: true), default: "",
                use: .arguments { value in
                    guard case .list(let files) = value, let first = files.first else { return [] }
                    return ["--audio-file", first]
                }, "A sound file played with the video's picture (Inset takes the first)."),
        Setting("audio-lang", mpv: ["alang"], .list(pathSeparated: false), default: "", config: true,
                use: .arguments { value in
                    guard case .list(let languages) = value, let first = languages.first else { return [] }
                    return ["--audio-lang", first]
                }, "The sound track's language (Inset takes the first of mpv's list)."),
    ]
}
