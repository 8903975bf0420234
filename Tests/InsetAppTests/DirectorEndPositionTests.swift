import InsetCore
import Testing
@testable import InsetApp

/// `--end` in mpv's relative forms, as `--start` takes them (mpv 0.35's `--end=-T`, `N%`):
/// counted on the file's length once it is open. The clip is 10 s long.
@Suite("Director: --end's relative forms", .serialized)
struct DirectorEndPositionTests {
    static let clip = sample("clock_16x9_aac.mp4")

    /// How far the clip played before the player quit at `end`.
    private func furthest(endingAt end: RelativeTime) throws -> Double {
        let app = try DirectorHarness(paths: [Self.clip]) { options in options.end = end }
        #expect(app.waitForPlayer())
        var furthest = 0.0
        #expect(app.waitUntil(timeout: 8) {
            if let video = app.director.focusedVideo { furthest = max(furthest, video.masterTime(at: app.now).seconds) }
            return !app.director.isRunning
        }, "the player quits at --end=\(end.text)")
        return furthest
    }

    @Test("--end=-9 ends 9 s before the end of the 10 s clip")
    func backFromTheEnd() throws {
        let reached = try furthest(endingAt: .fromEnd(.seconds(9)))
        #expect(reached >= 0.9 && reached < 1.5, "ended at \(reached) s")
    }

    @Test("--end=12% ends at 12% of the clip")
    func percentOfTheFile() throws {
        let reached = try furthest(endingAt: .percent(12))
        #expect(reached >= 1.1 && reached < 1.7, "ended at \(reached) s")
    }
}
