import CFFmpeg
import InsetCore

/// One subtitle stream of the container, as `inset probe`, `--json` and the details pane
/// list it (issue 48 item 6): so a user can see which languages `--sub-lang` can pick.
/// Every subtitle stream is listed, as ffprobe lists them; `decodable` says whether the
/// player can show it.
public struct SubtitleStreamInfo: Sendable, Equatable, Codable {
    /// The stream's index in the container (ffprobe's `index`).
    public var index: Int
    /// libavcodec's codec name: mov_text, subrip, ass, dvd_subtitle…
    public var codec: String
    /// ISO 639 code as tagged (`eng`, `fre`), nil when untagged or `und`.
    public var language: String?
    public var title: String?
    /// Whether this build of libavcodec decodes it (the player shows it with `c`).
    public var decodable: Bool

    /// "English (srt)", as `c` names the track when it cycles to it.
    public var label: String {
        SubtitleTrack(id: index, language: language, codec: codec, title: title).label
    }
}

extension MediaSource {
    /// Every subtitle stream of `context`, in stream order.
    static func subtitleStreams(of context: UnsafeMutablePointer<AVFormatContext>) -> [SubtitleStreamInfo] {
        (0..<Int(context.pointee.nb_streams)).compactMap { index in
            guard let stream = context.pointee.streams[index], let parameters = stream.pointee.codecpar,
                  parameters.pointee.codec_type == AVMEDIA_TYPE_SUBTITLE else { return nil }
            return SubtitleStreamInfo(index: index, codec: String(cString: avcodec_get_name(parameters.pointee.codec_id)),
                                      language: tag("language", of: stream), title: tag("title", of: stream),
                                      decodable: avcodec_find_decoder(parameters.pointee.codec_id) != nil)
        }
    }
}
