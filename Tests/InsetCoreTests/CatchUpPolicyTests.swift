import Testing
import InsetCore

@Suite("Catching up a decoder slower than real time")
struct CatchUpPolicyTests {
    /// Host time in milliseconds; media time runs with it (the master clock is at `ms` ms).
    func at(_ ms: Int) -> HostTime { .milliseconds(UInt64(10_000 + ms)) }

    @Test("frames on time wait, then show, and the decoder keeps decoding everything")
    func onTime() {
        var policy = CatchUpPolicy()
        #expect(policy.decide(frameTime: .milliseconds(40), nextFrameTime: nil, master: .milliseconds(30), at: at(30)).frame
                == .wait(until: .milliseconds(40)))
        #expect(policy.decide(frameTime: .milliseconds(40), nextFrameTime: nil, master: .milliseconds(41), at: at(41)).frame == .show)
        #expect(policy.decide(frameTime: .milliseconds(80), nextFrameTime: .milliseconds(120), master: .milliseconds(125),
                              at: at(125)).frame == .drop, "a later frame is due already")
        #expect(policy.lightening == .none && policy.catchUps == 0)
    }

    @Test("late frames are dropped, but a picture is shown at least every 250 ms")
    func latePictureKeepsMoving() {
        var policy = CatchUpPolicy()
        policy.noteShown(at: at(0))
        var shownAt: [Int] = []
        // Every frame arrives 200 ms late, one every 40 ms.
        for ms in stride(from: 240, through: 2_000, by: 40) {
            let decision = policy.decide(frameTime: .milliseconds(Int64(ms - 200)), nextFrameTime: nil,
                                         master: .milliseconds(Int64(ms)), at: at(ms))
            if decision.frame == .show { shownAt.append(ms) }
        }
        #expect(shownAt.count >= 6 && shownAt.count <= 8, "\(shownAt)")
        for (a, b) in zip([0] + shownAt, shownAt) { #expect(b - a >= 250 && b - a <= 290, "shown at \(shownAt)") }
    }

    @Test("lateness that lasts makes the decoder lighter, a step at a time")
    func stepsLighter() {
        var policy = CatchUpPolicy()
        var seen: [(Int, DecodeLightening)] = []
        var skippedAt: Int?
        for ms in stride(from: 0, through: 1_200, by: 40) {
            let decision = policy.decide(frameTime: .milliseconds(Int64(ms - 150)), nextFrameTime: nil,
                                         master: .milliseconds(Int64(ms)), at: at(ms))
            if seen.last?.1 != policy.lightening { seen.append((ms, policy.lightening)) }
            if decision.catchUpTo != nil && skippedAt == nil { skippedAt = ms }
        }
        #expect(seen.map(\.1) == [.none, .skipNonReference, .skipBidirectional])
        #expect(seen[1].0 >= 150 && seen[2].0 - seen[1].0 >= 150, "\(seen)")
        // 150 ms late is not far behind, but a second of it at the lightest decoding is
        // more than lighter decoding can mend: a keyframe skip.
        #expect(skippedAt == 1_000 && policy.catchUps == 1, "skipped at \(String(describing: skippedAt))")
    }

    @Test("a single frame a little late changes nothing; one twice the bound late is no jitter")
    func hiccup() {
        var policy = CatchUpPolicy()
        _ = policy.decide(frameTime: .zero, nextFrameTime: nil, master: .milliseconds(150), at: at(150))
        _ = policy.decide(frameTime: .milliseconds(340), nextFrameTime: nil, master: .milliseconds(340), at: at(340))
        _ = policy.decide(frameTime: .milliseconds(600), nextFrameTime: nil, master: .milliseconds(600), at: at(600))
        #expect(policy.lightening == .none)
        _ = policy.decide(frameTime: .milliseconds(640), nextFrameTime: nil, master: .milliseconds(850), at: at(850))
        #expect(policy.lightening == .skipNonReference)
        // The next step waits for what the first one spared to come through.
        _ = policy.decide(frameTime: .milliseconds(680), nextFrameTime: nil, master: .milliseconds(950), at: at(950))
        #expect(policy.lightening == .skipNonReference)
        _ = policy.decide(frameTime: .milliseconds(720), nextFrameTime: nil, master: .milliseconds(1_000), at: at(1_000))
        #expect(policy.lightening == .skipBidirectional)
    }

    @Test("far behind: one keyframe skip to the master time, not asked again until answered or overdue")
    func keyframeSkip() {
        var policy = CatchUpPolicy()
        let first = policy.decide(frameTime: .milliseconds(1_000), nextFrameTime: nil, master: .milliseconds(1_700), at: at(1_700))
        #expect(first.catchUpTo == .milliseconds(1_700))
        #expect(policy.catchUps == 1 && policy.lightening > .none)
        // Frames decoded before the skip come out late: they are not a new reason to skip.
        let stale = policy.decide(frameTime: .milliseconds(1_040), nextFrameTime: nil, master: .milliseconds(1_760), at: at(1_760))
        #expect(stale.catchUpTo == nil && policy.catchUps == 1)
        // The keyframe past the target answers it; lateness after that may ask again.
        _ = policy.decide(frameTime: .milliseconds(2_000), nextFrameTime: nil, master: .milliseconds(1_900), at: at(1_900))
        let again = policy.decide(frameTime: .milliseconds(2_000), nextFrameTime: nil, master: .milliseconds(2_800), at: at(2_800))
        #expect(again.catchUpTo == .milliseconds(2_800) && policy.catchUps == 2)
        // Unanswered for two seconds (no keyframe came): asked again.
        let overdue = policy.decide(frameTime: .milliseconds(2_040), nextFrameTime: nil, master: .milliseconds(4_900), at: at(4_900))
        #expect(overdue.catchUpTo == .milliseconds(4_900) && policy.catchUps == 3)
    }

    @Test("frames early for long enough ease the decoder a step; easing taken back at once doubles the calm wanted")
    func easing() {
        var policy = CatchUpPolicy()
        for ms in stride(from: 0, through: 600, by: 40) {
            _ = policy.decide(frameTime: .milliseconds(Int64(ms - 200)), nextFrameTime: nil,
                              master: .milliseconds(Int64(ms)), at: at(ms))
        }
        #expect(policy.lightening == .skipBidirectional)
        // Early frames (waiting in the queue) for two seconds: one step back.
        var eased: Int?
        for ms in stride(from: 620, through: 3_000, by: 20) {
            _ = policy.decide(frameTime: .milliseconds(Int64(ms + 100)), nextFrameTime: nil,
                              master: .milliseconds(Int64(ms)), at: at(ms))
            if eased == nil && policy.lightening == .skipNonReference { eased = ms }
        }
        #expect(eased.map { $0 >= 2_620 && $0 <= 2_660 } == true, "eased at \(String(describing: eased))")
        // 60 ms late soon after: the step is taken back at once, under the drop bound.
        _ = policy.decide(frameTime: .milliseconds(3_000), nextFrameTime: nil, master: .milliseconds(3_060), at: at(3_060))
        #expect(policy.lightening == .skipBidirectional)
        // The next easing wants four seconds of calm, not two.
        var easedAgain: Int?
        for ms in stride(from: 3_080, through: 8_000, by: 20) {
            _ = policy.decide(frameTime: .milliseconds(Int64(ms + 100)), nextFrameTime: nil,
                              master: .milliseconds(Int64(ms)), at: at(ms))
            if easedAgain == nil && policy.lightening == .skipNonReference { easedAgain = ms }
        }
        #expect(easedAgain.map { $0 >= 7_080 && $0 <= 7_120 } == true, "eased again at \(String(describing: easedAgain))")
    }

    @Test("after a seek the first frame is the last one shown and a pending skip is forgotten")
    func restart() {
        var policy = CatchUpPolicy()
        _ = policy.decide(frameTime: .zero, nextFrameTime: nil, master: .milliseconds(900), at: at(900))
        #expect(policy.catchUps == 1)
        policy.restart(at: at(1_000))
        // Late again right after the seek: a new skip may be asked for, and the screen has
        // just changed, so the late frame is dropped.
        let decision = policy.decide(frameTime: .seconds(30), nextFrameTime: nil, master: .milliseconds(30_700), at: at(1_100))
        #expect(decision.catchUpTo == .milliseconds(30_700) && decision.frame == .drop)
    }

    @Test("a simulated decoder twice slower than real time: the picture lags the sound by over 100 ms only briefly")
    func closedLoop() {
        let run = SlowDecoderSimulation(costPerFrame: 80).run(seconds: 20)
        print("2x slow decoder, simulated: \(run)")
        #expect(run.longestLateStretch < 1_000, "lag over 100 ms for \(run.longestLateStretch) ms in a row")
        #expect(run.lateShare < 0.15, "\(run.lateShare * 100)% of the shown frames lag over 100 ms")
        #expect(run.longestStill <= 400, "the picture stood still \(run.longestStill) ms")
        #expect(run.lastShown >= 19_500, "the picture reached \(run.lastShown) ms of 20 s")
    }

    @Test("a simulated decoder four times slower: keyframe skips keep the picture within reach")
    func closedLoopFarBehind() {
        let run = SlowDecoderSimulation(costPerFrame: 160).run(seconds: 20)
        print("4x slow decoder, simulated: \(run)")
        #expect(run.catchUps > 0)
        #expect(run.maxLag < 1_000, "lag reached \(run.maxLag) ms")
        #expect(run.longestLateStretch < 3_000 && run.lateShare < 0.35, "\(run)")
    }

    @Test("a simulated decoder with room to spare never lightens")
    func fastDecoder() {
        let run = SlowDecoderSimulation(costPerFrame: 20).run(seconds: 10)
        // Only the very first frame, decoded once the clock has started, is late by its cost.
        #expect(run.maxLag <= 20 && run.catchUps == 0 && run.lightest == .none, "\(run)")
    }
}

