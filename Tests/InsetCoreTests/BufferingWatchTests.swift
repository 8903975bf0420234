import InsetCore
import Testing

@Suite("Buffering watch")
struct BufferingWatchTests {
    static func at(_ ms: UInt64) -> HostTime { .milliseconds(1_000 + ms) }

    @Test("starved for less than the threshold says nothing; past it, buffering; a frame ends it")
    func threshold() {
        var watch = BufferingWatch()
        var changed = watch.observe(starved: true, at: Self.at(0))
        #expect(!changed)
        changed = watch.observe(starved: true, at: Self.at(400))
        #expect(!changed && !watch.isBuffering && watch.label == nil)
        #expect(watch.nextCheck(after: Self.at(400)) == .milliseconds(100))
        changed = watch.observe(starved: true, at: Self.at(500))
        #expect(changed && watch.isBuffering && watch.label == "buffering…")
        changed = watch.observe(starved: true, at: Self.at(900))
        #expect(!changed, "no change while it lasts")
        changed = watch.frameShown()
        #expect(changed && !watch.isBuffering)
    }

    @Test("frames between short gaps never say buffering, however long it plays")
    func shortGaps() {
        var watch = BufferingWatch()
        var everBuffering = false
        for frame in 0..<100 {
            let start = UInt64(frame) * 40
            _ = watch.observe(starved: true, at: Self.at(start + 30))
            everBuffering = everBuffering || watch.isBuffering
            _ = watch.frameShown()
        }
        #expect(!everBuffering)
    }

    @Test("not starved (paused, at the end, frames queued) resets the wait; what is buffered is said when known")
    func resetsAndAmount() {
        var watch = BufferingWatch()
        _ = watch.observe(starved: true, at: Self.at(0))
        _ = watch.observe(starved: false, at: Self.at(450))
        var changed = watch.observe(starved: true, at: Self.at(600))
        #expect(!changed, "the wait starts again")
        changed = watch.observe(starved: true, buffered: MediaTime(microseconds: 1_250_000), at: Self.at(1_100))
        #expect(changed && watch.label == "buffering… 1.3 s buffered")
        changed = watch.observe(starved: false, at: Self.at(1_200))
        #expect(changed && watch.label == nil)
    }
}
