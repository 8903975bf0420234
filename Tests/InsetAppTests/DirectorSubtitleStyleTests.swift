import Foundation
import InsetControl
import InsetCore
import InsetMedia
import InsetRender
import Testing
@testable import InsetApp
@testable import InsetPlayback

/// The subtitles' looks set while playing (issue 45's last controls): `sub-pos` and
/// `sub-color` move and colour the plain caption in cells, `sub-scale` reaches libass in
/// pixels, and `--secondary-sid` is drawn into the picture's top rows by libass in pixels.
@Suite("Director: subtitle looks while playing, the second track in pixels", .serialized)
struct DirectorSubtitleStyleTests {
    // subtitled.mp4: English (3–5 s "Second line") then French (3.5–5.5 s "Deuxième ligne").

    /// The row of the subtitle plane that holds `words`.
    static func row(of words: String, in app: DirectorHarness) -> Int? {
        _ = app.planes()  // composed as a paint would
        let rows = app.director.overlays.subtitles.fullScreen.plane.grid.description.split(separator: "\n", omittingEmptySubsequences: false)
        return rows.firstIndex { $0.contains(words) }
    }

    @Test("set_property sub-pos 50 over mpv's IPC moves the plain caption from the bottom to the middle row; get_property reads it back")
    func positionOverIPC() throws {
        let app = try DirectorSubtitleTests.paused(DirectorSubtitleTests.subtitled, at: 4)
        #expect(app.waitUntil { DirectorSubtitleTests.shown(app).contains("Second line") })
        let rows = app.director.overlays.subtitles.fullScreen.plane.grid.rows
        let before = try #require(Self.row(of: "Second line", in: app))
        #expect(before > rows * 3 / 4, "row \(before) of \(rows)")
        let mpv = try DirectorMpvTests.MpvClient(app)
        #expect(try mpv.ask([.string("set_property"), .string("sub-pos"), .int(50)])["error"] == .string("success"))
        #expect(app.waitUntil { Self.row(of: "Second line", in: app).map { abs($0 - (rows / 2 - 1)) <= 1 } ?? false },
                "row \(Self.row(of: "Second line", in: app) ?? -1) of \(rows)")
        #expect(try mpv.data("sub-pos") == .int(50))
    }

    @Test("sub-color set while playing colours the caption's letters at the next paint")
    func colourByCommand() throws {
        let app = try DirectorSubtitleTests.paused(DirectorSubtitleTests.subtitled, at: 4)
        #expect(app.waitUntil { DirectorSubtitleTests.shown(app).contains("Second line") })
        try app.command("sub-color #FFFF00")
        #expect(app.message == "sub-color #FFFF00")
        let row = try #require(Self.row(of: "Second line", in: app))
        let plane = app.director.overlays.subtitles.fullScreen.plane
        let text = plane.grid.description.split(separator: "\n", omittingEmptySubsequences: false)[row]
        let column = text.distance(from: text.startIndex, to: try #require(text.range(of: "Second")).lowerBound)
        #expect(RGB(packed: plane.grid[column, row].foreground) == RGB(255, 255, 0))
    }

    /// A paused sixel director on subtitled.mp4 at 4 s, with `configure`'s settings.
    static func pixels(_ configure: (inout AppOptions) -> Void = { _ in }) throws -> DirectorHarness {
        var options = AppOptions(paths: [sample("subtitled.mp4")])
        options.start = .seconds(4)
        configure(&options)
        let app = try DirectorHarness(options, raster: CellRaster(blitter: .half), pictures: SixelPictures())
        #expect(app.waitForPlayer())
        app.key("Space")
        return app
    }

    /// How many pixels of `rows` (fractions of the height) differ between two directors' frames on screen.
    static func differing(_ one: DirectorHarness, _ other: DirectorHarness, rows: ClosedRange<Double>) -> Int {
        guard let a = one.director.videos.fullScreen?.current?.image, let b = other.director.videos.fullScreen?.current?.image,
              a.size == b.size else { return -1 }
        var count = 0
        for y in Int(Double(a.height) * rows.lowerBound)..<Int(Double(a.height) * rows.upperBound) {
            for x in 0..<a.width where a.pixel(x: x, y: y) != b.pixel(x: x, y: y) { count += 1 }
        }
        return count
    }

    @Test("--secondary-sid=2 in sixel: libass draws the French line into the top rows of the frame, and no plane shows it")
    func secondaryInPixels() throws {
        let app = try Self.pixels { $0.settings.set("secondary-sid", .integer(2)) }
        let subtitles = try #require(app.director.videos.fullScreen?.subtitles)
        #expect(app.waitUntil { (subtitles.secondaryRenderer?.lastTouched ?? 0) > 0 }, "libass drew no second track")
        #expect(!DirectorSubtitleTests.shown(app).contains("Deuxième"), "\(DirectorSubtitleTests.shown(app))")
        // The same frame without the second track: they differ in the top rows only.
        let alone = try Self.pixels()
        #expect(alone.waitUntil { (alone.director.videos.fullScreen?.subtitles?.styledRenderer?.lastTouched ?? 0) > 0 })
        #expect(alone.director.videos.fullScreen?.current?.time == app.director.videos.fullScreen?.current?.time)
        let top = Self.differing(app, alone, rows: 0...0.25), rest = Self.differing(app, alone, rows: 0.25...1)
        #expect(top > 50 && rest == 0, "top quarter \(top) pixels differ, the rest \(rest)")
    }

    @Test("sub-scale set while paused in sixel reaches libass, and the frame is drawn again larger")
    func scaleInPixels() throws {
        let app = try Self.pixels()
        let subtitles = try #require(app.director.videos.fullScreen?.subtitles)
        #expect(app.waitUntil { (subtitles.styledRenderer?.lastTouched ?? 0) > 0 })
        let before = subtitles.styledRenderer?.lastTouched ?? 0
        try app.command("sub-scale 2")
        #expect(subtitles.textStyle.scale == 2)
        #expect(app.waitUntil { (subtitles.styledRenderer?.lastTouched ?? 0) > before * 3 / 2 },
                "touched \(before) -> \(subtitles.styledRenderer?.lastTouched ?? 0)")
        #expect(app.director.mpvState(at: app.now).settings["sub-scale"] == .number(2))
    }
}
