import InsetCore

/// The facts `inset probe` shows and the library lists: what the container and its chosen
/// streams say, before any frame is decoded.
public struct MediaInfo: Sendable, Equatable, Codable {
    public var path: String
    public var container: String
    public var containerLongName: String
    /// Nil for live input (a pipe, a stream) whose end is not known.
    public var durationMicroseconds: Int64?
    public var startMicroseconds: Int64
    public var bitRate: Int64?
    public var fileSize: Int64?
    public var video: VideoStreamInfo?
    public var audio: AudioStreamInfo?
    /// Every sound track, `audio` among them (`inset probe` lists them, `a` cycles them).
    public var audioTracks: [AudioTrack] = []
    /// Every subtitle stream of the container (`inset probe` lists them, `c` cycles them).
    public var subtitleTracks: [SubtitleStreamInfo] = []
    /// The container's chapters in the order they start (marks on the progress lines,
    /// `chapter next` / `previous`, `inset probe`); empty when it has none.
    public var chapters: [Chapter] = []
    /// Set when the file was cut short (its index lists data past its end): what is there
    /// plays, up to `playable`.
    public var truncation: Truncation?
    /// The music tags (artist, title, album, track, date); nil when the file has none.
    public var tags: MediaTags?

    public struct Truncation: Sendable, Equatable, Codable {
        /// How much of the data the index lists is in the file, in percent.
        public var percentPresent: Int
        /// How far from the start the picture can be played.
        public var playableMicroseconds: Int64
        public var playable: MediaTime { MediaTime(microseconds: playableMicroseconds) }
    }

    public var duration: MediaTime? { durationMicroseconds.map { MediaTime(microseconds: $0) } }
    public var start: MediaTime { MediaTime(microseconds: startMicroseconds) }
    public var isLive: Bool { durationMicroseconds == nil }
    /// From the start to the end of what can be played (a file cut short ends early).
    public var playableRange: PlayableRange {
        var end = duration.map { start + $0 }
        if isStillImage { end = start }
        if let truncation, let full = end { end = min(full, start + truncation.playable) }
        return PlayableRange(start: start, end: end)
    }
    /// A single picture (a PNG, a JPEG): it is shown until the user leaves, not played.
    public var isStillImage: Bool {
        guard let video, !video.isAttachedPicture, audio == nil else { return false }
        return container.hasSuffix("_pipe") || container == "image2" || (video.frameCount ?? 2) <= 1 && durationMicroseconds == nil
    }
}

public struct VideoStreamInfo: Sendable, Equatable, Codable {
    public var index: Int
    public var codec: String
    public var codecLongName: String
    public var width: Int
    public var height: Int
    public var sampleAspectNumerator: Int
    public var sampleAspectDenominator: Int
    public var frameRateNumerator: Int
    public var frameRateDenominator: Int
    /// Clockwise quarter turns to apply for display, from the display matrix.
    public var rotationDegrees: Int
    public var pixelFormat: String
    public var frameCount: Int?
    /// A still picture attached to the file (an album cover), not moving video.
    public var isAttachedPicture: Bool

    public var codedSize: PixelSize { PixelSize(width: width, height: height) }
    public var sampleAspect: Ratio { Ratio(sampleAspectNumerator, sampleAspectDenominator) }
    public var frameRate: Ratio { Ratio(frameRateNumerator, frameRateDenominator) }
    public var rotation: VideoRotation { VideoRotation(rawValue: rotationDegrees) ?? .none }
}

public struct AudioStreamInfo: Sendable, Equatable, Codable {
    public var index: Int
    public var codec: String
    public var codecLongName: String
    public var sampleRate: Int
    public var channels: Int
    public var layout: String
    public var sampleFormat: String
}
