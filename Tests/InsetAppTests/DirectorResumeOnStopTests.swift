import Foundation
import InsetCore
import InsetRender
import Testing
@testable import InsetApp
@testable import InsetPlayback

/// Issue 48 item 8: the position and the library's Watched column are kept when a video
/// stops for any reason, not only at quit. Before, a window closed with `x` (its video
/// paused behind it) and a file ended on its last frame kept nothing until the player quit.
@Suite("Director: resume kept when a video stops (issue 48 item 8)", .serialized)
struct DirectorResumeOnStopTests {
    static func keptPosition(_ state: URL, _ name: String) -> Double? {
        guard let text = try? String(contentsOfFile: state.appendingPathComponent("positions").path, encoding: .utf8) else { return nil }
        return ResumePositions.parse(text).positions.entries.first { $0.key.path.hasSuffix("/" + name) }?.position.seconds
    }

    @Test("issue 48 item 8: the window closed with x keeps the position and the Watched column at once")
    func closedWindow() throws {
        let state = try makeTemporaryDirectory("resume")
        // Listed by name: clock_16x9_aac.mp4 (10 s), then long_gop.mp4.
        let library = try libraryFolder([DirectorResumeTests.clip, sample("clock_16x9_aac.mp4")])
        let app = try DirectorHarness(paths: [library]) { $0.resumeStore = ResumeStore(directory: state.path) }
        #expect(app.waitUntil { app.director.catalog.entries.allSatisfy(\.isPlayable) })
        app.key("Enter")
        #expect(app.waitForPlayer("clock_16x9_aac.mp4"))
        try app.command("seek-to 5")
        #expect(app.waitUntil { abs((app.time(of: app.director.videos.fullScreen) ?? 0) - 5) < 0.3 })
        try app.command("pip")
        #expect(app.waitForWindow())
        try app.command("close-window")
        #expect(app.waitForNoWindow())
        #expect(app.director.isRunning)
        let kept = try #require(Self.keptPosition(state, "clock_16x9_aac.mp4"), "nothing kept before quit")
        #expect(abs(kept - 5) < 0.5)
        let rows = DirectorResumeTests.libraryText(app).split(separator: "\n")
        // 10 s long: the percent is the kept second's tenth (it played on a little in the window).
        #expect(rows.first { $0.contains("clock_16x9_aac.mp4") }?.contains("\(Int(kept * 10))%") == true, "\(rows)")
    }

    @Test("issue 48 item 8: a file that ends on its last frame (no advance) is kept as watched at once")
    func ended() throws {
        let state = try makeTemporaryDirectory("resume")
        try DirectorResumeTests.stop(at: "12", state)
        #expect(Self.keptPosition(state, "long_gop.mp4") != nil)
        let app = try DirectorResumeTests.player(state) { $0.advances = false }
        #expect(app.waitForPlayer())
        try app.command("seek-to 29.9")
        #expect(app.waitUntil(timeout: 10) { app.director.videos.fullScreen?.snapshot.isFinished == true })
        // Watched to the end: forgotten, so the next play starts at 0 (and the column is empty).
        #expect(Self.keptPosition(state, "long_gop.mp4") == nil, "still the 12 s of before")
    }
}
