import Foundation

/// What may be opened, and with which HTTP headers: a value the app builds once from the
/// command line and the config (`AppOptions.allowance`) and hands to whatever opens an input
/// (`MediaSource`, `SubtitleFile.load`, `FrameGrab`, the thumbnails), instead of globals any
/// code could write.
///
/// - `named`: the inputs the user named (the command line; a `loadfile` from the user's own
///   script or socket), exactly as given. Only these may be URLs of schemes other than http
///   and https (`InputLocation`): FFmpeg here is linked with libssh, so an `sftp://` entry in
///   a playlist made the player connect to any host and offer the user's keys.
/// - `commonHeaders`: the user's own headers (`--http-header-fields`, `--user-agent`,
///   `--referrer`), sent with every http(s) request, as mpv sends them.
/// - `pageHeaders`: the headers a page's resolver (yt-dlp) gave for the URLs it chose
///   (User-Agent, Referer, Cookie). They go with the URL they were given for and, through the
///   open guard (`cffmpeg_open_guard`), with the playlists and segments it names on the same
///   host only; the Cookie goes as the http protocol's domain-scoped `cookies`, so a redirect
///   to another host drops it as yt-dlp's own downloader does (issue 42, item 8).
///
/// The value only narrows as it goes down: a playlist, a page or a stream can add headers for
/// the URLs its resolver chose (`withPageHeaders`), never a name (`naming` is the user's).
public struct InputAllowance: Sendable, Equatable {
    public private(set) var named: Set<String> = []
    public private(set) var commonHeaders: [String: String] = [:]
    public private(set) var pageHeaders: [String: [String: String]] = [:]

    /// Nothing named, no headers: http and https only, as for anything the user did not name.
    public static let webOnly = InputAllowance()

    public init(named: [String] = [], commonHeaders: [String: String] = [:]) {
        self.named = Set(named)
        self.commonHeaders = commonHeaders
    }

    /// The same, with `paths` named by the user (the command line, a `loadfile` of theirs).
    public func naming(_ paths: [String]) -> InputAllowance {
        var wider = self
        wider.named.formUnion(paths)
        return wider
    }

    /// The same, with the user's own headers for every http(s) request (`--user-agent`…).
    public func withCommonHeaders(_ headers: [String: String]) -> InputAllowance {
        var more = self
        more.commonHeaders = headers
        return more
    }

    /// The same, with a page's `headers` for `url` (none: the URL's own are dropped).
    public func withPageHeaders(_ headers: [String: String], for url: String) -> InputAllowance {
        var more = self
        more.pageHeaders[url] = headers.isEmpty ? nil : headers
        return more
    }

    /// Whether the user named `path` (so it may be a URL of any scheme).
    public func isNamed(_ path: String) -> Bool { named.contains(path) }

    /// `headers` given for `owner`, for a request to `url`: all of them on `owner`'s host,
    /// else without the credentials (Cookie, Authorization), which were the host's.
    public static func borrowed(_ headers: [String: String], from owner: String, to url: String) -> [String: String] {
        let host = { (url: String) in URLComponents(string: url)?.host?.lowercased() }
        guard host(owner) != host(url) || host(url) == nil else { return headers }
        return headers.filter { !["cookie", "authorization"].contains($0.key.lowercased()) }
    }

    /// Every header `url` itself is fetched with: the user's, and over them the page's.
    public func headers(for url: String) -> [String: String] {
        (Self.isWeb(url) ? commonHeaders : [:]).merging(pageHeaders[url] ?? [:]) { _, own in own }
    }

    /// The headers `url` itself is fetched with, as the http protocol's `headers` option
    /// takes them: `Name: value\r\n` each, in name order; nil for none. The page's Cookie is
    /// not among them (`cookieOption`). A pair with a line break is never sent (it would add
    /// headers of the page's choosing).
    public func httpOption(for url: String) -> String? {
        let user = Self.isWeb(url) ? commonHeaders : [:]
        return Self.option(user.merging((pageHeaders[url] ?? [:]).filter { !Self.isCookie($0.key) }) { _, own in own })
    }

    /// The user's headers alone, for what `url` names on another host; nil for none.
    public func commonOption(for url: String) -> String? {
        Self.option(Self.isWeb(url) ? commonHeaders : [:])
    }

    /// The host a page's headers for `url` were given for, nil when it has none of its own.
    public func pageHost(for url: String) -> String? {
        guard pageHeaders[url] != nil else { return nil }
        return URLComponents(string: url)?.host
    }

    /// The page's Cookie header for `url` as the http protocol's `cookies` option: one
    /// Set-Cookie line a cookie, with `domain=` the URL's host and `path=/`; nil for none.
    /// http.c compares the domain with the end of the request's "host[:port]" as the URL
    /// wrote it, so a URL's own port is part of the domain (else no request matched it).
    public func cookieOption(for url: String) -> String? {
        guard let parts = URLComponents(string: url), let name = parts.host, !name.isEmpty,
              case let host = parts.port.map({ "\(name):\($0)" }) ?? name,
              let cookie = pageHeaders[url]?.first(where: { Self.isCookie($0.key) })?.value,
              !cookie.contains(where: \.isNewline), !host.contains(where: { $0 == ";" || $0.isNewline }) else { return nil }
        let lines = cookie.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { $0.contains("=") && !$0.hasPrefix("=") }
            .map { "\($0); domain=\(host); path=/\n" }
        return lines.isEmpty ? nil : lines.joined()
    }

    private static func isWeb(_ url: String) -> Bool {
        url.lowercased().hasPrefix("http://") || url.lowercased().hasPrefix("https://")
    }

    private static func isCookie(_ name: String) -> Bool { name.lowercased() == "cookie" }

    private static func option(_ headers: [String: String]) -> String? {
        let pairs = headers.filter { !($0.key + $0.value).contains(where: \.isNewline) && !$0.key.contains(":") }
        guard !pairs.isEmpty else { return nil }
        return pairs.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)\r\n" }.joined()
    }
}
