import Foundation
import InsetCore

/// Reads yt-dlp's `-J` JSON into a `SiteResolution`: of the fields mpv's ytdl hook reads,
/// the ones the player uses (title, formats and the chosen ones, `http_headers`, subtitles,
/// chapters, playlists); how long a video is and whether it is live, the container says.
public enum SiteJSON {
    public enum Failure: Error, Equatable, CustomStringConvertible {
        case notJSON
        case nothingToPlay
        public var description: String {
            switch self {
            case .notJSON: return "yt-dlp's answer is not the JSON it should be"
            case .nothingToPlay: return "yt-dlp found nothing the player can open on this page (only http and https URLs are)"
            }
        }
    }

    /// What reading left out of yt-dlp's answer, said in one line by the player: entries
    /// that name no web page, and whatever passed the bounds below.
    public struct Dropped: Sendable, Equatable {
        /// Entries naming a local path, a `file:` URL or another scheme: never opened.
        public var entriesNotWeb = 0
        /// The first of them, as an example for the line.
        public var firstNotWeb: String?
        public var entriesBeyondLimit = 0
        public var formatsBeyondLimit = 0
        public var subtitlesBeyondLimit = 0
        public var chaptersBeyondLimit = 0
        /// What the answer has kept so far, over all its videos (a list's too).
        var formatsKept = 0, subtitlesKept = 0, chaptersKept = 0

        public init() {}

        /// One line, or nil when nothing was dropped.
        public var line: String? {
            var parts: [String] = []
            if entriesNotWeb > 0 {
                parts.append("\(entriesNotWeb) list entries that are not http(s) or ytdl:// (\(PrintableText.escaped(String((firstNotWeb ?? "").prefix(80)))))")
            }
            if entriesBeyondLimit > 0 { parts.append("\(entriesBeyondLimit) list entries past the first \(SiteJSON.maximumEntries)") }
            if formatsBeyondLimit > 0 { parts.append("\(formatsBeyondLimit) formats past \(SiteJSON.maximumFormats) a video or \(SiteJSON.maximumInAll) in all") }
            if subtitlesBeyondLimit > 0 { parts.append("\(subtitlesBeyondLimit) subtitles past \(SiteJSON.maximumSubtitles) a video or \(SiteJSON.maximumInAll) in all") }
            if chaptersBeyondLimit > 0 { parts.append("\(chaptersBeyondLimit) chapters past \(SiteJSON.maximumChapters) a video or \(SiteJSON.maximumInAll) in all") }
            return parts.isEmpty ? nil : "yt-dlp's answer: dropped " + parts.joined(separator: ", ")
        }
    }

    /// What is kept of an answer while it plays (mpv keeps what it plays): a list of
    /// 500,000 entries within the 64 MiB bound on the answer took 1.8 GB kept whole, and
    /// 300,000 formats 1.05 GB. No real page comes near these: a channel's list is some
    /// thousands, a video's formats some tens, its subtitles a few hundred languages.
    public static let maximumEntries = 10_000
    public static let maximumFormats = 1_000
    public static let maximumSubtitles = 1_000
    public static let maximumChapters = 10_000
    /// Of each (formats, subtitles, chapters) over the whole answer: a list of 300 videos
    /// of 1,000 formats each would be the 300,000 formats again.
    public static let maximumInAll = 20_000

    public static func read(_ data: Data) throws -> SiteResolution {
        var dropped = Dropped()
        return try read(data, dropped: &dropped)
    }

    /// Reads the answer, counting in `dropped` what it left out.
    public static func read(_ data: Data, dropped: inout Dropped) throws -> SiteResolution {
        let parsed = try? JSONSerialization.jsonObject(with: data)
        guard let root = parsed as? [String: Any] else { throw Failure.notJSON }
        return try resolution(root, &dropped)
    }

    static func resolution(_ root: [String: Any], _ dropped: inout Dropped) throws -> SiteResolution {
        let type = root["_type"] as? String
        if type == "playlist" || type == "multi_video" {
            let all = root["entries"] as? [Any] ?? []
            var entries: [SiteResolution.Entry] = []
            for case let object as [String: Any] in all {
                guard let made = entry(object, &dropped) else { continue }
                guard entries.count < maximumEntries else { dropped.entriesBeyondLimit += 1; continue }
                entries.append(made)
            }
            guard !entries.isEmpty else { throw Failure.nothingToPlay }
            return .list(title: text(root["title"]) ?? "playlist", entries: entries)
        }
        if type == "url" || type == "url_transparent" {
            // A page that only names another (a redirect of yt-dlp's): held to the same
            // rule as a list's entries.
            guard case .page(let url, _)? = entry(root, &dropped) else { throw Failure.nothingToPlay }
            return .list(title: text(root["title"]) ?? url, entries: [.page(url: url, title: text(root["title"]))])
        }
        guard let video = video(root, &dropped) else { throw Failure.nothingToPlay }
        return .video(video)
    }

    /// An entry as the player may open it; nil when it names nothing (dropped silently) or
    /// names what is not a web page (counted in `dropped`): a feed's enclosure of
    /// `/dev/tty`, a FIFO or `file:///…` would be opened as a local file.
    static func entry(_ object: [String: Any], _ dropped: inout Dropped) -> SiteResolution.Entry? {
        let type = object["_type"] as? String
        if type == "url" || type == "url_transparent" {
            guard let url = text(object["url"]) else { return nil }
            // A flat search result names a video id; its page is the URL to resolve.
            let candidates = [url, text(object["webpage_url"])].compactMap { $0 }
            guard let page = candidates.first(where: isPage) else {
                dropped.entriesNotWeb += 1
                dropped.firstNotWeb = dropped.firstNotWeb ?? url
                return nil
            }
            return .page(url: page, title: text(object["title"]))
        }
        return video(object, &dropped).map { .video($0) }
    }

