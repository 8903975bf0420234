import InsetCore

/// What MPRIS shows of the player: the video the player's commands act on (the focused
/// one, as the control socket's), in plain values the app fills in each turn. The mapping
/// to the properties' values is `MPRISProperties`.
public struct MPRISState: Equatable, Sendable {
    public enum Status: String, Equatable, Sendable {
        case playing = "Playing", paused = "Paused", stopped = "Stopped"

        /// Ended, or paused at the start after `Stop`, is stopped: `Play` then plays from
        /// the start, as the spec's Stop asks.
        public init(playing: Bool, ended: Bool, stoppedOnRequest: Bool) {
            self = ended || (!playing && stoppedOnRequest) ? .stopped : playing ? .playing : .paused
        }
    }

    /// The entry of the list the file came from: the track id's number.
    public var track: Int
    /// The page's title, else the file's name.
    public var title: String
    /// `xesam:url`: the file's `file://` URL, or the stream's (`MPRISProperties.url(of:)`,
    /// made once per file: it asks the file system).
    public var url: String
    /// Nil for live input (no end).
    public var length: MediaTime?
    /// Where the media starts: positions are counted from it.
    public var start: MediaTime
    /// The media time heard or shown.
    public var time: MediaTime
    public var status: Status
    /// Percent, 0 when muted; nil for a video without sound.
    public var volume: Int?
    public var speed: PlaybackSpeed
    public var canGoNext: Bool
    public var canGoPrevious: Bool
    public var canSeek: Bool
    /// A picture of the album or the video: a `file://` URL (`CoverArt`).
    public var artURL: String?
    /// The file's music tags: `xesam:artist`, `xesam:album`, `xesam:trackNumber`, and the
    /// title tag as `xesam:title` in place of `title`.
    public var tags: MediaTags?

    public init(track: Int, title: String, url: String, length: MediaTime?, start: MediaTime = .zero,
                time: MediaTime, status: Status, volume: Int?, speed: PlaybackSpeed = .normal,
                canGoNext: Bool = false, canGoPrevious: Bool = false, canSeek: Bool = true, artURL: String? = nil) {
        self.track = track; self.title = title; self.url = url; self.length = length; self.start = start
        self.time = time; self.status = status; self.volume = volume; self.speed = speed
        self.canGoNext = canGoNext; self.canGoPrevious = canGoPrevious; self.canSeek = canSeek; self.artURL = artURL
    }

    /// MPRIS's Position: from the start of the media, never negative.
    public var position: MediaTime { MediaTime(microseconds: max(0, (time - start).microseconds)) }

    /// The track id, an object path: `/org/inset/track/N`.
    public var trackID: String { MPRISProperties.trackPrefix + String(track) }
}
