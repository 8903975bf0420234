/// Which rung of a quality ladder frames go out at, so that a frame fits the link's byte
/// budget (`LinkBudget`): rung 0 is full quality, each rung after it costs fewer bytes and
/// some fidelity (cells: wider colour tolerances, half blocks, the 256 colours; pictures: a
/// lower JPEG quality, a smaller sixel palette). Frames are dropped only once the last rung
/// does not fit either.
///
/// Each frame's bytes are smoothed into the rung's typical cost. Over the budget, it goes
/// down as many rungs as it takes at once, by what each rung was seen to save (a link ten
/// times too slow must not cost a second of dropped frames per rung); it goes back up one
/// rung at a time, after `settle`, when the finer rung is expected to fit within `margin`
/// of the budget, so it does not flip. A link that got faster is not seen while the frames
/// fit (nothing waits), so after `probeAfter` at a coarse rung the finer one is tried; a
/// try the link could not take (back down within `settle` twice) waits twice as long
/// before the next, up to `longestProbeWait`, so a steady slow link is seldom disturbed.
/// With no budget (nothing limits: a local terminal, `--link-rate off`) it is at rung 0.
///
/// Pure: the caller says each frame's bytes, the budget and the time.
public struct QualityLadder: Sendable {
    public let rungs: Int
    public private(set) var rung = 0
    public var settle = Duration.seconds(1)
    public var probeAfter = Duration.seconds(4)
    public var longestProbeWait = Duration.seconds(32)
    private var probeWait = Duration.seconds(4)
    /// When the last try of a finer rung was made, while it is being judged.
    private var probedAt: HostTime?
    public var margin = 0.85
    /// Frames seen at a rung before judging it too costly (the first after a change may be
    /// a whole redraw).
    public var framesToJudge = 3

    /// The current rung's bytes a frame, smoothed; nil before its first frame.
    public private(set) var typical: Double?
    private var framesAtRung = 0
    private var changedAt = HostTime.zero
    /// What each rung costs over the one before it (rung k+1 over k), learnt as the ladder
    /// moves; a guess until then.
    private var ratios: [Double]
    /// The rung left and its cost then, to learn the ratio from the new rung's first frames.
    private var left: (rung: Int, typical: Double)?

    public init(rungs: Int, guessedRatio: Double = 0.75) {
        self.rungs = max(1, rungs)
        ratios = Array(repeating: guessedRatio, count: max(0, rungs - 1))
    }

    /// A frame of `bytes` went out at the current rung at `now`, with `budget` bytes a frame
    /// (nil: nothing limits). Returns whether the rung changed: the next frame goes at it.
    public mutating func frame(bytes: Int, budget: Int?, at now: HostTime) -> Bool {
        guard let budget else {
            guard rung != 0 else { return false }
            move(to: 0, at: now)
            return true
        }
        let cost = Double(bytes)
        typical = typical.map { 0.7 * $0 + 0.3 * cost } ?? cost
        framesAtRung += 1
        learn()
        let limit = Double(budget)
        guard let typical else { return false }
        if let probe = probedAt, now.elapsed(since: probe) >= settle * 2 {
            probedAt = nil
            probeWait = probeAfter
        }
        // A try is judged after `settle`: the budget still says what the coarser rung sent
        // until the link's measure has seen the finer one (a full link, or one that took it).
        let judging = probedAt.map { now.elapsed(since: $0) >= settle } ?? true
        if typical > limit, judging, framesAtRung >= framesToJudge, rung < rungs - 1 {
            if probedAt != nil {
                probedAt = nil
                probeWait = min(probeWait * 2, longestProbeWait)
            }
            var target = rung + 1
            var expected = typical * ratios[rung]
            while expected > limit && target < rungs - 1 {
                expected *= ratios[target]
                target += 1
            }
            move(to: target, at: now)
            return true
        }
        guard rung > 0, now.elapsed(since: changedAt) >= settle, framesAtRung >= 2 * framesToJudge else { return false }
        let finer = typical / ratios[rung - 1]
        if finer <= limit * margin {
            move(to: rung - 1, at: now)
            return true
        }
        if now.elapsed(since: changedAt) >= probeWait {
            move(to: rung - 1, at: now)
            probedAt = now
            return true
        }
        return false
    }

    private mutating func move(to target: Int, at now: HostTime) {
        if let typical {
            left = (rung, typical)
            var expected = typical
            if target > rung { for k in rung..<target { expected *= ratios[k] } }
            else { for k in target..<rung { expected /= ratios[k] } }
            self.typical = target == 0 && rung == 0 ? typical : expected
        }
        rung = target
        framesAtRung = 0
        changedAt = now
    }

    /// After a move by one rung, the new rung's first frames against the old rung's cost
    /// say what the step saves (clamped: a scene cut in between says nothing sensible).
    private mutating func learn() {
        guard let from = left, framesAtRung == framesToJudge + 2, let typical else { return }
        left = nil
        guard abs(from.rung - rung) == 1, from.typical > 0 else { return }
        let finer = min(from.rung, rung)
        let ratio = from.rung < rung ? typical / from.typical : from.typical / typical
        ratios[finer] = 0.5 * ratios[finer] + 0.5 * min(1, max(0.2, ratio))
    }
}
