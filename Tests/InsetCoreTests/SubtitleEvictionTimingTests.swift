import InsetCore
import Testing
import InsetTestSupport

/// The cue list's eviction measured by its time: a ratio of two fills' seconds, which the
/// CPU the test gets decides (161 beside the other groups on two cores, against 8 to 12
/// alone), so scripts/test runs this suite in its timed group, alone.
@Suite("Subtitle cue eviction, timed", .tags(.timed))
struct SubtitleEvictionTimingTests {
    @Test("evicting the oldest cue moves none of the others: eight times the cues, past a capacity eight times as large, take about eight times as long, not 64")
    func evictionIsLinear() {
        // With each eviction moving the cues kept, filling costs cues x capacity: 64 times
        // (seconds, against a tenth) for eight times the cues. A ratio of 24 leaves the
        // linear 8 room for a loaded machine and the larger list's cache misses.
        let small = SubtitleCueTests.secondsToFill(count: 10_000), large = SubtitleCueTests.secondsToFill(count: 80_000)
        #expect(large / small < 24, "10k cues: \(small) s, 80k: \(large) s")
    }
}