    /// Whether a list may name `url` as a page to play: http(s), or `ytdl://` (yt-dlp's
    /// to resolve again), as formats are held to http(s) (`SiteAddress.isSafeMediaURL`).
    static func isPage(_ url: String) -> Bool {
        SiteAddress.isSafeMediaURL(url) || url.lowercased().hasPrefix(SiteAddress.prefix) && url.count > SiteAddress.prefix.count
    }

    static func video(_ object: [String: Any], _ dropped: inout Dropped) -> SiteVideo? {
        let common = headers(object["http_headers"])
        let all = object["formats"] as? [Any] ?? []
        var formats: [SiteFormat] = []
        for case let entry as [String: Any] in all {
            guard formats.count < maximumFormats, dropped.formatsKept < maximumInAll else { dropped.formatsBeyondLimit += 1; continue }
            if let made = format(entry, common) { formats.append(made); dropped.formatsKept += 1 }
        }
        var chosen = (object["requested_formats"] as? [Any] ?? []).prefix(8).compactMap { $0 as? [String: Any] }.compactMap { format($0, common) }
        if chosen.isEmpty, let one = format(object, common) { chosen = [one] }
        guard !formats.isEmpty || !chosen.isEmpty else { return nil }
        return SiteVideo(
            title: text(object["title"]) ?? text(object["id"]) ?? "video",
            formats: formats.isEmpty ? chosen : formats,
            chosen: chosen,
            subtitles: subtitles(object, &dropped),
            chapters: chapters(object["chapters"], duration: seconds(object["duration"]), &dropped))
    }

    static func format(_ object: [String: Any], _ common: [String: String]) -> SiteFormat? {
        guard let url = text(object["url"]) else { return nil }
        let width = dimension(object["width"]), height = dimension(object["height"])
        // A height alone (an HLS variant) stands for a 16:9 picture of it.
        let size = width.flatMap { w in height.map { PixelSize(width: w, height: $0) } }
            ?? height.map { PixelSize(width: $0 * 16 / 9, height: $0) }
        let own = headers(object["http_headers"])
        return SiteFormat(
            id: text(object["format_id"]) ?? "",
            url: url,
            transport: text(object["protocol"]) ?? URLScheme.of(url) ?? "",
            size: size,
            hasVideo: codec(object["vcodec"]),
            hasAudio: codec(object["acodec"]),
            bitrate: rate(object["tbr"]),
            audioBitrate: rate(object["abr"]),
            headers: own.isEmpty ? common : own,
            isFragmented: (object["fragments"] as? [Any])?.isEmpty == false)
    }

    /// `"none"` says there is none; a codec's name that there is one; absent or null that
    /// the page did not say.
    static func codec(_ value: Any?) -> Bool? {
        guard let name = value as? String else { return nil }
        return name != "none"
    }

    /// The subtitles yt-dlp picked (`requested_subtitles`, with `--sub-lang`), else every
    /// language offered, each in the first format FFmpeg reads (vtt, srt, ass…).
    static func subtitles(_ object: [String: Any], _ dropped: inout Dropped) -> [SiteSubtitle] {
        let readable = ["vtt", "srt", "ass", "ssa", "ttml"]
        var found: [SiteSubtitle] = []
        func add(_ language: String, _ track: [String: Any]) {
            guard let url = text(track["url"]), SiteAddress.isSafeMediaURL(url) else { return }
            guard found.count < maximumSubtitles, dropped.subtitlesKept < maximumInAll else { dropped.subtitlesBeyondLimit += 1; return }
            dropped.subtitlesKept += 1
            found.append(SiteSubtitle(language: language, ext: text(track["ext"]) ?? "vtt", url: url, name: text(track["name"]),
                                      headers: headers(track["http_headers"])))
        }
        if let requested = object["requested_subtitles"] as? [String: Any] {
            for (language, value) in requested.sorted(by: { $0.key < $1.key }) {
                if let track = value as? [String: Any] { add(language, track) }
            }
            if !found.isEmpty { return found }
        }
        for key in ["subtitles", "automatic_captions"] where found.isEmpty {
            guard let all = object[key] as? [String: Any] else { continue }
            for (language, value) in all.sorted(by: { $0.key < $1.key }) {
                let tracks = (value as? [Any] ?? []).compactMap { $0 as? [String: Any] }
                if let best = readable.lazy.compactMap({ ext in tracks.first { text($0["ext"]) == ext } }).first { add(language, best) }
            }
        }
        return found
    }

    /// A chapter without an end ends where the next starts, the last at the duration.
    static func chapters(_ value: Any?, duration: Double?, _ dropped: inout Dropped) -> [Chapter] {
        var marks: [(Double, Double?, String?)] = []
        for case let chapter as [String: Any] in value as? [Any] ?? [] {
            guard let start = seconds(chapter["start_time"]) else { continue }
            guard marks.count < maximumChapters, dropped.chaptersKept < maximumInAll else { dropped.chaptersBeyondLimit += 1; continue }
            dropped.chaptersKept += 1
            marks.append((start, seconds(chapter["end_time"]), text(chapter["title"])))
        }
        marks.sort { $0.0 < $1.0 }
        return marks.enumerated().map { index, mark in
            let end = mark.1 ?? (index + 1 < marks.count ? marks[index + 1].0 : duration ?? mark.0)
            return Chapter(start: .seconds(mark.0), end: .seconds(max(end, mark.0)), title: mark.2)
        }
    }
}
