import InsetCore

/// What mpv's properties are read from: the player as the control socket sees it (the
/// video its commands act on), filled by the app once per request or turn. Pure data.
public struct MpvState: Equatable, Sendable {
    public struct Track: Equatable, Sendable {
        public var title: String?
        public var language: String?
        public var codec: String?
        public var external: Bool
        public init(title: String? = nil, language: String? = nil, codec: String? = nil, external: Bool = false) {
            self.title = title; self.language = language; self.codec = codec; self.external = external
        }
    }

    public struct Chapter: Equatable, Sendable {
        public var title: String?
        public var time: Double
        public init(title: String?, time: Double) { self.title = title; self.time = time }
    }

    /// Nothing plays (mpv's `idle-active`): the properties of a file are unavailable.
    public var idle = true
    public var paused = false
    public var time = 0.0
    public var duration: Double?
    public var volume = 100
    public var muted = false
    public var speed = 1.0
    /// Seconds the sound plays after its picture (`audio-delay`).
    public var audioDelay = 0.0
    public var path: String?
    /// The page's title, or `--force-media-title`; nil for the file's name.
    public var title: String?
    /// The file's music tags: mpv's `metadata`, and `media-title` from the title tag.
    public var tags: MediaTags?
    /// The list's paths; left empty when the caller knows no `playlist` is asked (a list
    /// of 20,000 files is not copied each turn for the events).
    public var playlist: [String] = []
    public var playlistCount = 0
    public var playlistPosition: Int?
    public var chapters: [Chapter] = []
    public var hasVideo = true
    public var audioTracks: [Track] = []
    /// Index into `audioTracks`; nil when no sound is heard.
    public var audioSelected: Int?
    public var subtitleTracks: [Track] = []
    public var subtitleSelected: Int?
    public var eof = false
    public var pid: Int = 0
    /// Inset's own: the video plays in the floating window.
    public var inWindow = false
    /// Inset's own: the window's corner (`top-left`…), nil when it is between corners.
    public var windowCorner: String?
    /// What a session's client reads of the playing (`MpvState+Session`).
    public var session = Session()
    /// The values of the table's settings kept for the code that uses them (`Setting.Use.value`),
    /// given on the command line or in the config file: `options/NAME` answers these.
    public var settings = SettingValues()

    public init() {}

    /// The chapter playing (mpv's `chapter`): the last to start at or before the time.
    var chapter: Int? {
        guard !chapters.isEmpty else { return nil }
        return chapters.lastIndex { $0.time <= time + 0.0005 } ?? -1
    }

    /// mpv's `filename`: the path's last part (a URL's too).
    var fileName: String? {
        guard let path else { return nil }
        let trimmed = path.hasSuffix("/") ? String(path.dropLast()) : path
        return trimmed.split(separator: "/").last.map(String.init) ?? path
    }
}
