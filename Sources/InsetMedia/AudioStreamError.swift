/// Why a file's sound cannot be played, while its picture may well be. Each case renders
/// as one line: the player shows it once as a notice and plays the video silently.
public enum AudioStreamError: Error, Equatable, Sendable, CustomStringConvertible {
    case noAudioStream(path: String)
    case unsupportedCodec(path: String, codec: String)
    /// The decoder or the resampler refused it (one line from FFmpeg).
    case undecodable(path: String, detail: String)
    /// Standard input can be read once, by the video side; audio needs its own reader.

    public var path: String {
        switch self {
        case .noAudioStream(let p), .unsupportedCodec(let p, _), .undecodable(let p, _): return p
        }
    }

    public var reason: String {
        switch self {
        case .noAudioStream: return "no audio stream"
        case .unsupportedCodec(_, let codec): return "unsupported audio codec \(codec)"
        case .undecodable(_, let detail): return "audio cannot be decoded (\(detail))"
        }
    }

    public var description: String { "no sound from \(path): \(reason)" }
}
