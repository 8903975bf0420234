import Foundation

/// `inset doctor`'s findings about the machine: sound, yt-dlp, the session bus, the config
/// file, the scripts and the libraries, each from facts the command gathered.
extension DoctorFindings {
    /// SDL2's driver and its output devices, or why no driver started.
    public static func sound(driver: String?, devices: [String], failure: String?) -> DoctorLine {
        guard let driver else {
            return DoctorLine("sound", "no sound driver started (\(failure ?? "SDL2 gave no reason"))",
                              fix: "install PipeWire or PulseAudio (or ALSA's libasound2), or play with --mute")
        }
        if devices.isEmpty { return DoctorLine("sound", "\(driver), its default device (it names none)") }
        let shown = devices.prefix(3).joined(separator: ", ") + (devices.count > 3 ? ", …" : "")
        return DoctorLine("sound", "\(driver), \(devices.count) device\(devices.count == 1 ? "" : "s"): \(shown)")
    }

    /// yt-dlp's age past which sites have likely changed under it.
    public static let ytdlpStaleDays = 90

    /// yt-dlp's version and its age, from the date its version is (`2025.09.26`, or
    /// `2025.09.26.232517` for a nightly); nil `version`: not found.
    public static func ytdlp(version: String?, today: Date) -> DoctorLine {
        guard let version else {
            return DoctorLine("yt-dlp", "not found on PATH: pages of video sites will not play",
                              fix: "pipx install yt-dlp (or pip install yt-dlp), or --ytdl-path PROGRAM")
        }
        let parts = version.split(separator: ".").prefix(3).compactMap { Int($0) }
        var components = DateComponents()
        if parts.count == 3 {
            components.year = parts[0]
            components.month = parts[1]
            components.day = parts[2]
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        guard parts.count == 3, let released = calendar.date(from: components) else {
            return DoctorLine("yt-dlp", "\(version) (not a dated version: its age is unknown)")
        }
        let days = max(0, calendar.dateComponents([.day], from: released, to: today).day ?? 0)
        return DoctorLine("yt-dlp", "\(version), \(days) day\(days == 1 ? "" : "s") old", fix: days <= ytdlpStaleDays ? nil
            : "sites change often: yt-dlp -U, or pip install -U yt-dlp, or your package manager's update")
    }

    /// Whether the MPRIS service could take a name on the session bus; `failure` says why not.
    public static func mpris(failure: String?) -> DoctorLine {
        guard let failure else { return DoctorLine("MPRIS", "the session bus answers: media keys and desktop widgets can steer Inset") }
        return DoctorLine("MPRIS", "no session bus (\(failure))",
                          fix: "only a desktop session has one (not SSH or a console); there, check DBUS_SESSION_BUS_ADDRESS")
    }

    /// The config file read by default (nil: no HOME nor XDG_CONFIG_HOME), whether it is
    /// there, and its problems (line 0: the file itself).
    public static func config(path: String?, exists: Bool, problems: [(line: Int, message: String)], home: String?) -> DoctorLine {
        guard let path else {
            return DoctorLine("config", "none: neither HOME nor XDG_CONFIG_HOME is set", fix: "set HOME to read ~/.config/inset/config")
        }
        let shown = DoctorReport.homeShortened(path, home: home)
        guard exists else { return DoctorLine("config", "\(shown): none (every setting at its default)") }
        guard !problems.isEmpty else { return DoctorLine("config", "\(shown): read, no errors") }
        let details = problems.map { $0.line > 0 ? "line \($0.line): \($0.message)" : $0.message }
        return DoctorLine("config", "\(shown): \(problems.count) error\(problems.count == 1 ? "" : "s") (those lines are skipped)",
                          fix: "correct the lines named (docs/config.md)", details: details)
    }

    /// The scripts the player loads from the config folder, by name only, and what it skips there.
    public static func scripts(paths: [String], skipped: Int) -> DoctorLine {
        let names = paths.map { path -> String in
            let parts = path.split(separator: "/")
            // A folder's script is its main.lua: the folder names it.
            return parts.last == "main.lua" && parts.count > 1 ? String(parts[parts.count - 2]) : String(parts.last ?? "")
        }
        let skippedText = skipped > 0 ? "; \(skipped) file\(skipped == 1 ? "" : "s") not loaded (Lua only)" : ""
        let finding = names.isEmpty ? "none in the config folder's scripts/" : "\(names.count): " + names.joined(separator: ", ")
        return DoctorLine("scripts", finding + skippedText)
    }

    /// The libraries' versions, as they report themselves at run time.
    public static func libraries(_ versions: [(name: String, version: String)]) -> [DoctorLine] {
        versions.enumerated().map { index, library in
            DoctorLine(index == 0 ? "libraries" : "", "\(library.name) \(library.version)")
        }
    }
}
