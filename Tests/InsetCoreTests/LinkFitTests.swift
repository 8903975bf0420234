import InsetCore
import Testing

/// The link's budget (`LinkBudget`) and the quality ladder it drives (`QualityLadder`),
/// against a simulated terminal: a link draining `rate` bytes a second behind a pty that
/// holds 64 KiB, fed a frame every 40 ms (25 fps) whose bytes are the rung's cost. A frame
/// whose time passed while a write waited is dropped, as the player's catch-up does.
@Suite("Link budget and quality ladder")
struct LinkFitTests {
    /// Bytes a frame at each rung: the cells' ladder on Big Buck Bunny at 160x45, roughly.
    static let costs = [70_000, 56_000, 46_000, 38_000, 31_000, 25_000]

    struct Run {
        var framesSent: [Double] = []  // the times frames were written
        var rungs: [Int] = []  // the rung of each frame written
        func perSecond(from: Double, to: Double) -> Double {
            Double(framesSent.filter { $0 >= from && $0 < to }.count) / (to - from)
        }
    }

    static func play(_ budget: inout LinkBudget, _ ladder: inout QualityLadder, rate: Double, seconds: Double,
                     costs: [Int] = costs, from start: Double = 10) -> Run {
        var run = Run()
        var clock = start, busyUntil = start, frame = start
        while frame < start + seconds {
            if clock > frame + 0.040 { frame += 0.040; continue }  // late: dropped before drawing
            clock = max(clock, frame)
            let bytes = costs[ladder.rung]
            let drainedBy = max(busyUntil, clock) + Double(bytes) / rate
            let returns = max(clock, drainedBy - 65_536 / rate)
            let blocked = Duration.nanoseconds(Int64((returns - clock) * 1e9))
            // The writer's pieces after the first that waited were read during their waits.
            let held = max(0, (busyUntil - clock) * rate)
            let drained = max(0, Double(bytes) - (65_536 - held) - 4_096)
            budget.meter.wrote(bytes: bytes, blocked: blocked, at: time(clock), drainedBytes: Int(drained),
                         drainTime: .nanoseconds(Int64(drained / rate * 1e9)))
            run.framesSent.append(clock)
            run.rungs.append(ladder.rung)
            _ = ladder.frame(bytes: bytes, budget: budget.bytesPerFrame(framesPerSecond: 25), at: time(clock))
            busyUntil = drainedBy
            clock = returns
            frame += 0.040
        }
        return run
    }

    static func time(_ seconds: Double) -> HostTime { HostTime(nanoseconds: UInt64(seconds * 1e9)) }

    @Test("a fast local terminal: no write waits, no budget, every frame at full quality")
    func fastTerminal() {
        var budget = LinkBudget(setting: .auto)
        var ladder = QualityLadder(rungs: Self.costs.count)
        let run = Self.play(&budget, &ladder, rate: 500e6, seconds: 8)
        #expect(budget.bytesPerSecond == nil)
        #expect(budget.bytesPerFrame(framesPerSecond: 25) == nil)
        #expect(run.rungs.allSatisfy { $0 == 0 })
        #expect(run.perSecond(from: 11, to: 18) >= 24.9)
    }

    @Test("1 MB/s: the drain is measured, the ladder settles on the finest rung that fits, and 24+ frames a second go")
    func oneMegabyte() {
        var budget = LinkBudget(setting: .auto)
        var ladder = QualityLadder(rungs: Self.costs.count)
        let run = Self.play(&budget, &ladder, rate: 1e6, seconds: 20)
        let measured = budget.bytesPerSecond ?? 0
        // Measured while full; raised to what a finer rung sent without waiting, over the share.
        #expect(measured > 0.9e6 && measured < 1.3e6, "measured \(measured)")
        // 0.85 MB/s for frames over 25 a second: 34 KB a frame, so rung 4 (31 KB); rung 3
        // (38 KB, 0.95 MB/s) is tried and kept if the link takes it without waiting; no coarser.
        let settled = run.rungs.suffix(100)
        #expect(settled.allSatisfy { $0 == 3 || $0 == 4 }, "\(Array(settled))")
        #expect(run.perSecond(from: 20, to: 30) >= 24, "\(run.perSecond(from: 20, to: 30)) a second")
        // Without the ladder, the same link shows fewer than 15 a second.
        var off = LinkBudget(setting: .off)
        var full = QualityLadder(rungs: Self.costs.count)
        let before = Self.play(&off, &full, rate: 1e6, seconds: 20)
        #expect(before.rungs.allSatisfy { $0 == 0 })
        #expect(before.perSecond(from: 20, to: 30) < 15)
    }

