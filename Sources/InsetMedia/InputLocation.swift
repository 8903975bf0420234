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
/// line (`InputAllowance.named`): FFmpeg here is linked with libssh, so an `sftp://` entry in a
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

    /// `allowance`: what the user named (other schemes open only for those); the default
    /// names nothing, so whatever forgets to pass one opens http and https alone.
    public init(_ path: String, allowance: InputAllowance = .webOnly) {
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
                if !allowance.isNamed(path) { refusedScheme = scheme }
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
