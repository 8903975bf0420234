import Foundation
import InsetCore
import InsetMedia
import InsetRender
import Testing
@testable import InsetApp
@testable import InsetPlayback

@Suite("Library list: drawing, keys, mouse, scrolling")
struct LibraryListTests {
    static let entries: [LibraryEntry] = [
        readyEntry("alpha.mp4", seconds: 65),
        readyEntry("long film.mkv", seconds: 3725, size: 2_500_000_000, codec: "hevc"),
        probingEntry("pending.mp4"),
        failedEntry("broken.mp4") { .notMediaFile(path: $0, detail: "nothing in it looks like audio or video") },
        readyEntry("stream.ts", seconds: nil, size: 900),
        readyEntry("song.mp3", seconds: 200, hasVideo: false, audioCodec: "mp3"),
    ]

    static func drawn(_ pane: inout LibraryList, size: CellSize = CellSize(columns: 100, rows: 12),
                      entries: [LibraryEntry] = entries, focused: Bool = true) -> CellGrid {
        var grid = CellGrid(size: size)
        pane.draw(into: &grid, entries: entries, focused: focused)
        return grid
    }

    @Test("the list shows title, header, names, durations, sizes, codecs, reasons and hints")
    func drawing() {
        var pane = LibraryList()
        let grid = Self.drawn(&pane)
        #expect(grid.line(0).hasPrefix(" Library — 6 files  reading… 5 of 6 done"))
        for word in ["Name", "Duration", "Watched", "Size", "Video"] { #expect(grid.line(1).contains(word)) }
        let rows = (0..<Self.entries.count).map { grid.line(pane.rowRect(for: $0)!.minRow) }
        #expect(rows[0].contains("alpha.mp4") && rows[0].contains("1:05") && rows[0].contains("1.2 MB")
                && rows[0].contains("h264 640x480"), "\(rows[0])")
        #expect(rows[1].contains("1:02:05") && rows[1].contains("2.5 GB") && rows[1].contains("hevc"))
        #expect(rows[2].contains("pending.mp4") && rows[2].contains("…") && rows[2].contains("2.0 GB"))
        #expect(rows[3].contains("broken.mp4  ") && rows[3].contains("not a media file (nothing in it looks like audi… "), "\(rows[3])")
        #expect(rows[4].contains("LIVE") && rows[4].contains("900 B"))
        #expect(rows[5].contains("3:20") && rows[5].contains("no video (mp3)"))
        #expect(grid.line(11).hasPrefix(" Enter play · i details · ? keys · q quit"))
        // The reason is drawn in the failure style; the name is not.
        let reasonColumn = LibraryList.columns(width: 100).reason!.lowerBound
        let row = pane.rowRect(for: 3)!.minRow
        #expect(grid[reasonColumn, row].foreground == LibraryTheme.failed.foreground.packed)
        #expect(grid[reasonColumn, row].attributes.contains(.dim))
        #expect(grid[1, row].foreground == LibraryTheme.text.foreground.packed)
    }

    @Test("a file left part-way shows how far it was watched; one never left shows nothing there")
    func watched() throws {
        var pane = LibraryList()
        var grid = CellGrid(size: CellSize(columns: 100, rows: 12))
        // alpha.mp4 is 1:05 long: left at 0:26 it is 40% watched.
        pane.draw(into: &grid, entries: Self.entries, focused: true, watched: [Self.entries[0].path: .seconds(26)])
        let columns = LibraryList.columns(width: 100)
        let watchedColumns = try #require(columns.watched)
        func cells(_ row: Int) -> String {
            String(grid.line(pane.rowRect(for: row)!.minRow).dropFirst(watchedColumns.lowerBound).prefix(watchedColumns.count))
        }
        #expect(cells(0).trimmingCharacters(in: .whitespaces) == "40%", "\(cells(0))")
        #expect(cells(1).trimmingCharacters(in: .whitespaces).isEmpty)
    }

