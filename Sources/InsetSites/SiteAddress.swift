import Foundation
import InsetCore

/// Which inputs go to yt-dlp, and what yt-dlp is asked to resolve, as mpv's ytdl hook
/// decides it: `ytdl://URL` and `ytdl://ytsearchN:words` always, page URLs of the sites
/// the user listed (the config's `ytdl-sites`) first, and any other http(s) URL only after
/// FFmpeg found no media in it (`resolvesAfterFailure`).
public struct SiteAddress: Sendable, Equatable {
    /// What yt-dlp is given: the page URL, or a search such as `ytsearch5:cats`.
    public let query: String
    /// Asked for by name (`ytdl://`): resolved even with `--ytdl=no`'s automatic rules off.
    public let named: Bool

    /// The sites whose pages are resolved before FFmpeg is tried: their pages are never
    /// media, and opening one with FFmpeg first costs a round trip and a confusing line.
    public static let defaultSites = [
        "youtube.com", "youtu.be", "youtube-nocookie.com", "twitch.tv", "vimeo.com", "dailymotion.com",
        "soundcloud.com", "bandcamp.com", "peertube.tv", "odysee.com", "bilibili.com", "nicovideo.jp",
        "rumble.com", "streamable.com", "tiktok.com", "twitter.com", "x.com", "reddit.com", "archive.org",
    ]

    /// The prefix that hands anything to yt-dlp, as mpv spells it.
    public static let prefix = "ytdl://"

    /// The address yt-dlp resolves before FFmpeg is tried, or nil: `ytdl://…` (unless
    /// empty), or an http(s) URL whose host is one of `sites` or under one. `enabled` false
    /// (`--ytdl=no`) leaves only `ytdl://`, which the user asked for by name.
    public static func first(for path: String, sites: [String], enabled: Bool) -> SiteAddress? {
        if path.lowercased().hasPrefix(prefix) {
            let rest = String(path.dropFirst(prefix.count))
            return rest.isEmpty ? nil : SiteAddress(query: rest, named: true)
        }
        guard enabled, let host = webHost(of: path) else { return nil }
        let listed = sites.contains { site in
            let site = site.lowercased()
            return host == site || host.hasSuffix("." + site)
        }
        return listed ? SiteAddress(query: path, named: false) : nil
    }

    /// The address yt-dlp is tried on once FFmpeg could not open `path` as media (a page):
    /// any http(s) URL, when resolving is on.
    public static func afterFailure(for path: String, enabled: Bool) -> SiteAddress? {
        guard enabled, webHost(of: path) != nil else { return nil }
        return SiteAddress(query: path, named: false)
    }

    /// The lower-cased host of an http(s) URL; nil for anything else.
    static func webHost(of path: String) -> String? {
        guard let scheme = URLScheme.of(path), scheme == "http" || scheme == "https",
              let host = URLComponents(string: path)?.host, !host.isEmpty else { return nil }
        return host.lowercased()
    }

    /// Whether a URL the JSON names may be opened: http(s) only, as mpv's hook allows (a
    /// `file://` or `concat:` from a page would read the user's files).
    public static func isSafeMediaURL(_ url: String) -> Bool {
        guard let scheme = URLScheme.of(url) else { return false }
        return scheme == "http" || scheme == "https"
    }
}
