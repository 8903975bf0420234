import InsetCore
import InsetMedia

/// Counters for `--stats` and the closing line: frames shown and dropped, bytes written
/// per frame and the frame rate over the last second.
struct PlaybackStatistics {
    var shown = 0
    var dropped = 0
    /// Times the decoder, far behind the clock, was sent on to the next keyframe.
    var catchUps = 0
    var startedAt: HostTime?
    /// Recent paints as (time, bytes), one second's worth, for the overlay's rates.
    private var recent: [(time: HostTime, bytes: Int)] = []
    var lastWriteBlocked: Duration = .zero
    /// The shown frame's time minus the sound heard when it was shown (positive: the
    /// picture is ahead), for `--stats`.
    var audioVideoOffset: MediaTime?
    /// The HLS variant on screen, and how many times it changed (see Playback+Variants).
    var variant: VideoVariant?
    var variantSwitches = 0

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
    var paintsPerSecond: Int { recent.count }
    var bytesPerPaint: Int { recent.isEmpty ? 0 : recent.reduce(0) { $0 + $1.bytes } / recent.count }

    func summary(signal: Int32?, endedAt now: HostTime) -> PlaybackSummary {
        let wall = startedAt.map { Double(now.elapsed(since: $0).components.attoseconds) / 1e18 + Double(now.elapsed(since: $0).components.seconds) } ?? 0
        var summary = PlaybackSummary(framesShown: shown, framesDropped: dropped, catchUps: catchUps, wallSeconds: wall, signal: signal)
        summary.variant = variant.map { "\($0), \(variantSwitches) switches" }
        return summary
    }
}
