import Foundation
import InsetCore
import InsetRender
import Testing
@testable import InsetApp
@testable import InsetPlayback

/// A paused video sent to the window shows its frame there at the window's size from the
/// moment the window is up (issue 48 item 2).
@Suite("Director: a paused video in the window", .serialized)
struct DirectorPausedWindowTests {
    static let clip = sample("clock_16x9_aac.mp4")

    /// The window's video plane as the loop would paint it.
    static func windowPicture(_ app: DirectorHarness) -> Plane? {
        app.planes().first { $0.zIndex == 100 }
    }

    @Test("issue 48 item 2: Space then p shows the paused frame scaled to the window, not the middle of the full-screen one")
    func pausedFrameFillsTheWindow() throws {
        let app = try DirectorHarness(paths: [Self.clip]) { $0.muted = true }
        #expect(app.waitForPlayer())
        app.run(for: 0.5)
        app.key("Space")
        app.run(for: 0.2)
        let paused = try #require(app.director.videos.fullScreen?.current?.time)
        app.key("p")
        #expect(app.waitForWindow())
        let window = try #require(app.window)
        let video = try #require(app.director.videos.window)
        // Still paused, on the same frame, drawn for the window's cells: the whole picture
        // small, where before it was the middle of the full-screen one, cut to the window.
        #expect(!video.snapshot.isPlaying)
        let shown = try #require(video.current)
        #expect(shown.time == paused)
        #expect(shown.viewport?.cells == window.videoCells, "the frame on show was scaled for \(shown.viewport?.cells as Any)")
        let plane = try #require(Self.windowPicture(app))
        #expect(plane.size == window.videoCells)
    }
}
