/// A subtitle track the user can choose: a stream of the file or a file beside it.
public struct SubtitleTrack: Equatable, Sendable {
    /// The stream's index in its container; for an external file, its place among them
    /// (negative: -1, -2, …) so the two never collide in the cue store.
    public var id: Int
    /// ISO 639 code as tagged (`eng`, `en`, `fre`), or nil when untagged.
    public var language: String?
    /// libavcodec's codec name: subrip, ass, mov_text, webvtt, dvd_subtitle, hdmv_pgs_subtitle…
    public let codec: String
    public var title: String?
    /// The file it comes from, for a track beside the video (or `--sub`).
    public var file: String?
    /// The character set that file's text was converted from (an iconv name: CP1252,
    /// ISO-8859-1…), nil when it was UTF-8.
    public var charset: String?
    /// A file's ASS header (its styles), for libass; a stream's is in the cue store.
    public var styleHeader: String?

    public init(id: Int, language: String? = nil, codec: String, title: String? = nil, file: String? = nil,
                charset: String? = nil) {
        self.id = id; self.language = language; self.codec = codec; self.title = title; self.file = file
        self.charset = charset
        isBitmap = SubtitleTrack.bitmapCodecs.contains(codec)
    }

    /// Pictures rather than text: known once, as the loop asks on every turn.
    public let isBitmap: Bool
    private static let bitmapCodecs: Set = ["dvd_subtitle", "hdmv_pgs_subtitle", "dvb_subtitle", "xsub", "dvb_teletext"]

    /// What the user reads when choosing it: "English (srt)", "track 3 (pgs)".
    /// The name is chosen in steps with their types written: as one chain of four `??` over
    /// a closure it took the type checker 7.6 s (at a load of 26), a third of InsetCore's.
    public var label: String {
        let fileName: String? = file.map { path in String(path.split(separator: "/").last ?? Substring(path)) }
        let spoken: String? = language.flatMap(SubtitleLanguage.name(of:))
        let name: String = spoken ?? title ?? language ?? fileName ?? "track \(id)"
        return "\(name) (\(SubtitleTrack.shortCodecName(codec)))"
    }

    static func shortCodecName(_ codec: String) -> String {
        switch codec {
        case "subrip", "srt": return "srt"
        case "webvtt": return "vtt"
        case "dvd_subtitle": return "dvd"
        case "hdmv_pgs_subtitle": return "pgs"
        case "dvb_subtitle": return "dvb"
        default: return codec
        }
    }
}

/// The tracks of the video playing and which one shows (or none).
///
/// `cycle` goes through the tracks in order and then to none, as `c` does: track 1 →
/// track 2 → off → track 1.
public struct SubtitleSelection: Equatable, Sendable {
    public private(set) var tracks: [SubtitleTrack]
    /// The index into `tracks` of the track shown; nil: subtitles off.
    public private(set) var selected: Int?

    /// Selects the first track in `language` when one is asked for and there is one, else
    /// the first track; none when there are no tracks.
    public init(tracks: [SubtitleTrack], preferredLanguage: String? = nil) {
        self.tracks = tracks
        if let wanted = preferredLanguage,
           let match = tracks.firstIndex(where: { $0.language.map { SubtitleLanguage.same($0, wanted) } ?? false }) {
            selected = match
        } else {
            selected = tracks.isEmpty ? nil : 0
        }
    }

    public var current: SubtitleTrack? { selected.map { tracks[$0] } }

    /// The next track, or off after the last, or the first after off.
    public mutating func cycle() {
        guard !tracks.isEmpty else { selected = nil; return }
        switch selected {
        case nil: selected = 0
        case let index? where index + 1 < tracks.count: selected = index + 1
        default: selected = nil
        }
    }

    /// No track shows (`subtitles off`).
    public mutating func turnOff() { selected = nil }

    /// What the message says after a change: "subtitles: English (srt)", "subtitles off".
    public var message: String {
        if tracks.isEmpty { return "no subtitles" }
        return current.map { "subtitles: \($0.label)" } ?? "subtitles off"
    }
}

