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
/// files, a stream over the network only the network (an HLS playlist over HTTP must not
/// read `file:` URLs), and what standard input names nothing at all.
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

    /// Protocols a local input may use: the file itself, files it names, AES-128 segments,
    /// and `data:` URIs inside playlists.
    public static let localWhitelist = "file,crypto,data"
    /// Protocols a network input may use: the web and the streaming protocols FFmpeg reads,
    /// but not `file`, `pipe`, `concat`, `subfile` or the other local and composing ones.
    public static let networkWhitelist =
        "http,https,tls,tcp,udp,rtp,srtp,rtsp,rtsps,rtmp,rtmps,rtmpt,rtmpe,rtmpte,rtmpts,srt,mmsh,mmst,ftp,sftp,hls,httpproxy,crypto,data"
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
            whitelist = InputLocation.networkWhitelist
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

