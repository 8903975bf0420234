import InsetCore
import Testing
@testable import InsetAudio
import InsetTestSupport

/// The audio clock's arithmetic on made-up callback times.
@Suite("The audio clock", .tags(.timed))
struct ClockTests {
    let format = AudioFormat(sampleRate: 1000, channels: 2)
    func host(_ ms: UInt64) -> HostTime { .milliseconds(ms) }

    @Test("next pts minus what the device holds, extrapolated, never past the last real sample")
    func extrapolates() {
        var clock = AudioClock()
        #expect(clock.time(at: host(0), serial: 0) == nil)
        // At 1000 ms the callback wrote 20 frames ending before 520 ms; the device held 20 more.
        clock.record(nextPTS: .milliseconds(520), realFrames: 20, heldFrames: 20, serial: 0, host: host(1000), format: format)
        #expect(clock.time(at: host(1000), serial: 0) == .milliseconds(480))
        #expect(clock.time(at: host(1015), serial: 0) == .milliseconds(495))
        #expect(clock.time(at: host(1100), serial: 0) == .milliseconds(520))
        // A later serial has nothing to say yet.
        #expect(clock.time(at: host(1015), serial: 1) == nil)
    }

    @Test("paused it holds still; resumed it holds until the next callback")
    func pauseAndResume() {
        var clock = AudioClock()
        clock.record(nextPTS: .milliseconds(520), realFrames: 20, heldFrames: 20, serial: 0, host: host(1000), format: format)
        clock.pause(at: host(1010), serial: 0)
        #expect(clock.time(at: host(5000), serial: 0) == .milliseconds(490))
        clock.resume(at: host(6000))
        #expect(clock.time(at: host(6010), serial: 0) == .milliseconds(490))
        clock.record(nextPTS: .milliseconds(560), realFrames: 20, heldFrames: 20, serial: 0, host: host(6020), format: format)
        #expect(clock.time(at: host(6030), serial: 0) == .milliseconds(530))
    }

    @Test("a reset waits for the next serial's first callback")
    func reset() {
        var clock = AudioClock()
        clock.record(nextPTS: .milliseconds(520), realFrames: 20, heldFrames: 0, serial: 0, host: host(1000), format: format)
        clock.reset()
        #expect(clock.time(at: host(1001), serial: 0) == nil)
        clock.record(nextPTS: .milliseconds(9020), realFrames: 20, heldFrames: 0, serial: 1, host: host(1020), format: format)
        #expect(clock.time(at: host(1020), serial: 1) == .milliseconds(9000))
    }
}

/// The audio clock when the samples were stretched for another speed.
@Suite("The audio clock at another speed", .tags(.timed))
struct SpeedClockReadingTests {
    let format = AudioFormat(sampleRate: 1000, channels: 2)

    @Test("each frame heard holds `speed` frames of media: what the device holds, and the run on from there")
    func stretched() {
        var clock = AudioClock()
        // 20 frames written ending before 540 ms of media at 2x, 20 more held: 80 ms of media unheard.
        clock.record(nextPTS: .milliseconds(540), realFrames: 20, heldFrames: 20, serial: 0,
                     host: .milliseconds(1000), format: format, speed: PlaybackSpeed(clamping: 200))
        #expect(clock.time(at: .milliseconds(1000), serial: 0) == .milliseconds(460))
        #expect(clock.time(at: .milliseconds(1030), serial: 0) == .milliseconds(520))
        #expect(clock.time(at: .milliseconds(1100), serial: 0) == .milliseconds(540))
        clock.record(nextPTS: .milliseconds(520), realFrames: 20, heldFrames: 20, serial: 0,
                     host: .milliseconds(2000), format: format, speed: PlaybackSpeed(clamping: 50))
        #expect(clock.time(at: .milliseconds(2000), serial: 0) == .milliseconds(500))
        #expect(clock.time(at: .milliseconds(2020), serial: 0) == .milliseconds(510))
    }
}
