import InsetCore
import InsetPlayback

extension PlaybackStatistics {
    /// The closing line's figures: what `App.run` returns to the command line.
    func summary(signal: Int32?, endedAt now: HostTime) -> PlaybackSummary {
        let wall = startedAt.map { Double(now.elapsed(since: $0).components.attoseconds) / 1e18 + Double(now.elapsed(since: $0).components.seconds) } ?? 0
        var summary = PlaybackSummary(framesShown: shown, framesDropped: dropped, catchUps: catchUps, wallSeconds: wall, signal: signal)
        summary.variant = variant.map { "\($0), \(variantSwitches) switches" }
        return summary
    }
}
