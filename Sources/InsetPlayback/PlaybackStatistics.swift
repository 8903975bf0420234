import InsetCore
import InsetMedia

/// Counters for `--stats` and the closing line: frames shown and dropped, bytes written
/// per frame and the frame rate over the last second.
public struct PlaybackStatistics {
    public init() {}

    public internal(set) var shown = 0
    public internal(set) var dropped = 0
    /// Times the decoder, far behind the clock, was sent on to the next keyframe.
    public internal(set) var catchUps = 0
    public internal(set) var startedAt: HostTime?
    /// Recent paints as (time, bytes), one second's worth, for the overlay's rates.
    private var recent: [(time: HostTime, bytes: Int)] = []
    var lastWriteBlocked: Duration = .zero
    /// The shown frame's time minus the sound heard when it was shown (positive: the
    /// picture is ahead), for `--stats`.
    public internal(set) var audioVideoOffset: MediaTime?
    /// The HLS variant on screen, and how many times it changed (see Playback+Variants).
    public internal(set) var variant: VideoVariant?
    public internal(set) var variantSwitches = 0

    mutating func started(at now: HostTime) {
        if startedAt == nil { startedAt = now }
    }

    mutating func painted(bytes: Int, blocked: Duration, at now: HostTime) {
        lastWriteBlocked = blocked
        recent.append((now, bytes))
        let horizon = now.nanoseconds > 1_000_000_000 ? HostTime(nanoseconds: now.nanoseconds - 1_000_000_000) : .zero
        if let firstKept = recent.firstIndex(where: { $0.time >= horizon }), firstKept > 0 {
            recent.removeFirst(firstKept)
        }
    }

    /// Bytes of a picture sent as pixels (kitty, sixel), counted with the latest paint.
    mutating func wrote(pictureBytes: Int) {
        guard !recent.isEmpty else { return }
        recent[recent.count - 1].bytes += pictureBytes
    }

    /// Paints per second over the last second.
    public var paintsPerSecond: Int { recent.count }
    public var bytesPerPaint: Int { recent.isEmpty ? 0 : recent.reduce(0) { $0 + $1.bytes } / recent.count }
}
