import Foundation
import InsetCore
import InsetMedia
import InsetRender
import Testing
@testable import InsetApp
@testable import InsetPlayback

@Suite("File details: facts, still preview, keys and mouse")
struct FileDetailsTests {
    static func clockEntry() -> LibraryEntry {
        let path = sample("clock_4x3.mp4")
        return LibraryEntry(path: path, name: "clock_4x3.mp4", fileSize: 36861, state: LibraryCatalog.probe(path))
    }

    /// Cells of `area` showing a picture (half blocks), and how many of them have colour.
    static func pictureCells(_ grid: CellGrid, in area: CellRect) -> (all: Int, coloured: Int) {
        var all = 0, coloured = 0
        for row in area.minRow..<area.maxRow {
            for column in area.minColumn..<area.maxColumn where grid[column, row].glyph == Cell.upperHalfBlock {
                let cell = grid[column, row]
                all += 1
                if cell.foreground & 0xF0F0F0 != 0 || cell.background & 0xF0F0F0 != 0 { coloured += 1 }
            }
        }
        return (all, coloured)
    }

    @Test("the facts appear; the still preview arrives, letterboxed, and follows a resize")
    func factsAndPreview() throws {
        var pane = FileDetails(entry: Self.clockEntry(), index: 4)
        var grid = CellGrid(size: CellSize(columns: 100, rows: 30))
        pane.draw(into: &grid, focused: true)
        #expect(grid.line(0).hasPrefix(" Details — clock_4x3.mp4"))
        let text = grid.description
        for fact in ["container", "mov,mp4", "0:06", "h264", "320x240", "audio         none"] {
            #expect(text.contains(fact), "missing \(fact) in\n\(text)")
        }
        #expect(grid.line(29).hasPrefix(" Esc back · Enter play · ? keys · q quit"))
        let layout = pane.layout
        #expect(layout.preview.minColumn > layout.facts.maxColumn, "side by side on a wide pane")
        #expect(pane.isLoading)
        #expect(grid.line(layout.preview.minRow + layout.preview.size.rows / 2).contains("loading preview…"))

        #expect(eventually(timeout: 10) { pane.poll() }, "no preview within 10 s")
        #expect(!pane.isLoading && !pane.poll())
        pane.draw(into: &grid, focused: true)
        let area = layout.preview
        let frame = try #require(pane.shownFrame)
        #expect(frame.viewport == Viewport(cells: area.size))
        #expect(abs(frame.time.seconds - 0.6) < 0.05, "the still is taken at 10% of the duration: \(frame.time)")
        let cells = Self.pictureCells(grid, in: area)
        #expect(cells.all == frame.placement.width * frame.placement.height / 2)
        #expect(cells.coloured > cells.all / 10, "a picture, not a black frame")
        // 4:3 in a taller area: black bars above and below the picture.
        #expect(frame.placement.y > 0)
        for column in area.minColumn..<area.maxColumn { #expect(grid[column, area.minRow] == LibraryTheme.pictureBar) }
        let middle = area.minRow + (frame.placement.y + frame.placement.height / 2) / 2
        #expect(grid[area.minColumn + frame.placement.x + frame.placement.width / 2, middle].glyph == Cell.upperHalfBlock)

        // A larger pane: the old picture stays, centred, while the new one loads.
        var larger = CellGrid(size: CellSize(columns: 140, rows: 44))
        pane.draw(into: &larger, focused: false)
        let newArea = pane.layout.preview
        #expect(newArea != area && pane.isLoading)
        #expect(Self.pictureCells(larger, in: newArea).all == cells.all)
        #expect(eventually(timeout: 10) { pane.poll() })
        pane.draw(into: &larger, focused: false)
        #expect(pane.shownFrame?.viewport == Viewport(cells: newArea.size))
        #expect(Self.pictureCells(larger, in: newArea).all > cells.all)
        pane.stop()
    }

    @Test("with a pixel raster the still is holes for the presenter, or placeholder cells, where it shows; cells again when the raster changes")
    func pixelPreview() throws {
        let raster = CellRaster(cellPixels: PixelSize(width: 10, height: 20))
        var pane = FileDetails(entry: Self.clockEntry(), index: 0, raster: raster)
        var grid = CellGrid(size: CellSize(columns: 100, rows: 30))
        pane.draw(into: &grid, focused: true)
        #expect(eventually(timeout: 10) { pane.poll() }, "no preview within 10 s")
        pane.draw(into: &grid, focused: true)
        let area = pane.layout.preview
        let picture = try #require(pane.previewLayer.picture, "a picture for the presenter")
        #expect(pane.previewLayer.plane.origin == area.origin)
        #expect(picture.raster == raster && picture.image.size == PixelSize(width: picture.region.width, height: picture.region.height))
        // 4:3 in the area, centred; its cells are holes, the bars around them black.
        let cells = CellRect(column: area.minColumn + picture.cells.minColumn, row: area.minRow + picture.cells.minRow,
                             columns: picture.cells.size.columns, rows: picture.cells.size.rows)
        #expect(cells.size.columns > 20 && abs(Double(cells.size.columns * 10) / Double(cells.size.rows * 20) - 4.0 / 3.0) < 0.15)
        for row in area.minRow..<area.maxRow {
            for column in area.minColumn..<area.maxColumn {
                let inside = cells.contains(CellPoint(column: column, row: row))
                #expect(grid[column, row] == (inside ? VideoLayer.pictureHole : LibraryTheme.pictureBar), "\(column),\(row)")
            }
        }
        // Inside tmux: the same cells name the preview's image, numbered from its top-left.
        pane.showPicturesAsPlaceholders(imageID: 0x4900_00A3)
        pane.draw(into: &grid, focused: true)
        #expect(grid[cells.minColumn, cells.minRow] == .kittyPlaceholder(imageID: 0x4900_00A3, row: 0, column: 0))
        #expect(grid[cells.maxColumn - 1, cells.maxRow - 1]
                == .kittyPlaceholder(imageID: 0x4900_00A3, row: cells.size.rows - 1, column: cells.size.columns - 1))
        // Back to cells (a PiP window took the pixels): the still loads again, blitted.
        pane.raster = .halfBlocks
        pane.draw(into: &grid, focused: true)
        #expect(eventually(timeout: 10) { pane.poll() })
        pane.draw(into: &grid, focused: true)
        #expect(pane.previewLayer.picture == nil && Self.pictureCells(grid, in: area).coloured > 50)
        pane.stop()
    }

