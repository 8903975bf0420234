import InsetCore
import Testing

/// The link's one measure (`LinkMeter`): drains pooled, a measure that no wait has renewed
/// lately not trusted by a reader that asks for a recent one, raised by frames that went
/// through without waiting, and taken whatever `--link-rate` says.
@Suite("Link meter")
struct LinkMeterTests {
    static func time(_ seconds: Double) -> HostTime { HostTime(nanoseconds: UInt64(seconds * 1e9)) }

    @Test("drains are pooled over their time; one too short to tell is left out")
    func pooled() {
        let meter = LinkMeter()
        meter.wrote(bytes: 50_000, blocked: .milliseconds(40), at: Self.time(1), drainedBytes: 40_000, drainTime: .milliseconds(40))
        meter.wrote(bytes: 50_000, blocked: .milliseconds(40), at: Self.time(1.04), drainedBytes: 20_000, drainTime: .milliseconds(40))
        // 60 KB over 80 ms.
        #expect(abs(meter.bytesPerSecond! - 750_000) < 1)
        // 3 ms: a bursty reader's, not taken.
        meter.wrote(bytes: 50_000, blocked: .milliseconds(3), at: Self.time(1.08), drainedBytes: 30_000, drainTime: .milliseconds(3))
        #expect(abs(meter.bytesPerSecond! - 750_000) < 1)
        #expect(meter.lastDrainAt == Self.time(1.04))
    }

    @Test("a measure no wait renewed for `within` is not given to a reader asking for a recent one")
    func recent() {
        let meter = LinkMeter()
        #expect(meter.measured(at: Self.time(1), within: .seconds(5)) == nil)
        meter.wrote(bytes: 50_000, blocked: .milliseconds(40), at: Self.time(1), drainedBytes: 40_000, drainTime: .milliseconds(40))
        #expect(meter.measured(at: Self.time(5.9), within: .seconds(5)) == 1_000_000)
        // Small writes that never wait: the budget keeps the figure, the pacer forgets it.
        for step in 0..<100 { meter.wrote(bytes: 1_000, blocked: .zero, at: Self.time(1.1 + Double(step) * 0.05)) }
        #expect(meter.measured(at: Self.time(6.1), within: .seconds(5)) == nil)
        #expect(meter.bytesPerSecond == 1_000_000)
    }

    @Test("frames that went through without waiting faster than the measure raise it, never lower it")
    func raised() {
        let meter = LinkMeter()
        meter.wrote(bytes: 50_000, blocked: .milliseconds(100), at: Self.time(1), drainedBytes: 100_000, drainTime: .milliseconds(100))
        #expect(meter.bytesPerSecond == 1_000_000)
        // 40 KB every 40 ms for a second, none waiting: 1 MB/s of frames at 0.85 of the link.
        for step in 0..<26 { meter.wrote(bytes: 40_000, blocked: .zero, at: Self.time(2 + Double(step) * 0.04)) }
        let raised = meter.bytesPerSecond ?? 0
        #expect(raised > 1_250_000 && raised < 1_500_000, "\(raised)")
        // Slow small frames say nothing lower.
        for step in 0..<26 { meter.wrote(bytes: 1_000, blocked: .zero, at: Self.time(4 + Double(step) * 0.04)) }
        #expect(meter.bytesPerSecond == raised)
    }

    @Test("the budget reads the meter by the setting: measured for auto, assumed or nothing otherwise; the meter measures in each")
    func settings() {
        let meter = LinkMeter()
        meter.wrote(bytes: 50_000, blocked: .milliseconds(40), at: Self.time(1), drainedBytes: 40_000, drainTime: .milliseconds(40))
        #expect(LinkBudget(setting: .auto, meter: meter).bytesPerSecond == 1_000_000)
        #expect(LinkBudget(setting: .off, meter: meter).bytesPerSecond == nil)
        #expect(LinkBudget(setting: .off, meter: meter).measured == nil)
        #expect(LinkBudget(setting: .fixed(bytesPerSecond: 500_000), meter: meter).bytesPerSecond == 500_000)
        #expect(meter.bytesPerSecond == 1_000_000)
    }
}
