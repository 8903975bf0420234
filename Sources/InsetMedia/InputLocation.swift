import Foundation
import InsetCore

/// Where a path given by the user is read from, and what libavformat may open for it.
///
/// libavformat takes any string as a URL, so a local name is never handed to it as it is:
/// a file called `http:127.0.0.1:8765` would make a request, `pipe:0.mp4` would read
/// standard input, `concat:a|b` and `subfile,,…` are protocols. A local path goes as
/// `file:` and its absolute path, which the file protocol opens byte for byte. And each
/// open carries a protocol whitelist, which libavformat also applies to everything the
/// demuxer opens on its own (playlists, segments, keys): local files may name only local
/// files, a stream over the network only the web (an HLS playlist over HTTP must not read
/// `file:` URLs), and what standard input names nothing at all.
///
/// A URL is opened only when it is http or https, unless the user named it on the command
/// line (`NamedInputs`): FFmpeg here is linked with libssh, so an `sftp://` entry in a
/// playlist made the player connect to any host and offer the user's name and public keys
/// with no host-key check; `tcp://…?listen=1` made it a server. Another scheme the user
/// names (rtmp, srt, udp…) gets its own protocols on the whitelist, and only that input.
public struct InputLocation: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        /// `-`: read through our own reader; it names no protocol.
        case standardInput
        /// A file on this machine, by its absolute path (`FileNameBytes`' encoding).
        case local(absolutePath: String)
        /// `scheme://…`, as given.
        case network

        /// What the log calls it (the path itself is logged beside it).
        public var logName: String {
            switch self {
            case .standardInput: "standard input"
            case .local: "local file"
            case .network: "network"
            }
        }
    }

    public let kind: Kind
    /// The string libavformat is given (without a NUL).
    public let url: [UInt8]
    /// The protocols libavformat may use for it and for whatever it names.
    public let whitelist: String
    /// A URL whose scheme may not be opened (not http or https, and not named by the user);
    /// nil for everything that may.
    public private(set) var refusedScheme: String?

    /// Protocols a local input may use: the file itself, files it names, AES-128 segments,
    /// and `data:` URIs inside playlists.
    public static let localWhitelist = "file,crypto,data"
    /// Protocols a URL and what it names may use: the web (tcp and tls only under http and
    /// https, as the schemes a URL may have are those two: `webSchemes`), encrypted segments,
    /// `data:` URIs, the HLS protocol and a proxy. Not `file`, `pipe`, `concat`, `subfile` or
    /// the other local and composing ones, nor any protocol that logs in somewhere or listens.
    public static let networkWhitelist = "http,https,tls,tcp,httpproxy,crypto,data,hls"
    /// The schemes a URL may have when the user did not name it on the command line.
    public static let webSchemes: Set<String> = ["http", "https"]
    /// The protocols another scheme needs besides `networkWhitelist`'s, when the user names
    /// a URL of it; any other scheme needs itself alone.
    static let protocolsOfScheme: [String: [String]] = [
        "rtsp": ["rtsp", "rtp", "udp"], "rtsps": ["rtsps", "rtp", "udp"], "rtp": ["rtp", "udp"], "srtp": ["srtp", "rtp", "udp"],
        "rtmpe": ["rtmpe", "ffrtmpcrypt"], "rtmpte": ["rtmpte", "ffrtmpcrypt", "ffrtmphttp"], "rtmpt": ["rtmpt", "ffrtmphttp"],
        "rtmpts": ["rtmpts", "ffrtmphttp"],
    ]
    /// No protocol: `avformat_open_input` is given our reader, and nothing read through it
    /// may open anything (a DASH manifest piped in would fetch what it names).
    public static let noProtocols = "none"

    public init(_ path: String) {
        if path == "-" {
            kind = .standardInput
            url = Array("pipe:0".utf8)
            whitelist = InputLocation.noProtocols
        } else if let scheme = InputLocation.scheme(of: path), scheme != "file" {
            kind = .network
            url = Array(path.utf8)
            if InputLocation.webSchemes.contains(scheme) {
                whitelist = InputLocation.networkWhitelist
            } else {
                let extra = InputLocation.protocolsOfScheme[scheme] ?? [scheme]
                whitelist = InputLocation.networkWhitelist + "," + extra.joined(separator: ",")
                if !NamedInputs.contains(path) { refusedScheme = scheme }
            }
        } else {
            var local = path
            if InputLocation.scheme(of: path) == "file" {
                // file:///a/b is the local /a/b; anything after the scheme that is not an
                // absolute path stays a (relative) name.
                local = String(path.dropFirst("file://".count))
                if local.isEmpty { local = "/" }
            }
            let absolute = InputLocation.absolute(local)
            kind = .local(absolutePath: absolute)
            url = Array("file:".utf8) + FileNameBytes.systemBytes(absolute)
            whitelist = InputLocation.localWhitelist
        }
    }

    /// Whether `path` is a URL: `scheme://` at its start. Anything else (`http:host`,
    /// `pipe:0.mp4`, `concat:a|b`) is a file name.
    public static func isURL(_ path: String) -> Bool { scheme(of: path).map { $0 != "file" } ?? false }

    /// The lower-cased scheme of `scheme://…`, or nil.
    static func scheme(of path: String) -> String? { URLScheme.of(path) }

    /// `path` made absolute against the working directory, kept byte for byte.
    static func absolute(_ path: String) -> String {
        if path.hasPrefix("/") { return path }
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return path }
        let directory = buffer.withUnsafeBufferPointer { FileNameBytes.decode(cString: $0.baseAddress!) }
        let relative = path.hasPrefix("./") ? String(path.dropFirst(2)) : path
        return directory == "/" ? "/" + relative : directory + "/" + relative
    }

    /// The URL with a terminating NUL, for libavformat.
    public var cString: [CChar] { url.map { CChar(bitPattern: $0) } + [0] }

    /// The local path with a terminating NUL, for `open` and `stat`; nil when not local.
    public var localCString: [CChar]? {
        guard case .local(let path) = kind else { return nil }
        return FileNameBytes.cString(path)
    }
}


