import CFFmpeg
import InsetCore

/// One of a file's sound tracks (a language, a commentary, a mix).
public struct AudioTrack: Sendable, Equatable, Codable {
    public var stream: AudioStreamInfo
    /// The container's language tag (ISO 639, "eng"), nil when untagged or "und".
    public var language: String?
    public var title: String?

    /// "eng, Commentary", "fra", or the codec and channels when it has neither.
    public var label: String {
        let named = [language, title].compactMap { $0 }
        return named.isEmpty ? "\(stream.codec) \(stream.layout)" : named.joined(separator: ", ")
    }

    /// Whether its language is `wanted`, given as a 2- or 3-letter code ("en", "eng"),
    /// compared without case; a 2-letter code matches the 3-letter ones it begins.
    public func speaks(_ wanted: String) -> Bool {
        guard let language = language?.lowercased() else { return false }
        let wanted = wanted.lowercased()
        return language == wanted || (wanted.count == 2 && language.hasPrefix(wanted))
    }
}

extension MediaSource {
    /// The container's sound tracks, in stream order. An HLS master's are one per variant
    /// (the same sound), so there it is only the one the player picked.
    public var audioTracks: [AudioTrack] { info.audioTracks }

    static func audioTracks(of context: UnsafeMutablePointer<AVFormatContext>, best: Int32?) -> [AudioTrack] {
        func track(_ index: Int32) -> AudioTrack {
            let stream = context.pointee.streams[Int(index)]!
            return AudioTrack(stream: describeAudio(context, index: index), language: tag("language", of: stream),
                              title: tag("title", of: stream))
        }
        guard videoVariants(of: context).isEmpty else { return best.map { [track($0)] } ?? [] }
        return (0..<Int32(context.pointee.nb_streams)).filter {
            context.pointee.streams[Int($0)]!.pointee.codecpar.pointee.codec_type == AVMEDIA_TYPE_AUDIO
        }.map(track)
    }
}