/// A decoder on a millisecond clock: x264-like GOPs (a keyframe every 2 s; P every 4th
/// frame, a reference B between, non-reference Bs around it) at 25 fps, each decoded frame
/// costing `costPerFrame` ms, lightening applied to frames started 100 ms after it was
/// asked for (frames in flight in the decoder's threads), a queue of 4 frames. The master
/// clock is the host clock.
struct SlowDecoderSimulation {
    let costPerFrame: Int
    let frameMs = 40

    struct Result {
        var maxLag = 0
        var longestLateStretch = 0
        var lateShare = 0.0
        var longestStill = 0
        var lastShown = 0
        var catchUps = 0
        var lightest = DecodeLightening.none
    }

    func isKey(_ i: Int) -> Bool { i % 50 == 0 }
    func isSkipped(_ i: Int, at level: DecodeLightening) -> Bool {
        switch level {
        case .none: false
        case .skipNonReference: i % 2 == 1
        case .skipBidirectional: i % 4 != 0 && !isKey(i)
        }
    }

    func run(seconds: Int) -> Result {
        var policy = CatchUpPolicy()
        let count = seconds * 1000 / frameMs
        var cursor = 0
        var inFlight: (index: Int, doneAt: Int)?
        var queue: [Int] = []
        var requests: [(at: Int, level: DecodeLightening)] = []
        var catchUp: Int?
        var result = Result()
        var shown = 0, late = 0, lateSince: Int?, lastShowAt = 0
        for now in 0..<(seconds * 1000 + 500) {
            if let flight = inFlight, flight.doneAt <= now { queue.append(flight.index); inFlight = nil }
            if inFlight == nil, queue.count < 4 {
                let level = requests.last(where: { $0.at + 100 <= now })?.level ?? .none
                if let target = catchUp {
                    while cursor < count && !(isKey(cursor) && cursor * frameMs >= target) { cursor += 1 }
                    catchUp = nil
                }
                while cursor < count && isSkipped(cursor, at: level) { cursor += 1 }
                if cursor < count { inFlight = (cursor, now + costPerFrame); cursor += 1 }
            }
            while let head = queue.first {
                let next = queue.count > 1 ? MediaTime.milliseconds(Int64(queue[1] * frameMs)) : nil
                let decision = policy.decide(frameTime: .milliseconds(Int64(head * frameMs)), nextFrameTime: next,
                                             master: .milliseconds(Int64(now)), at: .milliseconds(UInt64(now)))
                // Frames queued already stay: they come out late and the policy drops them.
                if let target = decision.catchUpTo { catchUp = Int(target.microseconds / 1000) }
                if case .wait = decision.frame { break }
                queue.removeFirst()
                guard decision.frame == .show else { continue }
                let lag = now - head * frameMs
                result.maxLag = max(result.maxLag, lag)
                result.longestStill = max(result.longestStill, now - lastShowAt)
                result.lastShown = head * frameMs
                lastShowAt = now
                shown += 1
                if lag > 100 {
                    late += 1
                    let since = lateSince ?? now
                    lateSince = since
                    result.longestLateStretch = max(result.longestLateStretch, now - since)
                } else {
                    lateSince = nil
                }
            }
            if requests.last?.level ?? .none != policy.lightening { requests.append((now, policy.lightening)) }
            result.lightest = max(result.lightest, policy.lightening)
        }
        result.lateShare = Double(late) / Double(max(1, shown))
        result.catchUps = policy.catchUps
        return result
    }
}
