/// How inputs are fetched and named: yt-dlp, HTTP headers, the control socket, the title.
extension SettingsTable {
    static let network: [Setting] = [
        Setting("ytdl", .flag, default: "yes", config: true,
                use: .arguments { ["--ytdl", $0 == .flag(true) ? "yes" : "no"] }, "Resolve pages with yt-dlp."),
        Setting("ytdl-format", .text, default: "", config: true, use: .option("--ytdl-format") { $0.text.isEmpty ? nil : $0.text },
                "yt-dlp's format selection."),
        Setting("ytdl-raw-options", .pairs, default: "", config: true,
                use: .option("--ytdl-raw-options") { $0.text.isEmpty ? nil : $0.text }, "More options for yt-dlp."),
        Setting("user-agent", .text, default: "libmpv", use: .option("--user-agent") { $0.text == "libmpv" ? nil : $0.text },
                "The User-Agent of every http(s) request."),
        Setting("referrer", .text, default: "", use: .option("--referrer") { $0.text.isEmpty ? nil : $0.text },
                "The Referer of every http(s) request."),
        Setting("http-header-fields", .list(pathSeparated: false), default: "",
                use: .option("--http-header-fields") { $0.text.isEmpty ? nil : $0.text }, "More headers for http(s) requests."),
        Setting("socket", mpv: ["input-ipc-server"], .text, default: "",
                use: .option("--socket") { $0.text.isEmpty ? nil : $0.text }, "The control socket's path."),
        Setting("media-title", mpv: ["force-media-title", "title"], .text, default: "", observable: true, property: ["media-title"],
                use: .option("--title") { value in
                    // mpv's --title is the window's, a template by default: only plain text names the video.
                    value.text.isEmpty || value.text.contains("${") ? nil : value.text
                }, "The name shown for every video."),
        Setting("stream-lavf-o", .pairs, default: "",
                use: .mapped("stream-lavf-o"), "FFmpeg input options: the safe keys only (MpvMappedOptions.safeInputOptions)."),
    ]
}
