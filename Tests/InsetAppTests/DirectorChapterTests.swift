import Foundation
import InsetCore
import InsetRender
import InsetTestSupport
import Testing
@testable import InsetApp
@testable import InsetPlayback

/// `chapter next` / `previous` (PgDn / PgUp) through the director: the seek, the title
/// said, and the marks on both progress lines.
@Suite("Director: chapters", .serialized)
struct DirectorChapterTests {
    /// The 10 s clock clip with chapters at 0 ("Opening"), 3.5 s ("Middle") and 7 s ("End").
    static func makeChaptered() throws -> String {
        try ChapteredClip.make(from: sample("clock_16x9_aac.mp4"))
    }

    /// The chapter-start glyphs on the plane of `zIndex`.
    static func marks(in planes: [Plane], zIndex: Int) -> Int {
        guard let plane = planes.first(where: { $0.zIndex == zIndex && $0.isVisible }) else { return 0 }
        var count = 0
        for row in 0..<plane.grid.rows {
            for column in 0..<plane.grid.columns where plane.grid[column, row].glyph == ProgressLine.chapterGlyph.value {
                count += 1
            }
        }
        return count
    }

    @Test("PgDn goes to the next chapter's start and says its title; PgUp goes back by the 2 s rule")
    func nextAndPrevious() throws {
        let app = try DirectorHarness(paths: [try Self.makeChaptered()])
        #expect(app.waitForPlayer())
        let video = try #require(app.director.videos.fullScreen)
        #expect(video.chapters.chapters.map(\.title) == ["Opening", "Middle", "End"])
        app.key("Space")  // paused, so the times below are the seeks' own
        app.key("PgDn")
        #expect(app.message == "chapter 2/3: Middle")
        #expect(app.waitUntil { abs(video.snapshot.position.seconds - 3.5) < 0.1 }, "\(video.snapshot.position)")
        app.key("PgDn")
        #expect(app.message == "chapter 3/3: End")
        #expect(app.waitUntil { abs(video.snapshot.position.seconds - 7) < 0.1 }, "\(video.snapshot.position)")
        // Just after a jump, PgUp goes to the chapter before, not this one's start.
        app.key("PgUp")
        #expect(app.message == "chapter 2/3: Middle")
        #expect(app.waitUntil { abs(video.snapshot.position.seconds - 3.5) < 0.1 }, "\(video.snapshot.position)")
        // More than 2 s in, PgUp goes back to the start of the chapter it is in.
        try app.command("seek-to 6")
        #expect(app.waitUntil { abs(video.snapshot.position.seconds - 6) < 0.1 })
        app.key("PgUp")
        #expect(app.message == "chapter 2/3: Middle")
        #expect(app.waitUntil { abs(video.snapshot.position.seconds - 3.5) < 0.1 }, "\(video.snapshot.position)")
        // The message lasts two seconds.
        let until = try #require(app.director.overlays.message?.until)
        #expect(until <= app.now.advanced(by: .seconds(2)))
        #expect(app.waitUntil { app.message == nil }, "the title goes")
        // Past the last chapter there is nowhere to go: said, and the position stays.
        try app.command("seek-to 8")
        #expect(app.waitUntil { abs(video.snapshot.position.seconds - 8) < 0.1 })
        #expect(app.director.execute(.chapter(.next), at: app.now) == .refused("after the last chapter"))
        #expect(abs(video.snapshot.position.seconds - 8) < 0.1)
    }

    @Test("the marks are on the player's progress line and the window's")
    func marksOnBothLines() throws {
        let app = try DirectorHarness(paths: [try Self.makeChaptered()])
        #expect(app.waitForPlayer())
        app.key("Space")  // paused: the bar stays up
        // Chapters at 3.5 s and 7 s (the one at 0 is the line's start).
        #expect(Self.marks(in: app.planes(), zIndex: 10) == 2)
        app.key("p")
        #expect(app.waitForWindow())
        app.key("Tab")  // focused: the window shows its controls
        #expect(Self.marks(in: app.planes(), zIndex: 101) == 2)
    }

    @Test("a video without chapters says so")
    func noChapters() throws {
        let app = try DirectorHarness(paths: [sample("clock_4x3.mp4")])
        #expect(app.waitForPlayer())
        app.key("PgDn")
        #expect(app.message == "this video has no chapters")
    }
}
