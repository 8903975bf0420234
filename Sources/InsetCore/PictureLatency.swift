/// How late a video's pictures reach the terminal after their frames are handed over:
/// encoding (a sixel palette, a PNG) and writing take tens of milliseconds, and a slow link
/// more. The player hands frames over that much early (`Playback.pictureLead`), so the
/// picture lands with the sound: measured by scripts/av-sync --graphics on Big Buck Bunny
/// with a flash, kitty pictures came 20-70 ms after the tone and sixel 30-230 ms without it.
///
/// The lead is the latency's mean, so a picture cheaper than most lands a little early:
/// the side to err on, as a picture ahead of its sound is noticed far later (over 125 ms,
/// ITU-R BT.1359) than sound ahead of its picture (45 ms).
///
/// Smoothed (each new sample moves it a quarter of the way), and never more than
/// `maximum`: the decoder keeps four frames queued, 160 ms at 25 fps, and a lead the queue
/// cannot cover would only make frames come late to it.
public struct PictureLatency: Equatable, Sendable {
    public static let maximum = Duration.milliseconds(120)

    public private(set) var smoothed: Duration?

    public init() {}

    public mutating func add(_ sample: Duration) {
        guard let smoothed else { self.smoothed = sample; return }
        self.smoothed = smoothed + (sample - smoothed) / 4
    }

    /// How early to hand frames over: the smoothed latency within 0 and `maximum`, as a
    /// span of wall time (`Playback.pictureLead`).
    public var lead: MediaTime { MediaTime(min(Self.maximum, max(.zero, smoothed ?? .zero))) }
}