    @Test("the selected row stands out: a marker and its own background, greyer without focus")
    func highlight() {
        var pane = LibraryList()
        _ = pane.handle(KeyPress(.down), entries: Self.entries)
        var grid = Self.drawn(&pane)
        let selected = pane.rowRect(for: 1)!, other = pane.rowRect(for: 0)!
        #expect(grid.line(selected.minRow).hasPrefix("▸"))
        #expect(!grid.line(other.minRow).hasPrefix("▸"))
        for column in [0, 5, 50, 99] {
            #expect(grid[column, selected.minRow].background == LibraryTheme.selection(focused: true).packed)
            #expect(grid[column, other.minRow].background == LibraryTheme.background.packed)
        }
        grid = Self.drawn(&pane, focused: false)
        #expect(grid[5, selected.minRow].background == LibraryTheme.selection(focused: false).packed)
    }

    @Test("keys move the selection; Enter and i give actions; other keys do nothing")
    func keys() {
        var pane = LibraryList()
        let entries = Self.entries
        _ = Self.drawn(&pane)
        #expect(pane.handle(.enter, entries: entries) == .play(0))
        #expect(pane.handle(.character("i"), entries: entries) == .showDetails(0))
        #expect(pane.handle(KeyPress(.up), entries: entries) == LibraryAction.none && pane.selection == 0)
        _ = pane.handle(KeyPress(.down), entries: entries)
        _ = pane.handle(KeyPress(.down), entries: entries)
        #expect(pane.selection == 2)
        #expect(pane.handle(.enter, entries: entries) == .message("pending.mp4: still being read"))
        _ = pane.handle(KeyPress(.down), entries: entries)
        #expect(pane.handle(.enter, entries: entries)
                == .message("broken.mp4: not a media file (nothing in it looks like audio or video)"))
        #expect(pane.handle(.character("i"), entries: entries) == .showDetails(3))
        _ = pane.handle(KeyPress(.end), entries: entries)
        #expect(pane.selection == 5)
        #expect(pane.handle(.enter, entries: entries) == .play(5), "a file with sound only plays too")
        _ = pane.handle(KeyPress(.down), entries: entries)
        #expect(pane.selection == 5, "the selection stops at the end")
        _ = pane.handle(KeyPress(.home), entries: entries)
        #expect(pane.selection == 0)
        for key in [KeyPress.character("q"), .character("?"), .space, .tab, .control("c"), .escape] {
            #expect(pane.handle(key, entries: entries) == LibraryAction.none)
        }
        #expect(pane.selection == 0)
        var empty = LibraryList()
        #expect(empty.handle(.enter, entries: []) == LibraryAction.none)
        #expect(empty.handle(.character("i"), entries: []) == LibraryAction.none)
    }

    static let many = (0..<100).map { readyEntry("file\(String(format: "%03d", $0)).mp4", seconds: Double($0)) }

    @Test("a long list scrolls to keep the selection in view")
    func scrolling() throws {
        var pane = LibraryList()
        let size = CellSize(columns: 80, rows: 10)
        _ = Self.drawn(&pane, size: size, entries: Self.many)
        #expect(pane.visibleRows == 7)
        for _ in 0..<10 { _ = pane.handle(KeyPress(.down), entries: Self.many) }
        #expect(pane.selection == 10 && pane.scrollOffset == 4)
        #expect(pane.rowRect(for: 10) == CellRect(column: 0, row: 8, columns: 80, rows: 1))
        #expect(pane.rowRect(for: 3) == nil)
        var grid = Self.drawn(&pane, size: size, entries: Self.many)
        #expect(grid.line(8).hasPrefix("▸file010.mp4"))
        #expect(grid.line(2).hasPrefix(" file004.mp4"))

        _ = pane.handle(KeyPress(.pageDown), entries: Self.many)
        #expect(pane.selection == 16 && pane.scrollOffset == 10)
        _ = pane.handle(KeyPress(.end), entries: Self.many)
        #expect(pane.selection == 99 && pane.scrollOffset == 93)
        grid = Self.drawn(&pane, size: size, entries: Self.many)
        #expect(grid.line(8).hasPrefix("▸file099.mp4"))
        _ = pane.handle(KeyPress(.pageUp), entries: Self.many)
        #expect(pane.selection == 93 && pane.scrollOffset == 93)
        _ = pane.handle(KeyPress(.up), entries: Self.many)
        #expect(pane.selection == 92 && pane.scrollOffset == 92)
        _ = pane.handle(KeyPress(.home), entries: Self.many)
        #expect(pane.selection == 0 && pane.scrollOffset == 0)

        // A smaller terminal keeps the selection in view.
        _ = pane.handle(KeyPress(.end), entries: Self.many)
        _ = Self.drawn(&pane, size: CellSize(columns: 80, rows: 30), entries: Self.many)
        #expect(pane.rowRect(for: 99)?.minRow == 28)
        _ = Self.drawn(&pane, size: CellSize(columns: 80, rows: 6), entries: Self.many)
        let rect = try #require(pane.rowRect(for: 99))
        #expect(rect.minRow == 4 && pane.scrollOffset == 97)
    }

    @Test("mouse: a press selects, a press on the selection plays, right press details, wheel scrolls")
    func mouse() throws {
        var pane = LibraryList()
        let origin = CellPoint(column: 10, row: 5)
        _ = Self.drawn(&pane)
        func press(_ button: MouseEvent.Button, row index: Int, column: Int = 20) throws -> LibraryAction {
            let rect = try #require(pane.rowRect(for: index))
            let at = CellPoint(column: origin.column + column, row: origin.row + rect.minRow)
            return pane.handle(MouseEvent(.press, button, at: at), entries: Self.entries, origin: origin)
        }
        #expect(try press(.left, row: 1) == LibraryAction.none && pane.selection == 1)
        #expect(try press(.left, row: 1) == .play(1))
        #expect(try press(.left, row: 3) == LibraryAction.none && pane.selection == 3)
        #expect(try press(.left, row: 3) == .message("broken.mp4: not a media file (nothing in it looks like audio or video)"))
        #expect(try press(.right, row: 0) == .showDetails(0) && pane.selection == 0)
        // Releases, moves and presses outside the pane change nothing.
        let row2 = CellPoint(column: origin.column + 3, row: origin.row + pane.rowRect(for: 2)!.minRow)
        #expect(pane.handle(MouseEvent(.release, .left, at: row2), entries: Self.entries, origin: origin) == LibraryAction.none)
        #expect(pane.handle(MouseEvent(.press, .left, at: CellPoint(column: 2, row: 2)), entries: Self.entries,
                            origin: origin) == LibraryAction.none)
        #expect(pane.selection == 0)

        // The hint line's hints are buttons.
        let hintRow = origin.row + 11
        #expect(pane.handle(MouseEvent(.press, .left, at: CellPoint(column: origin.column + 2, row: hintRow)),
                            entries: Self.entries, origin: origin) == .play(0))
        let quitColumn = origin.column + 1 + CellGrid.columns(of: "Enter play · i details · ? keys · q")
        #expect(pane.handle(MouseEvent(.press, .left, at: CellPoint(column: quitColumn, row: hintRow)),
                            entries: Self.entries, origin: origin) == .quit)

        // The wheel moves the view, not the selection.
        var long = LibraryList()
        _ = Self.drawn(&long, size: CellSize(columns: 80, rows: 10), entries: Self.many)
        let inside = CellPoint(column: 3, row: 4)
        _ = long.handle(MouseEvent(.press, .wheelDown, at: inside), entries: Self.many, origin: .zero)
        #expect(long.scrollOffset == LibraryList.wheelStep && long.selection == 0)
        #expect(long.entryIndex(at: inside, entryCount: Self.many.count) == 2 + LibraryList.wheelStep)
        for _ in 0..<50 { _ = long.handle(MouseEvent(.press, .wheelDown, at: inside), entries: Self.many, origin: .zero) }
        #expect(long.scrollOffset == 93, "the wheel stops at the end of the list")
        _ = long.handle(MouseEvent(.press, .wheelUp, at: inside), entries: Self.many, origin: .zero)
        #expect(long.scrollOffset == 90)
        // A key brings the selection back into view.
        _ = long.handle(KeyPress(.down), entries: Self.many)
        #expect(long.selection == 1 && long.scrollOffset == 1)
    }

    @Test("narrow panes drop video, then size, then duration; the name keeps its room")
    func columns() {
        let wide = LibraryList.columns(width: 100)
        #expect(wide.duration != nil && wide.size != nil && wide.video != nil)
        #expect(wide.video!.upperBound == 99 && wide.name.lowerBound == 1)
        let medium = LibraryList.columns(width: 45)
        #expect(medium.duration != nil && medium.size != nil && medium.video == nil)
        let small = LibraryList.columns(width: 24)
        #expect(small.duration != nil && small.size == nil)
        let tiny = LibraryList.columns(width: 12)
        #expect(tiny.duration == nil && tiny.reason == nil && tiny.name == 1..<11)
        for width in [0, 1, 2, 5, 20, 40, 60, 200] {
            var pane = LibraryList()
            let grid = Self.drawn(&pane, size: CellSize(columns: width, rows: 8))
            #expect(grid.size == CellSize(columns: width, rows: 8))
        }
        var pane = LibraryList()
        _ = Self.drawn(&pane, size: CellSize(columns: 30, rows: 1))
        _ = Self.drawn(&pane, size: CellSize(columns: 30, rows: 3))
        _ = Self.drawn(&pane, size: CellSize(columns: 30, rows: 0))
    }

    @Test("an empty library says so")
    func empty() {
        var pane = LibraryList()
        let grid = Self.drawn(&pane, entries: [])
        #expect(grid.line(0).hasPrefix(" Library — 0 files"))
        #expect(grid.line(2).contains("No media files here."))
        #expect(pane.rowRect(for: 0) != nil && pane.entryIndex(at: CellPoint(column: 3, row: 2), entryCount: 0) == nil)
    }
}

