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

    public static func read(_ data: Data) throws -> SiteResolution {
        guard let object = try? JSONSerialization.jsonObject(with: data), let root = object as? [String: Any] else {
            throw Failure.notJSON
        }
        return try resolution(root)
    }

    static func resolution(_ root: [String: Any]) throws -> SiteResolution {
        let type = root["_type"] as? String
        if type == "playlist" || type == "multi_video" {
            let entries = (root["entries"] as? [Any] ?? []).compactMap { $0 as? [String: Any] }.compactMap(entry)
            guard !entries.isEmpty else { throw Failure.nothingToPlay }
            return .list(title: text(root["title"]) ?? "playlist", entries: entries)
        }
        if type == "url" || type == "url_transparent", let url = text(root["url"]) {
            return .list(title: text(root["title"]) ?? url, entries: [.page(url: url, title: text(root["title"]))])
        }
        guard let video = video(root) else { throw Failure.nothingToPlay }
        return .video(video)
    }

    static func entry(_ object: [String: Any]) -> SiteResolution.Entry? {
        let type = object["_type"] as? String
        if type == "url" || type == "url_transparent" {
            guard let url = text(object["url"]) else { return nil }
            // A flat search result names a video id; its page is the URL to resolve.
            let page = SiteAddress.isSafeMediaURL(url) ? url : (text(object["webpage_url"]) ?? url)
            return .page(url: page, title: text(object["title"]))
        }
        return video(object).map { .video($0) }
    }

    static func video(_ object: [String: Any]) -> SiteVideo? {
        let common = headers(object["http_headers"])
        let formats = (object["formats"] as? [Any] ?? []).compactMap { $0 as? [String: Any] }.compactMap { format($0, common) }
        var chosen = (object["requested_formats"] as? [Any] ?? []).compactMap { $0 as? [String: Any] }.compactMap { format($0, common) }
        if chosen.isEmpty, let one = format(object, common) { chosen = [one] }
        guard !formats.isEmpty || !chosen.isEmpty else { return nil }
        return SiteVideo(
            title: text(object["title"]) ?? text(object["id"]) ?? "video",
            formats: formats.isEmpty ? chosen : formats,
            chosen: chosen,
            subtitles: subtitles(object),
            chapters: chapters(object["chapters"], duration: number(object["duration"])))
    }

    static func format(_ object: [String: Any], _ common: [String: String]) -> SiteFormat? {
        guard let url = text(object["url"]) else { return nil }
        let width = number(object["width"]).map { Int($0) }, height = number(object["height"]).map { Int($0) }
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
            bitrate: number(object["tbr"]),
            audioBitrate: number(object["abr"]),
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
    static func subtitles(_ object: [String: Any]) -> [SiteSubtitle] {
        let readable = ["vtt", "srt", "ass", "ssa", "ttml"]
        var found: [SiteSubtitle] = []
        if let requested = object["requested_subtitles"] as? [String: Any] {
            for (language, value) in requested.sorted(by: { $0.key < $1.key }) {
                guard let track = value as? [String: Any], let url = text(track["url"]), SiteAddress.isSafeMediaURL(url) else { continue }
                found.append(SiteSubtitle(language: language, ext: text(track["ext"]) ?? "vtt", url: url, name: text(track["name"]),
                                          headers: headers(track["http_headers"])))
            }
            if !found.isEmpty { return found }
        }
        for key in ["subtitles", "automatic_captions"] where found.isEmpty {
            guard let all = object[key] as? [String: Any] else { continue }
            for (language, value) in all.sorted(by: { $0.key < $1.key }) {
                let tracks = (value as? [Any] ?? []).compactMap { $0 as? [String: Any] }
                let best = readable.lazy.compactMap { ext in tracks.first { text($0["ext"]) == ext } }.first
                guard let best, let url = text(best["url"]), SiteAddress.isSafeMediaURL(url) else { continue }
                found.append(SiteSubtitle(language: language, ext: text(best["ext"]) ?? "vtt", url: url, name: text(best["name"]),
                                          headers: headers(best["http_headers"])))
            }
        }
        return found
    }

    /// A chapter without an end ends where the next starts, the last at the duration.
    static func chapters(_ value: Any?, duration: Double?) -> [Chapter] {
        let marks = (value as? [Any] ?? []).compactMap { $0 as? [String: Any] }.compactMap { chapter -> (Double, Double?, String?)? in
            guard let start = number(chapter["start_time"]) else { return nil }
            return (start, number(chapter["end_time"]), text(chapter["title"]))
        }.sorted { $0.0 < $1.0 }
        return marks.enumerated().map { index, mark in
            let end = mark.1 ?? (index + 1 < marks.count ? marks[index + 1].0 : duration ?? mark.0)
            return Chapter(start: .seconds(mark.0), end: .seconds(max(end, mark.0)), title: mark.2)
        }
    }

    static func headers(_ value: Any?) -> [String: String] {
        guard let pairs = value as? [String: Any] else { return [:] }
        var headers: [String: String] = [:]
        // A header name or value with a line break would add headers of the page's choosing
        // to every request; such a pair is left out.
        for (name, value) in pairs {
            guard let value = value as? String, !name.isEmpty,
                  !(name + value).contains(where: \.isNewline) else { continue }
            headers[name] = value
        }
        return headers
    }

    static func text(_ value: Any?) -> String? {
        guard let string = value as? String, !string.isEmpty else { return nil }
        return string
    }

    /// A JSON number; nil for anything else, `true` and `false` included (which bridge to
    /// NSNumber, as 0 and 1 bridge to Bool, so the value's own type tells them apart).
    static func number(_ value: Any?) -> Double? {
        guard let value, type(of: value) != Bool.self else { return nil }
        if let number = value as? NSNumber { return number.doubleValue }
        return nil
    }
}