    @Test("a resize during a load waits for it: one load at a time, then one for the new size")
    func resizeWhileLoading() throws {
        var pane = FileDetails(entry: Self.clockEntry(), index: 0)
        var small = CellGrid(size: CellSize(columns: 90, rows: 24))
        var large = CellGrid(size: CellSize(columns: 120, rows: 40))
        pane.draw(into: &small, focused: true)
        let first = try #require(pane.preview)
        pane.draw(into: &large, focused: true)
        #expect(pane.preview === first, "a second load started while the first ran")
        #expect(eventually(timeout: 10) { pane.poll() })
        pane.draw(into: &large, focused: true)
        #expect(pane.shownFrame?.viewport == first.viewport, "the first picture shows meanwhile")
        let second = try #require(pane.preview)
        #expect(second !== first && second.viewport == Viewport(cells: pane.layout.preview.size))
        #expect(eventually(timeout: 10) { pane.poll() })
        pane.draw(into: &large, focused: true)
        #expect(pane.shownFrame?.viewport == second.viewport)
        pane.stop()
    }

    @Test("Esc, Backspace, h and ← go back; Enter plays; other keys do nothing")
    func keys() {
        let pane = FileDetails(entry: readyEntry("alpha.mp4", seconds: 60), index: 2)
        for key in [KeyPress.escape, .backspace, KeyPress(.left), .character("h")] {
            #expect(pane.handle(key) == .back, "\(key)")
        }
        #expect(pane.handle(.enter) == .play)
        for key in [KeyPress.character("x"), .character("q"), .space, KeyPress(.right), .control("h")] {
            #expect(pane.handle(key) == DetailsAction.none, "\(key)")
        }
        let audio = FileDetails(entry: readyEntry("song.mp3", seconds: 60, hasVideo: false, audioCodec: "mp3"), index: 0)
        #expect(audio.handle(.enter) == .play, "a file with sound only plays too")
    }

    @Test("a failed entry shows its reason, wrapped, and no preview is loaded")
    func failed() {
        let entry = failedEntry("broken.mp4") { .notMediaFile(path: $0, detail: "nothing in it looks like audio or video") }
        var pane = FileDetails(entry: entry, index: 1)
        var grid = CellGrid(size: CellSize(columns: 80, rows: 20))
        pane.draw(into: &grid, focused: true)
        let text = grid.description
        #expect(text.contains("file          /media/broken.mp4"))
        #expect(text.contains("cannot play: not a media file"))
        #expect(text.contains("audio or video)"), "the reason wraps rather than being cut:\n\(text)")
        #expect(text.contains("no preview"))
        #expect(pane.preview == nil && !pane.isLoading && !pane.poll())
        #expect(pane.handle(.enter) == .message("broken.mp4: not a media file (nothing in it looks like audio or video)"))
    }