/// ISO 639 language codes: the two-letter (639-1) and both three-letter forms (639-2/B and
/// /T) of the languages subtitles most often come in, with their English names. A code
/// outside the table still matches itself.
public enum SubtitleLanguage {
    static let table: [(codes: [String], name: String)] = [
        (["en", "eng"], "English"), (["fr", "fre", "fra"], "French"), (["de", "ger", "deu"], "German"),
        (["es", "spa"], "Spanish"), (["it", "ita"], "Italian"), (["pt", "por"], "Portuguese"),
        (["nl", "dut", "nld"], "Dutch"), (["sv", "swe"], "Swedish"), (["da", "dan"], "Danish"),
        (["no", "nor", "nb", "nob"], "Norwegian"), (["fi", "fin"], "Finnish"), (["pl", "pol"], "Polish"),
        (["cs", "cze", "ces"], "Czech"), (["ru", "rus"], "Russian"), (["uk", "ukr"], "Ukrainian"),
        (["el", "gre", "ell"], "Greek"), (["tr", "tur"], "Turkish"), (["ar", "ara"], "Arabic"),
        (["he", "heb"], "Hebrew"), (["hi", "hin"], "Hindi"), (["ja", "jpn"], "Japanese"),
        (["ko", "kor"], "Korean"), (["zh", "chi", "zho"], "Chinese"), (["hu", "hun"], "Hungarian"),
        (["ro", "rum", "ron"], "Romanian"), (["vi", "vie"], "Vietnamese"), (["th", "tha"], "Thai"),
    ]

    /// The English name of a code, nil for a code outside the table (and `und`).
    public static func name(of code: String) -> String? {
        let lower = code.lowercased()
        return table.first { $0.codes.contains(lower) }?.name
    }

    /// Whether two codes name the same language (`en`, `eng`; `fre`, `fra`, `fr`).
    public static func same(_ a: String, _ b: String) -> Bool {
        let a = a.lowercased(), b = b.lowercased()
        if a == b { return true }
        guard let entry = table.first(where: { $0.codes.contains(a) }) else { return false }
        return entry.codes.contains(b)
    }

    /// Whether `code` looks like an ISO 639 code: two or three ASCII letters.
    public static func isCode(_ code: String) -> Bool {
        (2...3).contains(code.count) && code.allSatisfy { $0.isASCII && $0.isLetter }
    }
}

/// Which files beside a video are its subtitles, by name: for `movie.mp4`, `movie.srt`,
/// `movie.en.srt`, `movie.forced.vtt` and the like (what mpv and VLC pick up).
public enum SubtitleFileMatch {
    public static let extensions = ["srt", "vtt", "ass", "ssa"]

    /// Nil when `candidate` is not a subtitle file of `video` (both plain file names);
    /// else the language its name gives (nil when none: `movie.srt`).
    public struct Match: Equatable, Sendable {
        public var language: String?
    }

    public static func match(video: String, candidate: String) -> Match? {
        let base = stem(of: video)
        guard !base.isEmpty, candidate.count > base.count + 1, candidate.hasPrefix(base) else { return nil }
        let rest = candidate.dropFirst(base.count)
        guard rest.first == "." else { return nil }
        let parts = rest.dropFirst().split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard let ext = parts.last, extensions.contains(ext.lowercased()) else { return nil }
        return Match(language: language(inParts: parts.dropLast()))
    }

    /// The language a subtitle file's name gives (`movie.en.forced.srt`: en), from the
    /// parts between its first and last dot; nil when none does (`movie.srt`).
    public static func language(ofFileName name: String) -> String? {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        return parts.count > 2 ? language(inParts: parts.dropFirst().dropLast()) : nil
    }

    /// The first part that is an ISO 639 code, other than `und` (undetermined).
    static func language(inParts parts: some Sequence<String>) -> String? {
        parts.first { SubtitleLanguage.isCode($0) && $0.lowercased() != "und" }
    }

    /// Orders the matches: the plain name first, then by name.
    public static func sorted(_ names: [String], video: String) -> [String] {
        let base = stem(of: video)
        return names.filter { match(video: video, candidate: $0) != nil }.sorted { a, b in
            let plainA = a.split(separator: ".").count == base.split(separator: ".").count + 1
            let plainB = b.split(separator: ".").count == base.split(separator: ".").count + 1
            if plainA != plainB { return plainA }
            return a < b
        }
    }

    static func stem(of name: String) -> String {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        return String(name[..<dot])
    }
}
