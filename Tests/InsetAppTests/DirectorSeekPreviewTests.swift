import Foundation
import InsetCore
import InsetRender
import Testing
@testable import InsetApp
@testable import InsetPlayback

/// Thumbnails while seeking, through the director: a seek key held down (presses as
/// autorepeat spaces them, on the harness's clock), a press and drag along the progress
/// line, the pointer over it, and the window's line. The picture is compared cell for cell
/// with what `inset cat --at` draws of the keyframe at the same size.
@Suite("Director: seek preview", .serialized)
struct DirectorSeekPreviewTests {
    /// 30 s, 320x180, a keyframe every 10 s: a target's picture is the keyframe before it.
    static let clip = sample("long_gop.mp4")

    /// The player's bar's second row: "❚❚  «15 … 0:15 / 0:30".
    static func barText(_ app: DirectorHarness) -> String {
        guard let bar = app.planes().first(where: { $0.zIndex == 10 && $0.isVisible }) else { return "" }
        return String(String.UnicodeScalarView((0..<bar.grid.columns).compactMap { Unicode.Scalar(bar.grid[$0, 1].glyph) }))
    }

    /// `inset cat --at time` at `size` in half blocks: the cells of its one picture.
    static func catCells(at time: MediaTime, size: CellSize) throws -> CellGrid {
        var grid: CellGrid?
        try CatRunner.pictures(CatOptions(path: clip, at: time, cells: size, colorMode: .truecolor)) { grid = $0.grid }
        return try #require(grid)
    }