/// The inputs the user named on the command line, exactly as given: only these may be URLs
/// of schemes other than http and https (`InputLocation`). Filled once by the command line
/// before anything is opened; any thread may ask.
public enum NamedInputs {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var named: Set<String> = []

    public static func add(_ paths: [String]) { lock.withLock { named.formUnion(paths) } }
    public static func contains(_ path: String) -> Bool { lock.withLock { named.contains(path) } }
}

/// The HTTP headers a URL must be fetched with (User-Agent, Referer, Cookie), as a page's
/// resolver (yt-dlp) said them, and the user's own for every request. A page's headers go
/// with the URL they were given for and, through the open guard (`cffmpeg_open_guard`),
/// with the playlists and segments it names on the same host only; its cookies go as the
/// http protocol's domain-scoped `cookies`, so a redirect to another host drops them as
/// yt-dlp's own downloader does (issue 42, item 8). The user's (`--http-header-fields`,
/// `--user-agent`, `--referrer`) go with every http(s) request, as mpv sends them. Set before
/// the URL is opened; any thread may ask.
public enum InputHeaders {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var byURL: [String: [String: String]] = [:]
    nonisolated(unsafe) private static var common: [String: String] = [:]

    /// Headers every http(s) request sends (`--user-agent`, `--referrer`,
    /// `--http-header-fields`), under those a page's resolver gives for its own URLs.
    public static func setCommon(_ headers: [String: String]) { lock.withLock { common = headers } }

    public static func set(_ headers: [String: String], for url: String) {
        lock.withLock { byURL[url] = headers.isEmpty ? nil : headers }
    }

    /// `headers` given for `owner`, for a request to `url`: all of them on `owner`'s host,
    /// else without the credentials (Cookie, Authorization), which were the host's.
    public static func borrowed(_ headers: [String: String], from owner: String, to url: String) -> [String: String] {
        let host = { (url: String) in URLComponents(string: url)?.host?.lowercased() }
        guard host(owner) != host(url) || host(url) == nil else { return headers }
        return headers.filter { !["cookie", "authorization"].contains($0.key.lowercased()) }
    }

    /// Every header `url` itself is fetched with: the user's, and over them the page's.
    public static func headers(for url: String) -> [String: String] {
        lock.withLock { (isWeb(url) ? common : [:]).merging(byURL[url] ?? [:]) { _, own in own } }
    }

    /// The headers `url` itself is fetched with, as the http protocol's `headers` option
    /// takes them: `Name: value\r\n` each, in name order; nil for none. The page's Cookie is
    /// not among them (`cookieOption`). A pair with a line break is never sent (it would add
    /// headers of the page's choosing).
    public static func httpOption(for url: String) -> String? {
        let (page, user) = lock.withLock { (byURL[url] ?? [:], isWeb(url) ? common : [:]) }
        return option(user.merging(page.filter { !isCookie($0.key) }) { _, own in own })
    }

    /// The user's headers alone, for what `url` names on another host; nil for none.
    public static func commonOption(for url: String) -> String? {
        option(lock.withLock { isWeb(url) ? common : [:] })
    }

    /// The host a page's headers for `url` were given for, nil when it has none of its own.
    public static func pageHost(for url: String) -> String? {
        guard lock.withLock({ byURL[url] != nil }) else { return nil }
        return URLComponents(string: url)?.host
    }

    /// The page's Cookie header for `url` as the http protocol's `cookies` option: one
    /// Set-Cookie line a cookie, with `domain=` the URL's host and `path=/`; nil for none.
    /// http.c compares the domain with the end of the request's "host[:port]" as the URL
    /// wrote it, so a URL's own port is part of the domain (else no request matched it).
    public static func cookieOption(for url: String) -> String? {
        guard let parts = URLComponents(string: url), let name = parts.host, !name.isEmpty,
              case let host = parts.port.map { "\(name):\($0)" } ?? name,
              let cookie = lock.withLock({ byURL[url]?.first { isCookie($0.key) }?.value }),
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
