import CFFmpeg
import Foundation

/// Why a file could not be opened or decoded. Each case renders as one line that names the
/// path and the reason, which is what the command line prints and the library lists.
public enum MediaError: Error, Equatable, Sendable, CustomStringConvertible {
    case noSuchFile(path: String)
    case permissionDenied(path: String)
    case isDirectory(path: String)
    case emptyFile(path: String)
    case notMediaFile(path: String, detail: String)
    case noVideoStream(path: String)
    case unsupportedCodec(path: String, codec: String)
    case truncated(path: String, detail: String)
    case ffmpeg(path: String, operation: String, detail: String)
    /// Opening was given up by the user (quit while a stream was still answering).
    case interrupted(path: String)
    /// The stream did not answer within the opening time bound.
    case timedOut(path: String, seconds: Int)
    /// The file opens but none of its pictures could be decoded.
    case undecodable(path: String, detail: String)
    /// The system refused the path: `code` is its errno (a name too long, a loop of links).
    case system(path: String, code: Int32)
    /// Opening would take more than an input may (a playlist that names itself, or
    /// thousands of variants): given up before it exhausts memory.
    case refused(path: String, detail: String)
    /// A stream over the network could not be reached or was refused: `reason` is what the
    /// server or the network said ("HTTP 404 Not Found", "connection refused").
    case network(path: String, reason: String)
    /// A page URL that its resolver (yt-dlp) could not turn into streams: `reason` is the
    /// resolver's own line ("yt-dlp: Unsupported URL: …", how to install it).
    case resolver(path: String, reason: String)
    /// An MP4 read from an input that cannot seek has its index (moov) after more media
    /// than the spool may keep (`MediaSource.spoolLimit`, `limit` bytes).
    case indexOutOfReach(path: String, limit: Int64)

    public var path: String {
        switch self {
        case .noSuchFile(let p), .permissionDenied(let p), .isDirectory(let p), .emptyFile(let p),
             .notMediaFile(let p, _), .noVideoStream(let p), .unsupportedCodec(let p, _),
             .truncated(let p, _), .ffmpeg(let p, _, _), .interrupted(let p), .timedOut(let p, _),
             .undecodable(let p, _), .system(let p, _), .refused(let p, _), .network(let p, _),
             .resolver(let p, _), .indexOutOfReach(let p, _):
            return p
        }
    }

    /// The reason alone, without the path.
    public var reason: String {
        switch self {
        case .noSuchFile: return "no such file"
        case .permissionDenied: return "permission denied"
        case .isDirectory: return "is a directory"
        case .emptyFile: return "not a media file (the file is empty)"
        case .notMediaFile(_, let detail): return "not a media file (\(detail))"
        case .noVideoStream: return "no video stream"
        case .unsupportedCodec(_, let codec): return "unsupported codec \(codec)"
        case .truncated(_, let detail): return "truncated (\(detail))"
        case .ffmpeg(_, let op, let detail): return "\(op) failed: \(detail)"
        case .interrupted: return "opening was cancelled"
        case .timedOut(_, let seconds): return "no answer within \(seconds) s"
        case .undecodable(_, let detail): return "no picture could be decoded (\(detail))"
        case .system(_, let code): return MediaError.systemText(code)
        case .refused(_, let detail): return "not opened: \(detail)"
        case .network(_, let reason), .resolver(_, let reason): return reason
        case .indexOutOfReach(_, let limit):
            return "the index (moov) of this MP4 is past the first \(MediaError.binaryBytes(limit)) of a stream that "
                + "cannot seek; save it to a file first"
        }
    }

    public var description: String { "cannot open \(path): \(reason)" }

    /// The error for a system call on `path` that failed with errno `code`: the usual two
    /// by their own names, any other in the system's words (a name too long is not "no
    /// such file").
    public static func system(_ code: Int32, path: String) -> MediaError {
        switch code {
        case ENOENT: return .noSuchFile(path: path)
        case EACCES: return .permissionDenied(path: path)
        case EISDIR: return .isDirectory(path: path)
        default: return .system(path: path, code: code)
        }
    }

    /// A count of bytes as a person reads a bound: "512 MiB", "256 KiB".
    static func binaryBytes(_ count: Int64) -> String {
        if count >= 1 << 20 && count % (1 << 20) == 0 { return "\(count >> 20) MiB" }
        if count >= 1 << 10 && count % (1 << 10) == 0 { return "\(count >> 10) KiB" }
        return "\(count) bytes"
    }

    /// The system's words for `code` (strerror), lower-cased to sit inside a sentence.
    static func systemText(_ code: Int32) -> String {
        let text = String(cString: strerror(code))
        guard let first = text.first else { return "error \(code)" }
        return first.lowercased() + text.dropFirst()
    }
}

/// FFmpeg's text for an error code (av_strerror), lower-cased to sit inside a sentence.
func ffmpegErrorText(_ code: Int32) -> String {
    var buffer = [CChar](repeating: 0, count: 256)
    cffmpeg_error_string(code, &buffer, buffer.count)
    let bytes = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
    let text = String(decoding: bytes, as: UTF8.self)
    guard let first = text.first else { return "error \(code)" }
    return first.lowercased() + text.dropFirst()
}