    /// A player paused at 0 (the bar stays up, and positions are the seeks' own).
    static func pausedPlayer() throws -> (DirectorHarness, Playback) {
        let app = try DirectorHarness(paths: [clip])
        #expect(app.waitForPlayer())
        app.key("Space")
        return (app, try #require(app.director.videos.fullScreen))
    }

    @Test("holding Right: the first press seeks, the repeats move a target the bar and the picture show, the seek waits; let go, it seeks there once")
    func heldKey() throws {
        let (app, video) = try Self.pausedPlayer()
        let preview = app.director.panes.seekPreview
        app.key("Right")
        #expect(video.snapshot.position == .seconds(15) && preview.showing == nil, "a tap seeks at once")
        app.pass(.milliseconds(500))  // the keyboard's delay before it repeats
        app.key("Right")
        #expect(preview.showing?.target == .seconds(30) && preview.showing?.movesBar == true)
        #expect(video.snapshot.position == .seconds(15), "held: nothing sought yet")
        #expect(Self.barText(app).contains("0:30 / 0:30"), "\(Self.barText(app))")
        #expect(app.settle { preview.pictureTime != nil }, "a picture within the repeat interval's wait")
        let shown = try #require(preview.showing)
        #expect(preview.pictureTime == .seconds(20), "the keyframe before the end")
        #expect(preview.layer.plane.grid == (try Self.catCells(at: .seconds(20), size: shown.placement.picture.size)))
        // Above the bar's progress line, over the target's column (the line's last).
        #expect(shown.placement.frame.maxRow == DirectorHarness.size.rows - ControlBar.height)
        #expect(shown.placement.frame.maxColumn == DirectorHarness.size.columns)
        app.pass(.milliseconds(40))
        app.key("Left")
        app.pass(.milliseconds(40))
        app.key("Left")
        #expect(preview.showing?.target == .zero && video.snapshot.position == .seconds(15))
        #expect(app.settle { preview.pictureTime == .zero }, "the newest target's picture comes")
        app.pass(.milliseconds(200))
        #expect(preview.showing != nil && video.snapshot.position == .seconds(15), "still held within the release time")
        app.pass(.milliseconds(60))
        #expect(preview.showing == nil, "let go: the picture goes")
        #expect(video.snapshot.position == .zero, "and the video seeks to the target")
        #expect(Self.barText(app).contains("0:00 / 0:30"))
    }

    @Test("another key while one is held: the pending seek is made first")
    func otherKeyEndsTheHold() throws {
        let (app, video) = try Self.pausedPlayer()
        app.key("Right")
        app.pass(.milliseconds(300))
        app.key("Right")
        #expect(video.snapshot.position == .seconds(15))
        app.key("Space")
        #expect(video.snapshot.position == .seconds(30) && app.director.panes.seekPreview.showing == nil)
    }

    @Test("a press on the progress line and a drag show the time under the pointer; the release seeks there")
    func dragOnTheLine() throws {
        let (app, video) = try Self.pausedPlayer()
        let preview = app.director.panes.seekPreview
        let row = DirectorHarness.size.rows - ControlBar.height
        let line = ControlBar.rect(of: .progress, width: DirectorHarness.size.columns)
        let lineOnScreen = CellRect(column: line.minColumn, row: row, columns: line.size.columns, rows: 1)
        app.mouse(.press, at: CellPoint(column: 30, row: row))
        let pressed = try #require(ProgressLine.time(atColumn: 30, of: lineOnScreen, in: video.snapshot))
        #expect(preview.showing?.target == pressed && video.snapshot.position == .zero)
        app.mouse(.drag, at: CellPoint(column: 90, row: row - 3))  // off the line's row: its column counts
        let dragged = try #require(ProgressLine.time(atColumn: 90, of: lineOnScreen, in: video.snapshot))
        #expect(preview.showing?.target == dragged && preview.showing?.movesBar == true)
        #expect(Self.barText(app).contains("\(dragged.clockString) / 0:30"), "\(Self.barText(app))")
        #expect(app.settle { preview.pictureTime == .seconds(20) }, "the keyframe before \(dragged)")
        #expect(preview.showing.map { $0.placement.frame.minColumn <= 90 && $0.placement.frame.maxColumn > 90 } == true)
        app.mouse(.release, at: CellPoint(column: 90, row: row - 3))
        #expect(preview.showing == nil && video.snapshot.position == dragged)
    }

    @Test("the pointer over the line shows its time without touching the bar; off the line it goes")
    func hover() throws {
        let (app, video) = try Self.pausedPlayer()
        let preview = app.director.panes.seekPreview
        let row = DirectorHarness.size.rows - ControlBar.height
        app.mouse(.move, .none, at: CellPoint(column: 60, row: row))
        #expect(preview.showing?.movesBar == false && preview.showing?.target != nil)
        #expect(Self.barText(app).contains("0:00 / 0:30") && video.snapshot.position == .zero)
        app.mouse(.move, .none, at: CellPoint(column: 60, row: row - 10))
        #expect(preview.showing == nil)
    }

    @Test("with real pixels the picture is a hole the presenter fills: a picture layer of its own, over the video's")
    func pixels() throws {
        let app = try DirectorHarness(paths: [Self.clip], raster: CellRaster(cellPixels: PixelSize(width: 10, height: 20)))
        #expect(app.waitForPlayer())
        app.key("Space")
        app.key("Right")
        app.pass(.milliseconds(100))
        app.key("Right")
        let preview = app.director.panes.seekPreview
        #expect(app.settle { preview.pictureTime == .seconds(20) })
        let top = try #require(app.director.pictureLayers.last)
        #expect(top.imageID == PicturePresenter.LayerImages.thumbnail)
        let picture = try #require(top.layer.picture, "pixels, not cells")
        let placement = try #require(preview.showing?.placement)
        #expect(top.layer.frame == placement.picture && placement.picture.size == CellSize(columns: 30, rows: 8))
        // 300x160 pixels hold it: 16:9 at the full height, on whole cells (280 or 290 wide).
        #expect(picture.region.size.height == 160 && (280...290).contains(picture.region.size.width), "\(picture.region)")
        #expect(top.layer.plane.grid[picture.cells.minColumn, picture.cells.minRow] == VideoLayer.pictureHole)
        app.pass(.milliseconds(300))
        #expect(app.director.pictureLayers.last?.imageID == PicturePresenter.LayerImages.player, "gone with the preview")
    }

    @Test("on the window's progress line: a held key with the window focused shows it above the window's line")
    func window() throws {
        let (app, video) = try Self.pausedPlayer()
        app.key("p")
        #expect(app.waitForWindow())
        app.key("Tab")
        let line = try #require(app.window?.layout.progressRect)
        app.key("Right")
        app.pass(.milliseconds(100))
        app.key("Left")
        let shown = try #require(app.director.panes.seekPreview.showing)
        #expect(shown.place == .window && shown.target == .zero && video.snapshot.position == .seconds(15))
        #expect(shown.placement.frame.maxRow == line.minRow)
        #expect(app.settle { app.director.panes.seekPreview.pictureTime == .zero })
        app.pass(.milliseconds(300))
        #expect(app.director.panes.seekPreview.showing == nil && video.snapshot.position == .zero)
    }
}
