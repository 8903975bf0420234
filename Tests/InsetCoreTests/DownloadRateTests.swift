import Testing
@testable import InsetCore

@Suite("Download rate and the variant it carries")
struct DownloadRateTests {
    /// Reads of `bytes` every `every` seconds, each waiting `busy` seconds, for `seconds`.
    static func reads(bytes: Int, every: Double, busy: Double, for seconds: Double) -> DownloadRate {
        var rate = DownloadRate(window: 4)
        var at = 0.0
        while at < seconds {
            at += every
            rate.note(at: at, bytes: bytes, busy: busy)
        }
        return rate
    }

    @Test("reads waiting nearly all the time: the link is what holds them, and bytes over time is its rate")
    func held() throws {
        let rate = Self.reads(bytes: 2_500, every: 0.1, busy: 0.095, for: 10)
        let capacity = try #require(rate.capacity(at: 10))
        #expect(capacity.held)
        #expect(abs(capacity.bytesPerSecond - 25_000) < 1_000)
    }

    @Test("reads mostly idle: more than was taken, by the idle share")
    func roomToSpare() throws {
        let rate = Self.reads(bytes: 2_500, every: 0.1, busy: 0.025, for: 10)
        let capacity = try #require(rate.capacity(at: 10))
        #expect(!capacity.held)
        #expect(abs(capacity.bytesPerSecond - 100_000) < 5_000)
    }

    @Test("nothing known before reads span half the window, or after a reset")
    func unknown() {
        var rate = Self.reads(bytes: 2_500, every: 0.1, busy: 0.05, for: 1.5)
        #expect(rate.capacity(at: 1.5) == nil)
        rate = Self.reads(bytes: 2_500, every: 0.1, busy: 0.05, for: 10)
        rate.reset()
        #expect(rate.capacity(at: 10) == nil)
    }

    /// The bundled master's BANDWIDTHs: 180p, 360p, 720p.
    static let bandwidths: [Int?] = [143_481, 310_124, 498_726]

    @Test("held back at 25 kB/s (200 kb/s) on 720p: down to 180p, the largest the rate carries with the margin")
    func stepsDown() {
        var governor = VariantRateGovernor()
        let chosen = governor.choose(bySize: 2, current: 2, bandwidths: Self.bandwidths,
                                     capacity: (25_000, true), now: 100)
        #expect(chosen == 0)
        #expect(governor.ceiling?.variant == 2 && governor.ceiling?.until == 110)
    }

    @Test("held back but carrying 360p: 360p; carrying none: the smallest; never past the size's choice")
    func heldChoices() {
        var governor = VariantRateGovernor()
        #expect(governor.choose(bySize: 2, current: 2, bandwidths: Self.bandwidths, capacity: (50_000, true), now: 0) == 1)
        #expect(governor.choose(bySize: 2, current: 1, bandwidths: Self.bandwidths, capacity: (5_000, true), now: 0) == 0)
        #expect(governor.choose(bySize: 1, current: 1, bandwidths: Self.bandwidths, capacity: (10_000_000, true), now: 0) == 1)
    }

    @Test("room to spare: one step up at a time, up to the size's choice, not to a variant that just failed until its back-off ends (doubling)")
    func stepsUp() {
        var governor = VariantRateGovernor()
        let fast: (Double, Bool) = (1_000_000, false)
        // 720p failed at t=100: 360p may be tried, 720p not before 110.
        _ = governor.choose(bySize: 2, current: 2, bandwidths: Self.bandwidths, capacity: (25_000, true), now: 100)
        #expect(governor.choose(bySize: 2, current: 0, bandwidths: Self.bandwidths, capacity: fast, now: 101) == 1)
        #expect(governor.choose(bySize: 2, current: 1, bandwidths: Self.bandwidths, capacity: fast, now: 105) == 1)
        #expect(governor.choose(bySize: 2, current: 1, bandwidths: Self.bandwidths, capacity: fast, now: 110) == 2)
        // Failing again: 20 s this time.
        _ = governor.choose(bySize: 2, current: 2, bandwidths: Self.bandwidths, capacity: (50_000, true), now: 120)
        #expect(governor.ceiling?.until == 140)
        #expect(governor.choose(bySize: 2, current: 1, bandwidths: Self.bandwidths, capacity: fast, now: 139) == 1)
        #expect(governor.choose(bySize: 2, current: 1, bandwidths: Self.bandwidths, capacity: fast, now: 140) == 2)
        // Never past the size's choice; unknown capacity is the size's choice, or what is shown
        // after a failure.
        #expect(governor.choose(bySize: 1, current: 1, bandwidths: Self.bandwidths, capacity: fast, now: 200) == 1)
        #expect(governor.choose(bySize: 2, current: 1, bandwidths: Self.bandwidths, capacity: nil, now: 200) == 2)
        _ = governor.choose(bySize: 2, current: 2, bandwidths: Self.bandwidths, capacity: (25_000, true), now: 300)
        #expect(governor.choose(bySize: 2, current: 0, bandwidths: Self.bandwidths, capacity: nil, now: 301) == 0)
        // A variant without a BANDWIDTH counts as carried.
        #expect(governor.choose(bySize: 2, current: 0, bandwidths: [nil, nil, nil], capacity: (1, false), now: 200) == 1)
    }
}
