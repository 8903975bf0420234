import CFFmpeg
import Foundation

/// Streams over the network: how they are opened, and why one could not be, in the words
/// a user can act on (the server's status, the network's reason) rather than "not a media
/// file", which is what the generic path would say of a page that answered 404.
extension MediaSource {
    /// libavformat's http options for a URL (`key=value` pairs joined by `:`): a connection
    /// that drops mid-file is opened again at the byte it stopped at, for a stream that
    /// cannot seek too, and after a failed connect; the retries wait 0 s then 1 s (each
    /// wait is 1 + twice the last) and stop past 2 s, so a stream cut for good ends within
    /// about a second. All are options of libavformat 59's http protocol (Debian 12).
    static let reconnectOptions = "reconnect=1:reconnect_streamed=1:reconnect_on_network_error=1:reconnect_delay_max=2"

    /// The options to open `location` with: the reconnect options for http and https,
    /// nothing for anything else (other protocols would leave them unused); then the user's
    /// (`--stream-lavf-o`, `InputOptions`) for any network input, after, so they win.
    static func openOptions(for location: InputLocation) -> String? {
        guard location.kind == .network else { return nil }
        let scheme = InputLocation.scheme(of: String(decoding: location.url, as: UTF8.self))
        let own = scheme == "http" || scheme == "https" ? reconnectOptions : nil
        let options = [own, InputOptions.option].compactMap { $0 }
        return options.isEmpty ? nil : options.joined(separator: ":")
    }

    /// The demuxers' options for every input: the hls demuxer opens each playlist reload
    /// and segment through the open guard (`io_open`) instead of reusing its connection
    /// behind it (a persistent connection is asked again with no open at all, which is
    /// where a reload's bytes went uncounted, and the reuse asserts that the context is
    /// libavformat's own, which a counted reader is not).
    static let formatOptions = "http_persistent=0"

    /// Why a URL could not be opened, when the server or the network said so: an HTTP
    /// status, a refused or timed-out connection, a name that does not resolve. Nil for
    /// anything else (the bytes were there but are not media), which the caller says.
    static func networkFailure(path: String, code: Int32) -> MediaError? {
        switch cffmpeg_http_status(code) {
        case 400: return .network(path: path, reason: "HTTP 400 Bad Request")
        case 401: return .network(path: path, reason: "HTTP 401 Unauthorized")
        case 403: return .network(path: path, reason: "HTTP 403 Forbidden")
        case 404: return .network(path: path, reason: "HTTP 404 Not Found")
        case 499: return .network(path: path, reason: "HTTP error (a 4xx status)")
        case 599: return .network(path: path, reason: "HTTP server error (a 5xx status)")
        default: break
        }
        let reasons: [(Int32, String)] = [
            (ECONNREFUSED, "connection refused"), (ETIMEDOUT, "connection timed out"),
            (ECONNRESET, "connection reset by the server"), (EHOSTUNREACH, "no route to host"),
            (ENETUNREACH, "network unreachable"), (ENETDOWN, "network down"),
        ]
        for (errorCode, reason) in reasons where code == cffmpeg_averror(errorCode) {
            return .network(path: path, reason: reason)
        }
        // libavformat's tcp says EIO when the name does not resolve (and logs why): ask the
        // resolver again, so the line says which name, not "input/output error".
        if code == cffmpeg_averror(EIO), let host = URLComponents(string: path)?.host, !host.isEmpty,
           let failure = resolverFailure(host) {
            return .network(path: path, reason: "cannot resolve host \(host): \(failure)")
        }
        return nil
    }

    /// getaddrinfo's reason `host` does not resolve, or nil when it does.
    static func resolverFailure(_ host: String) -> String? {
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var found: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, nil, &hints, &found)
        if let found { freeaddrinfo(found) }
        guard status != 0 else { return nil }
        let text = String(cString: gai_strerror(status))
        guard let first = text.first else { return "error \(status)" }
        return first.lowercased() + text.dropFirst()
    }
}

extension MediaSource {
    /// Why a stream over the network stopped before its end: the read error its I/O
    /// context kept (a reset the reconnects could not heal), in the network's words; nil
    /// at a clean end, for a quit, and for anything not read over the network. Read it only
    /// while no thread reads the source (after the end of stream was delivered).
    public var inputCut: String? {
        guard InputLocation.isURL(info.path), let pb = format.pointee.pb else { return nil }
        let error = pb.pointee.error
        guard error < 0, error != cffmpeg_averror_eof(), error != cffmpeg_averror_exit() else { return nil }
        if case .network(_, let reason)? = MediaSource.networkFailure(path: info.path, code: error) { return reason }
        // What libavformat's http says once its reconnects have given up.
        if error == cffmpeg_averror(EIO) { return "the connection dropped and could not be resumed" }
        return ffmpegErrorText(error)
    }
}
