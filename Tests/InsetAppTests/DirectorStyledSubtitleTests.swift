import Foundation
import InsetCore
import InsetRender
import Testing
@testable import InsetApp
@testable import InsetPlayback

/// Text subtitles in a pixel mode (sixel here): libass draws them into the frame, and no
/// subtitle plane cuts the picture (issue 45). The pixels themselves are checked from
/// outside (StyledSubtitlePixelsTests).
@Suite("Director: styled subtitles in pixels", .serialized)
struct DirectorStyledSubtitleTests {
    @Test("with sixel pixels the line is drawn into the frame by libass, and no plane shows its words; in cells a plane does")
    func intoThePicture() throws {
        var options = AppOptions(paths: [sample("subtitled.mp4")])
        options.start = .seconds(1)
        let app = try DirectorHarness(options, raster: CellRaster(blitter: .half), pictures: SixelPictures())
        #expect(app.waitForPlayer())
        app.key("Space")
        let video = try #require(app.director.videos.fullScreen)
        let subtitles = try #require(video.subtitles)
        #expect(app.waitUntil { (subtitles.styledRenderer?.lastTouched ?? 0) > 0 }, "libass drew nothing")
        #expect(subtitles.drawsStyledText)
        #expect(!DirectorSubtitleTests.shown(app).contains("First line"), "\(DirectorSubtitleTests.shown(app))")

        let cells = try DirectorSubtitleTests.paused(sample("subtitled.mp4"), at: 1)
        #expect(cells.waitUntil { DirectorSubtitleTests.shown(cells).contains("First line") })
        #expect(cells.director.videos.fullScreen?.subtitles?.styledRenderer == nil)
    }
}