    @Test("a link that gets faster: the ladder climbs back to full quality by trying the finer rungs")
    func fasterLink() {
        var budget = LinkBudget(setting: .auto)
        var ladder = QualityLadder(rungs: Self.costs.count)
        _ = Self.play(&budget, &ladder, rate: 0.6e6, seconds: 10)
        #expect(ladder.rung == Self.costs.count - 1)
        let run = Self.play(&budget, &ladder, rate: 4e6, seconds: 60, from: 20.04)
        #expect(run.rungs.suffix(50).allSatisfy { $0 == 0 }, "\(stride(from: 0, to: run.rungs.count, by: 25).map { run.rungs[$0] })")
    }

    @Test("an assumed rate (--link-rate N): the budget is the rate's share over the frame rate, from the start")
    func assumedRate() {
        var budget = LinkBudget(setting: .fixed(bytesPerSecond: 500_000))
        #expect(budget.bytesPerFrame(framesPerSecond: 25) == 17_000)
        budget.meter.wrote(bytes: 1_000_000, blocked: .seconds(1), at: Self.time(1), drainedBytes: 1_000_000, drainTime: .seconds(1))
        #expect(budget.meter.bytesPerSecond == 1_000_000, "measured in every setting (the pacer reads it)")
        #expect(budget.bytesPerSecond == 500_000)
        var ladder = QualityLadder(rungs: Self.costs.count)
        _ = Self.play(&budget, &ladder, rate: 500e6, seconds: 3)
        #expect(ladder.rung == Self.costs.count - 1)
    }

    @Test("--link-rate's values", arguments: [
        ("auto", LinkRate.auto), ("off", .off), ("OFF", .off), ("1M", .fixed(bytesPerSecond: 1_000_000)),
        ("500K", .fixed(bytesPerSecond: 500_000)), ("1.5m", .fixed(bytesPerSecond: 1_500_000)),
        ("250000", .fixed(bytesPerSecond: 250_000)),
    ])
    func parses(text: String, rate: LinkRate) {
        #expect(LinkRate(text: text) == rate)
    }

    @Test("--link-rate refuses what is not a rate", arguments: ["", "fast", "0", "-1M", "5", "1G", "M", "1e6"])
    func refuses(text: String) {
        #expect(LinkRate(text: text) == nil)
    }

    @Test("the cells' ladder: full quality first; wider tolerances, then the finer blitter given up last")
    func cellLadder() {
        for blitter in Blitter.allCases {
            for mode in ColorMode.allCases {
                let rungs = CellQuality.ladder(blitter: blitter, colorMode: mode)
                #expect(rungs[0] == CellQuality(tolerance: CellQuality.fullTolerance))
                #expect(rungs.contains { $0.halfBlocks } == (blitter != .half))
                // Once given up, the blitter stays given up down the ladder.
                let firstHalf = rungs.firstIndex { $0.halfBlocks } ?? rungs.count
                #expect(rungs[firstHalf...].allSatisfy { $0.halfBlocks })
                #expect(zip(rungs, rungs.dropFirst()).allSatisfy { $0.tolerance <= $1.tolerance && $0 != $1 })
            }
        }
        let octant = CellQuality.ladder(blitter: .octant, colorMode: .truecolor)
        #expect(octant.map(\.description) == ["±3", "±6", "±10", "±16", "±24", "±24 half", "±32 half"])
        #expect(CellQuality.ladder(blitter: .half, colorMode: .truecolor).count == 6)
        #expect(CellQuality.ladder(blitter: .half, colorMode: .palette256).count == 1)
    }
}
