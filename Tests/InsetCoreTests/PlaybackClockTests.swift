import Testing
import InsetCore

@Suite("Playback clock and frame timing")
struct PlaybackClockTests {
    let t0 = HostTime.milliseconds(1_000)

    @Test("runs one for one, freezes when paused, jumps on set")
    func clock() {
        var clock = PlaybackClock(at: .seconds(10), host: t0, running: true)
        #expect(clock.time(at: t0.advanced(by: .milliseconds(500))) == .seconds(10.5))
        clock.pause(at: t0.advanced(by: .seconds(2)))
        #expect(clock.time(at: t0.advanced(by: .seconds(9))) == .seconds(12))
        clock.resume(at: t0.advanced(by: .seconds(10)))
        #expect(clock.time(at: t0.advanced(by: .seconds(11))) == .seconds(13))
        clock.set(.seconds(40), at: t0.advanced(by: .seconds(11)))
        #expect(clock.time(at: t0.advanced(by: .milliseconds(11_040))) == .milliseconds(40_040))
        clock.pause(at: t0.advanced(by: .seconds(12)))
        clock.set(.seconds(5), at: t0.advanced(by: .seconds(13)))
        #expect(clock.time(at: t0.advanced(by: .seconds(20))) == .seconds(5))
        #expect(!clock.isRunning)
    }

    @Test("frames wait, show, or drop", arguments: [
        (1.00, 1.04, 0.90, FrameDecision.wait(until: .seconds(1.0))),
        (1.00, 1.04, 1.00, FrameDecision.show),
        (1.00, 1.04, 1.03, FrameDecision.show),
        (1.00, 1.04, 1.04, FrameDecision.drop),
        (1.00, nil, 5.00, FrameDecision.show),
    ] as [(Double, Double?, Double, FrameDecision)])
    func decisions(frame: Double, next: Double?, now: Double, expected: FrameDecision) {
        #expect(FrameScheduler.decide(frameTime: .seconds(frame), nextFrameTime: next.map { .seconds($0) },
                                      now: .seconds(now)) == expected)
    }
}
