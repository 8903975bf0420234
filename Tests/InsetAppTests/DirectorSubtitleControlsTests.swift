import Foundation
import InsetCore
import InsetRender
import Testing
@testable import InsetApp
@testable import InsetPlayback

/// `--sub-visibility`, `--secondary-sid`, `--sub-pos` and `--sub-color` (issue 45, item 4)
/// through the director: subtitles hidden with their track still chosen, a second track at
/// the top, the plain caption's row and colour.
@Suite("Director: subtitle visibility and a second track", .serialized)
struct DirectorSubtitleControlsTests {
    // subtitled.mp4: English (3–5 s "Second line") then French (3.5–5.5 s "Deuxième ligne").

    @Test("--sub-visibility=no shows nothing; sub-visibility shows the line again, and says so")
    func visibility() throws {
        let app = try DirectorSubtitleTests.paused(DirectorSubtitleTests.subtitled, at: 4) {
            $0.settings.set("sub-visibility", .flag(false))
        }
        #expect(app.waitUntil { app.director.videos.fullScreen?.current != nil })
        app.run(for: 0.3)
        #expect(!DirectorSubtitleTests.shown(app).contains("Second line"))
        try app.command("sub-visibility")
        #expect(app.message == "subtitles shown")
        #expect(app.waitUntil { DirectorSubtitleTests.shown(app).contains("Second line") }, "\(DirectorSubtitleTests.shown(app))")
        try app.command("sub-visibility no")
        #expect(app.message == "subtitles hidden")
        #expect(app.waitUntil { !DirectorSubtitleTests.shown(app).contains("Second line") })
        #expect(app.director.mpvState(at: app.now).settings["sub-visibility"] == .flag(false))
    }

    @Test("--secondary-sid=2: the French line at the top of the picture, the English at its bottom, at once")
    func secondaryAtTheTop() throws {
        let app = try DirectorSubtitleTests.paused(DirectorSubtitleTests.subtitled, at: 4) {
            $0.settings.set("secondary-sid", .integer(2))
        }
        #expect(app.waitUntil {
            let shown = DirectorSubtitleTests.shown(app)
            return shown.contains("Second line") && shown.contains("Deuxième ligne")
        }, "\(DirectorSubtitleTests.shown(app))")
        let plane = app.director.overlays.subtitles.fullScreen.plane
        let rows = plane.grid.description.split(separator: "\n", omittingEmptySubsequences: false)
        let french = try #require(rows.firstIndex { $0.contains("Deuxième ligne") })
        let english = try #require(rows.firstIndex { $0.contains("Second line") })
        #expect(french == 0, "the second track on row \(french)")
        #expect(english > rows.count / 2, "the first on row \(english) of \(rows.count)")
    }

    @Test("--sub-pos=50 ends the plain caption at the picture's middle row; --sub-color=#FFFF00 colours its letters")
    func captionPlaceAndColour() throws {
        let app = try DirectorSubtitleTests.paused(DirectorSubtitleTests.subtitled, at: 4) {
            $0.settings.set("sub-pos", .integer(50))
            $0.settings.set("sub-color", .text("#FFFF00"))
        }
        #expect(app.waitUntil { DirectorSubtitleTests.shown(app).contains("Second line") })
        let plane = app.director.overlays.subtitles.fullScreen.plane
        let rows = plane.grid.description.split(separator: "\n", omittingEmptySubsequences: false)
        let row = try #require(rows.firstIndex { $0.contains("Second line") })
        #expect(abs(row - (plane.grid.rows / 2 - 1)) <= 1, "row \(row) of \(plane.grid.rows)")
        let column = rows[row].distance(from: rows[row].startIndex, to: rows[row].range(of: "Second")!.lowerBound)
        #expect(RGB(packed: plane.grid[column, row].foreground) == RGB(255, 255, 0))
    }
}
