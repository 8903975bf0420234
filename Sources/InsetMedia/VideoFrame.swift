import InsetCore

/// One decoded picture on its way to the screen.
///
/// Ownership: made on the decode thread and handed to the consumer through the FrameQueue;
/// from then on the consumer owns it and gives the image back with `FrameQueue.recycle`.
public struct VideoFrame: @unchecked Sendable {
    /// Presentation time on the media timeline.
    public let time: MediaTime
    /// How long it stays on screen at normal speed (from the frame rate).
    public let duration: MediaTime
    /// The seek generation it belongs to; frames of an older serial are never shown.
    public let serial: Int
    /// The picture scaled to `placement.size`, or nil when the pipeline only decodes.
    public let image: RGBImage?
    /// Where the picture sits inside the viewport's pixels (letterboxed).
    public let placement: PixelRect
    /// The viewport it was scaled for; nil when it was not scaled (decode only).
    public let viewport: Viewport?
    /// Whether the decoder flagged the frame as damaged (it is still shown).
    public let isCorrupt: Bool
    /// The HLS variant it was decoded from; nil for a source with one video stream.
    public var variant: VideoVariant? = nil
    /// The decoded picture's size before scaling (zero when not known).
    public var codedSize: PixelSize = .zero
}

/// What the decode thread puts in the queue: a frame, or the news that the stream ended.
public enum DecodedItem: @unchecked Sendable {
    case frame(VideoFrame)
    case endOfStream(serial: Int, lastTime: MediaTime?)

    public var serial: Int {
        switch self {
        case .frame(let f): return f.serial
        case .endOfStream(let s, _): return s
        }
    }
}
