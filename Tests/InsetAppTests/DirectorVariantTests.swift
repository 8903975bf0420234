import Foundation
import InsetCore
import InsetRender
import Testing
@testable import InsetApp
@testable import InsetPlayback

/// An HLS master playlist (samples/hls, scripts/make-hls: 180p, 360p, 720p; its first
/// frame at 1.48 s) through the director, untimed: every frame it has is shown, whichever
/// variant the render size starts on or changes to, and the time beside the duration
/// runs from 0:00 to the duration and no further.
@Suite("Director: HLS variants", .serialized)
struct DirectorVariantTests {
    static let master = sample("hls/master.m3u8")
    /// Octants on 120x40 cells want 360p full screen and 180p in the window: 360p is not
    /// the stream libavformat opens first, and p changes variant.
    static let octants = CellRaster(blitter: .octant)

    /// The window title's "M:SS / M:SS", in whole seconds; nil while it shows none.
    static func titleTimes(_ app: DirectorHarness) -> (time: Int, duration: Int)? {
        _ = app.planes()
        guard let grid = app.window?.chrome.grid, grid.size.rows > 0 else { return nil }
        let title = String(String.UnicodeScalarView((0..<grid.size.columns).compactMap { Unicode.Scalar(grid[$0, 0].glyph) }))
        guard let match = title.firstMatch(of: /(\d+):(\d\d) \/ (\d+):(\d\d)/),
              let m = Int(match.1), let s = Int(match.2), let dm = Int(match.3), let ds = Int(match.4) else { return nil }
        return (m * 60 + s, dm * 60 + ds)
    }

    @Test("full screen to the end on a variant the input did not open first: every frame shown or dropped, none left out")
    func everyFrameFullScreen() throws {
        let frames = try ffprobeFrameCount(sample("hls/v0/index.m3u8"))
        let app = try DirectorHarness(paths: [Self.master], raster: Self.octants)
        #expect(app.waitForPlayer())
        let video = try #require(app.director.videos.fullScreen)
        #expect(app.waitUntil(timeout: 30) { video.endReported })
        #expect(video.statistics.variant?.description == "640x360 (2/3)" && video.statistics.variantSwitches == 0)
        // One neither shown nor dropped never reached the screen: a variant switched to at
        // the start used to lose its first GOP.
        #expect(video.statistics.shown + video.statistics.dropped == frames,
                "\(video.statistics.shown) shown and \(video.statistics.dropped) dropped of \(frames)")
    }

    @Test("p moves a playing master into the window: its variant takes over, no frame is lost, and the title's time never goes back, jumps or passes the duration")
    func windowTakesOver() throws {
        let frames = try ffprobeFrameCount(sample("hls/v0/index.m3u8"))
        let app = try DirectorHarness(paths: [Self.master], raster: Self.octants)
        #expect(app.waitForPlayer())
        let video = try #require(app.director.videos.fullScreen)
        #expect(video.statistics.variant?.description == "640x360 (2/3)")
        app.run(for: 1.5)
        app.key("p")
        #expect(app.waitForWindow())
        var times: [Int] = []
        var duration = 0
        let ended = app.waitUntil(timeout: 30) {
            if let shown = Self.titleTimes(app) { times.append(shown.time); duration = shown.duration }
            return video.endReported
        }
        #expect(ended)
        #expect(video.statistics.variant?.description == "320x180 (1/3)" && video.statistics.variantSwitches == 1)
        #expect(video.statistics.shown + video.statistics.dropped == frames,
                "\(video.statistics.shown) shown and \(video.statistics.dropped) dropped of \(frames)")
        #expect(duration == 10 && times.count > 10, "\(times.count) titles seen, duration \(duration)")
        #expect(times.allSatisfy { $0 <= duration }, "past the duration: \(times)")
        let steps = zip(times, times.dropFirst()).map { $1 - $0 }
        #expect(steps.allSatisfy { (0...1).contains($0) }, "a step back or a jump: \(times)")
    }
}
