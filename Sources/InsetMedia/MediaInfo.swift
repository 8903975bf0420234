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

    public var duration: MediaTime? { durationMicroseconds.map { MediaTime(microseconds: $0) } }
    public var start: MediaTime { MediaTime(microseconds: startMicroseconds) }
    public var isLive: Bool { durationMicroseconds == nil }
    public var playableRange: PlayableRange {
        PlayableRange(start: start, end: duration.map { start + $0 })
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