extension LibraryList {
    /// A key as the app reads it in the library: through the default bindings' library table.
    mutating func handle(_ press: KeyPress, entries: [LibraryEntry]) -> LibraryAction {
        KeyBindings.defaults.command(for: .key(press), in: .library).map { handle($0, entries: entries) } ?? .none
    }
}

@Suite("Library list: music tags")
struct LibraryMusicColumnTests {
    @Test("an Artist – Title column comes only with a tagged file; a list of videos is drawn as before")
    func musicColumn() {
        var tagged = readyEntry("track03.mp3", seconds: 200, hasVideo: false, audioCodec: "mp3")
        if case .ready(var info) = tagged.state {
            info.tags = MediaTags(artist: "Inset Test Tones", title: "A Above Middle C")
            tagged.state = .ready(info)
        }
        let videos = LibraryListTests.entries
        var plain = LibraryList()
        let before = LibraryListTests.drawn(&plain, entries: videos)
        #expect(!before.line(1).contains("Artist"))
        var pane = LibraryList()
        let grid = LibraryListTests.drawn(&pane, entries: videos + [tagged])
        #expect(grid.line(1).contains("Artist – Title"))
        let row = grid.line(pane.rowRect(for: videos.count)!.minRow)
        #expect(row.contains("track03.mp3") && row.contains("Inset Test Tones – A Above"), "\(row)")
        #expect(grid.line(pane.rowRect(for: 0)!.minRow).contains("alpha.mp4"))
        // The details list the tags among the file's facts.
        let facts = FileDetails(entry: tagged, index: 0).factLines.map(\.text)
        #expect(facts.contains { $0.hasPrefix("artist") && $0.hasSuffix("Inset Test Tones") }, "\(facts)")
        #expect(facts.contains { $0.hasPrefix("title") && $0.hasSuffix("A Above Middle C") })
    }
}
