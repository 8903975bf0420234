import Foundation
import InsetCore

/// One way yt-dlp offers to fetch a video's picture, its sound, or both: one entry of the
/// JSON's `formats`.
public struct SiteFormat: Sendable, Equatable {
    public var id: String
    public var url: String
    /// yt-dlp's protocol: `http`, `https`, `m3u8_native`, `http_dash_segments`…
    public var transport: String
    public var size: PixelSize?
    /// Whether it carries a picture / sound: nil when the page did not say (a `<video>`
    /// source: both, as far as anyone knows).
    public var hasVideo: Bool?
    public var hasAudio: Bool?
    /// Kilobits per second, of everything in it / of its sound, when said.
    public var bitrate: Double?
    public var audioBitrate: Double?
    /// What every request for it must carry (User-Agent, Referer, Cookie).
    public var headers: [String: String]
    /// Set when yt-dlp fetches it in pieces (`fragments`): no one URL holds it all.
    public var isFragmented: Bool

    public init(id: String, url: String, transport: String = "https", size: PixelSize? = nil,
                hasVideo: Bool? = nil, hasAudio: Bool? = nil, bitrate: Double? = nil, audioBitrate: Double? = nil,
                headers: [String: String] = [:], isFragmented: Bool = false) {
        self.id = id; self.url = url; self.transport = transport; self.size = size
        self.hasVideo = hasVideo; self.hasAudio = hasAudio; self.bitrate = bitrate; self.audioBitrate = audioBitrate
        self.headers = headers; self.isFragmented = isFragmented
    }

    /// Whether the player can open it: an http(s) URL (others are refused as mpv refuses
    /// them) that FFmpeg reads whole (a file, an HLS playlist), not yt-dlp's pieces.
    public var isPlayable: Bool {
        SiteAddress.isSafeMediaURL(url) && !isFragmented
            && ["http", "https", "m3u8", "m3u8_native", "http_dash_segments"].contains(transport)
    }

    /// Picture only / sound only, as the page said.
    public var isVideoOnly: Bool { hasVideo == true && hasAudio == false }
    public var isAudioOnly: Bool { hasAudio == true && hasVideo == false }
}

/// A subtitle track a page offers: its language, its format, where it is.
public struct SiteSubtitle: Sendable, Equatable {
    public var language: String
    public var ext: String
    public var url: String
    public var name: String?
    /// The headers yt-dlp gives this subtitle's request (`http_headers`), when its own.
    public var headers: [String: String] = [:]
}

/// A video as yt-dlp resolved its page: what the player shows of it and where its streams
/// are.
public struct SiteVideo: Sendable, Equatable {
    /// Only what the player uses: the container says how long and whether live, and the
    /// JSON's duration ends the last chapter (`SiteJSON.chapters`).
    public var title: String
    /// Every format offered, in yt-dlp's order (worst first).
    public var formats: [SiteFormat]
    /// What yt-dlp chose (`requested_formats`, or the one `url`): the picture and the sound
    /// when they are separate, else one.
    public var chosen: [SiteFormat]
    public var subtitles: [SiteSubtitle]
    public var chapters: [Chapter]

    public init(title: String, formats: [SiteFormat] = [], chosen: [SiteFormat] = [], subtitles: [SiteSubtitle] = [],
                chapters: [Chapter] = []) {
        self.title = title
        self.formats = formats; self.chosen = chosen; self.subtitles = subtitles; self.chapters = chapters
    }
}

/// What resolving a page gave: one video, or a list (a playlist, search results), each
/// entry a video already resolved or a page still to resolve when it is played.
public enum SiteResolution: Sendable, Equatable {
    case video(SiteVideo)
    case list(title: String, entries: [Entry])

    public enum Entry: Sendable, Equatable {
        case video(SiteVideo)
        /// `_type: url`: a page yt-dlp only named (`--flat-playlist`), with its title.
        case page(url: String, title: String?)
    }
}