    @Test("a reason with a word wider than the pane shows it whole, cut over lines")
    func longWord() throws {
        let path = "/media/" + String(repeating: "deep-folder/", count: 12) + "broken.mp4"
        let entry = failedEntry("broken.mp4") { _ in .notMediaFile(path: path, detail: "cannot read \(path)") }
        var pane = FileDetails(entry: entry, index: 1)
        var grid = CellGrid(size: CellSize(columns: 80, rows: 20))
        pane.draw(into: &grid, focused: true)
        // The facts' column of each line (the preview's "no preview" stands apart on the right).
        let facts = grid.description.split(separator: "\n").map {
            String($0.trimmingCharacters(in: .whitespaces).split(separator: "  ").first ?? "")
        }
        let start = try #require(facts.firstIndex { $0.hasPrefix("/media/deep-folder") }, "\(grid.description)")
        // The path starts a line of its own, and its pieces follow in order: the whole path.
        let joined = facts[start...].prefix(8).joined()
        #expect(joined.contains(path), "the path whole across lines:\n\(grid.description)")
        #expect(!grid.description.contains("…"), "nothing truncated")
    }

    @Test("an entry still being probed shows what is known, then its facts once updated")
    func updated() throws {
        let probing = LibraryEntry(path: sample("clock_4x3.mp4"), name: "clock_4x3.mp4", fileSize: 36861)
        var pane = FileDetails(entry: probing, index: 0)
        var grid = CellGrid(size: CellSize(columns: 90, rows: 24))
        pane.draw(into: &grid, focused: true)
        #expect(grid.description.contains("reading…") && pane.preview == nil)
        pane.update(Self.clockEntry())
        pane.draw(into: &grid, focused: true)
        // The load has started (on a busy machine it may already be done: not `isLoading`).
        #expect(grid.description.contains("h264") && pane.preview != nil)
        #expect(eventually(timeout: 10) { pane.poll() })
        pane.stop()
    }

    @Test("narrow panes put the facts above the preview")
    func stacked() {
        let wide = FileDetails.layout(size: CellSize(columns: 100, rows: 30), factsWidth: 40, factsHeight: 14)
        #expect(wide.facts == CellRect(column: 1, row: 2, columns: 41, rows: 27))
        #expect(wide.preview == CellRect(column: 43, row: 2, columns: 56, rows: 27))
        let narrow = FileDetails.layout(size: CellSize(columns: 60, rows: 30), factsWidth: 40, factsHeight: 14)
        #expect(narrow.facts == CellRect(column: 1, row: 2, columns: 58, rows: 13))
        #expect(narrow.preview == CellRect(column: 1, row: 16, columns: 58, rows: 13))
        for size in [CellSize(columns: 0, rows: 0), CellSize(columns: 3, rows: 2), CellSize(columns: 200, rows: 1)] {
            var pane = FileDetails(entry: readyEntry("alpha.mp4", seconds: 60, hasVideo: false), index: 0)
            var grid = CellGrid(size: size)
            pane.draw(into: &grid, focused: true)
            #expect(grid.size == size)
        }
    }

    @Test("mouse: the hints are buttons and a click on the picture plays")
    func mouse() {
        var pane = FileDetails(entry: readyEntry("alpha.mp4", seconds: 60, hasVideo: false), index: 3)
        var grid = CellGrid(size: CellSize(columns: 100, rows: 30))
        pane.draw(into: &grid, focused: true)
        let origin = CellPoint(column: 0, row: 2)
        func click(_ column: Int, _ row: Int) -> DetailsAction {
            pane.handle(MouseEvent(.press, .left, at: CellPoint(column: column, row: row + origin.row)), origin: origin)
        }
        #expect(click(2, 29) == .back)
        #expect(click(14, 29) == .play, "sound only plays too")
        let area = pane.layout.preview
        #expect(click(area.minColumn + 2, area.minRow + 2) == .play, "sound only: the empty preview plays it too")
        let playable = FileDetails(entry: readyEntry("movie.mp4", seconds: 60), index: 3)
        var withVideo = playable
        withVideo.resize(to: CellSize(columns: 100, rows: 30))
        #expect(withVideo.handle(MouseEvent(.press, .left, at: CellPoint(column: 70, row: 12)), origin: .zero) == .play)
        #expect(withVideo.handle(MouseEvent(.release, .left, at: CellPoint(column: 70, row: 12)), origin: .zero)
                == DetailsAction.none)
    }

    @Test("a preview of a bad file fails with its reason; a cancelled one never reports")
    func previewLoader() {
        let missing = StillPreview(path: "/nonexistent/movie.mp4", viewport: Viewport(cells: CellSize(columns: 40, rows: 15)))
        #expect(eventually(timeout: 5) { !missing.isLoading })
        if case .failed(let reason) = missing.state { #expect(reason == "no such file") } else { Issue.record("\(missing.state)") }
        #expect(missing.generation == 1)

        let cancelled = StillPreview(path: sample("clock_4x3.mp4"), viewport: Viewport(cells: CellSize(columns: 40, rows: 15)))
        cancelled.cancel()
        Thread.sleep(forTimeInterval: 0.5)
        #expect(cancelled.isLoading && cancelled.generation == 0)
    }
}

extension FileDetails {
    /// A key as the app reads it in the details: through the default bindings' details table.
    func handle(_ press: KeyPress) -> DetailsAction {
        KeyBindings.defaults.command(for: .key(press), in: .details).map { handle($0) } ?? .none
    }
}
