import Testing
import InsetCore

/// A seek key held down: when a press is a repeat, where the pending target goes, and when
/// the key counts as let go, by the times given (no clock).
@Suite("Holding a seek key")
struct SeekScrubTests {
    let file = PlayableRange(start: .zero, end: .seconds(100))
    func at(_ ms: UInt64) -> HostTime { .milliseconds(10_000 + ms) }

    @Test("a single press is a tap (seek now); nothing is pending and nothing waits to be let go")
    func singleTap() {
        var scrub = SeekScrub()
        #expect(scrub.press(by: .seconds(15), from: .seconds(10), in: file, at: at(0)) == .tap)
        #expect(!scrub.isHeld && scrub.releaseDue == nil)
        #expect(scrub.release(at: at(5_000)) == nil)
    }

    @Test("autorepeat (a first repeat after the keyboard's delay, then every 40 ms) moves the target from where the tap's seek went, and the seek waits")
    func repeatsMoveTheTarget() {
        var scrub = SeekScrub()
        #expect(scrub.press(by: .seconds(15), from: .seconds(10), in: file, at: at(0)) == .tap)
        // The tap's seek made the machine's position 25 s.
        #expect(scrub.press(by: .seconds(15), from: .seconds(25), in: file, at: at(660)) == .held(target: .seconds(40)))
        #expect(scrub.press(by: .seconds(15), from: .seconds(25), in: file, at: at(700)) == .held(target: .seconds(55)))
        #expect(scrub.press(by: .seconds(15), from: .seconds(25), in: file, at: at(740)) == .held(target: .seconds(70)))
        #expect(scrub.target == .seconds(70) && scrub.isHeld)
        #expect(scrub.releaseDue == at(740 + 250))
        #expect(scrub.release(at: at(740 + 249)) == nil, "still held: a repeat may yet come")
        #expect(scrub.release(at: at(740 + 250)) == .seconds(70), "let go: seek to the target, once")
        #expect(!scrub.isHeld && scrub.release(at: at(2_000)) == nil)
    }

    @Test("a press after the repeat window is a tap again")
    func slowPressesAreTaps() {
        var scrub = SeekScrub()
        _ = scrub.press(by: .seconds(15), from: .zero, in: file, at: at(0))
        #expect(scrub.press(by: .seconds(15), from: .seconds(15), in: file, at: at(701)) == .tap)
        #expect(scrub.press(by: .seconds(15), from: .seconds(30), in: file, at: at(1_500)) == .tap)
    }

    @Test("the target stays within the file: the other direction comes back, the ends stop it")
    func targetIsClamped() {
        var scrub = SeekScrub()
        _ = scrub.press(by: .seconds(15), from: .seconds(80), in: file, at: at(0))
        #expect(scrub.press(by: .seconds(15), from: .seconds(95), in: file, at: at(500)) == .held(target: .seconds(100)))
        #expect(scrub.press(by: .seconds(15), from: .seconds(95), in: file, at: at(540)) == .held(target: .seconds(100)))
        #expect(scrub.press(by: .seconds(-15), from: .seconds(95), in: file, at: at(580)) == .held(target: .seconds(85)))
        var back = SeekScrub()
        _ = back.press(by: .seconds(-15), from: .seconds(5), in: file, at: at(0))
        #expect(back.press(by: .seconds(-15), from: .zero, in: file, at: at(500)) == .held(target: .zero))
    }

    @Test("ended at once by another command: its target is given; a repeat soon after holds again from the new position")
    func finishedByAnotherCommand() {
        var scrub = SeekScrub()
        _ = scrub.press(by: .seconds(15), from: .zero, in: file, at: at(0))
        _ = scrub.press(by: .seconds(15), from: .seconds(15), in: file, at: at(500))
        #expect(scrub.finish() == .seconds(30))
        #expect(scrub.finish() == nil && scrub.releaseDue == nil)
        #expect(scrub.press(by: .seconds(15), from: .seconds(30), in: file, at: at(540)) == .held(target: .seconds(45)))
    }

    @Test("a press with an earlier time than the last (clocks of two turns) is a tap, not a repeat")
    func timeGoingBackIsATap() {
        var scrub = SeekScrub()
        _ = scrub.press(by: .seconds(15), from: .zero, in: file, at: at(500))
        #expect(scrub.press(by: .seconds(15), from: .seconds(15), in: file, at: at(400)) == .tap)
    }
}
