/// One of mpv's watch_later files (`--save-position-on-quit`), as mpv 0.35 names, writes and
/// reads it (player/configfiles.c), so a file mpv wrote resumes in Inset and the reverse,
/// and the launchers that read the folder themselves (lobster: `grep -A1 URL | sed -n
/// 's/start=//p'`) find the position. Pure: the app's `WatchLaterStore` owns the folder.
///
/// The file is named by the MD5 of the path in upper-case hex: a URL as given, a local
/// path joined to the working directory as given (not resolved: `./a.mp4` and `a.mp4` are
/// two files, as in mpv). Its text is mpv's config syntax: `# PATH` first when
/// `--write-filename-in-watch-later-config` asks for it, then `start=SECONDS` with six
/// decimals (C's `%f`), then the options that differ from their defaults.
public struct WatchLaterEntry: Equatable, Sendable {
    /// Where the file was left; nil when it could not be known (live input, as mpv's "Not
    /// seekable, or time unknown - not saving position").
    public var start: MediaTime?
    /// `audio-delay`, written only when not 0 (mpv writes an option only when it changed).
    public var audioDelay: MediaTime?

    public init(start: MediaTime?, audioDelay: MediaTime? = nil) {
        self.start = start; self.audioDelay = audioDelay
    }

    /// The path mpv hashes for `path` played from `currentDirectory`: a URL as given, an
    /// absolute path as given, a relative one after the directory and a slash.
    public static func hashedPath(for path: String, currentDirectory: String) -> String {
        if URLScheme.of(path) != nil || path.hasPrefix("/") { return path }
        return currentDirectory.hasSuffix("/") ? currentDirectory + path : currentDirectory + "/" + path
    }

    /// The file's name in the watch_later folder: 32 upper-case hex digits.
    public static func fileName(for path: String, currentDirectory: String) -> String {
        MD5.upperHex(Array(hashedPath(for: path, currentDirectory: currentDirectory).utf8))
    }

    /// The file's text. `path` is the name as given (mpv writes the playlist entry's
    /// filename, not the hashed path), its control bytes as `_` and cut at 1023 bytes, as
    /// mpv's `write_filename` does, so it stays one line.
    public func text(path: String?) -> String {
        var lines: [String] = []
        if let path {
            let bytes = path.utf8.prefix(1023).map { $0 < 32 ? UInt8(ascii: "_") : $0 }
            lines.append("# " + String(decoding: bytes, as: UTF8.self))
        }
        if let start { lines.append("start=" + Self.decimal(start)) }
        if let audioDelay, audioDelay != .zero { lines.append("audio-delay=" + Self.decimal(audioDelay)) }
        return lines.map { $0 + "\n" }.joined()
    }

    /// Reads a file's text: `start` and `audio-delay` (mpv's other lines, `volume=…`,
    /// `pause=…`, are options Inset keeps as it is); nil when neither is there or either
    /// does not read as a number in range.
    public static func parse(_ text: String) -> WatchLaterEntry? {
        var entry = WatchLaterEntry(start: nil)
        for line in text.split(whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            guard let equals = trimmed.firstIndex(of: "=") else { continue }
            let name = trimmed[..<equals], value = String(trimmed[trimmed.index(after: equals)...])
            switch name {
            case "start":
                guard let seconds = Double(value), seconds.isFinite, seconds >= 0, seconds < MediaTime.longest.seconds
                else { return nil }
                entry.start = MediaTime(seconds: seconds)
            case "audio-delay":
                guard let seconds = Double(value), seconds.isFinite, abs(seconds) <= AudioDelay.limit.seconds else { return nil }
                entry.audioDelay = MediaTime(seconds: seconds)
            default: continue
            }
        }
        return entry.start == nil && entry.audioDelay == nil ? nil : entry
    }

    /// Seconds with six decimals, as C's `%f` writes a double (mpv's `start=%f`).
    static func decimal(_ time: MediaTime) -> String {
        let magnitude = time.microseconds.magnitude
        let fraction = String(magnitude % 1_000_000)
        return (time.microseconds < 0 ? "-" : "") + "\(magnitude / 1_000_000)."
            + String(repeating: "0", count: 6 - fraction.count) + fraction
    }
}
