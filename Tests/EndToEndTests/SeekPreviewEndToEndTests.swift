import Foundation
import Testing
import InsetTestSupport

/// Thumbnails while seeking, as a terminal shows them: Left held down (presses 50 ms apart,
/// as autorepeat sends them) and a press and drag on the progress line put a picture above
/// the bar whose cells are those `inset cat --at` draws of the target's keyframe at the
/// same size, and it goes when the key stops or the button is let go. The timing rule, the
/// targets and the window's line are DirectorSeekPreviewTests'. In the timed group: it
/// asserts the picture within 150 ms of the first repeat.
@Suite("Seek preview end to end", .serialized, .tags(.timed))
struct SeekPreviewEndToEndTests {
    /// 30 s, a keyframe every 10 s (scripts/make-samples.sh).
    static let clip = samplePath("long_gop.mp4")
    /// A quarter of 120 columns, 16:9 in half blocks: 30x8 cells of picture.
    static let picture = (columns: 30, rows: 8)
    static let captionBackground = Screen.RGBColor(r: 24, g: 24, b: 28)
    static let black = Screen.RGBColor(r: 0, g: 0, b: 0)

    /// The picture's columns: inside its frame's bottom edge, the run of cells on `row` (the
    /// row above the line) that carries the time.
    static func caption(in screen: Screen, row: Int) -> ClosedRange<Int>? {
        let cells = screen.rows[row]
        let columns = cells.indices.filter { cells[$0].background == captionBackground }
        guard let first = columns.first, let last = columns.last, columns.count == picture.columns + 2,
              last - first + 1 == columns.count else { return nil }
        return (first + 1)...(last - 1)
    }

    /// The seconds the caption says ("0:24").
    static func captionTime(in screen: Screen, row: Int, columns: ClosedRange<Int>) -> Int? {
        let text = String(screen.rows[row][columns].map(\.character)).trimmingCharacters(in: CharacterSet(charactersIn: " ─"))
        let parts = text.split(separator: ":").compactMap { Int($0) }
        return parts.count == 2 ? parts[0] * 60 + parts[1] : nil
    }

    /// A half-block cell's two colours, top and bottom, however the rasterizer wrote it.
    static func halves(_ cell: Screen.Cell) -> [Screen.RGBColor] {
        let foreground = cell.foreground ?? black, background = cell.background ?? black
        switch cell.character {
        case "▀": return [foreground, background]
        case "▄": return [background, foreground]
        case "█": return [foreground, foreground]
        default: return [background, background]
        }
    }

    /// The share of cells of `a` and `b` whose halves agree within the rasterizer's leeway
    /// (it leaves a cell alone whose colour is within a few grey steps of the one shown).
    static func agreement(_ a: [[Screen.Cell]], _ b: [[Screen.Cell]], within leeway: Int = 24) -> Double {
        var same = 0, all = 0
        for (rowA, rowB) in zip(a, b) {
            for (cellA, cellB) in zip(rowA, rowB) {
                all += 1
                let close = zip(halves(cellA), halves(cellB)).allSatisfy { x, y in
                    abs(x.r - y.r) <= leeway && abs(x.g - y.g) <= leeway && abs(x.b - y.b) <= leeway
                }
                if close { same += 1 }
            }
        }
        return all == 0 ? 0 : Double(same) / Double(all)
    }

    static func cells(_ screen: Screen, top: Int, left: Int) -> [[Screen.Cell]] {
        (top..<(top + picture.rows)).map { Array(screen.rows[$0][left..<(left + picture.columns)]) }
    }

    /// `inset cat --at seconds` at the picture's size, in half blocks, as a terminal shows it.
    static func catCells(at seconds: Int) throws -> [[Screen.Cell]] {
        let tmux = try Tmux(columns: 40, rows: 12)
        try tmux.run("clear; \(try insetBinary()) cat --at \(seconds) --size \(picture.columns)x\(picture.rows) --blitter half \(clip)")
        let screen = try tmux.waitFor(timeout: 5, "cat's picture") { screen in
            // The prompt below the picture: cat is done.
            screen.line(picture.rows).contains("$") || screen.line(picture.rows).contains("#")
        }
        return cells(screen, top: 0, left: 0)
    }

    /// The rows of the picture and its caption, ending at `captionRow`: a capture of nine
    /// rows reads and parses in a few milliseconds where the whole screen takes many more,
    /// which would count in the time measured.
    static func previewRows(_ tmux: Tmux, captionRow: Int) throws -> Screen {
        let top = captionRow - picture.rows
        return Screen(capture: try tmux.tmux(["capture-pane", "-p", "-e", "-t", "0", "-S", "\(top)", "-E", "\(captionRow)"]),
                      columns: tmux.columns)
    }

    /// Reads the preview's rows until its picture is `expected`'s and its caption says
    /// `seconds`, doing `between` before each read (a key to repeat); how long it took, from
    /// the call, and the rows; nil after 3 s (times the e2e slack).
    static func timeToPreview(_ tmux: Tmux, captionRow: Int, showing expected: [[Screen.Cell]], seconds: Int,
                              between: () throws -> Void = {}) throws -> (Double, Screen)? {
        let start = Date()
        while Date().timeIntervalSince(start) < 3 * Tmux.slack {
            try between()
            let screen = try previewRows(tmux, captionRow: captionRow)
            if preview(on: screen, captionRow: picture.rows, showing: expected) == seconds {
                return (Date().timeIntervalSince(start), screen)
            }
        }
        return nil
    }

    /// The preview above the line on `screen`, if its picture is `expected`'s: its caption's seconds.
    static func preview(on screen: Screen, captionRow: Int, showing expected: [[Screen.Cell]]) -> Int? {
        guard let columns = caption(in: screen, row: captionRow),
              agreement(cells(screen, top: captionRow - picture.rows, left: columns.lowerBound), expected) >= 0.9 else { return nil }
        return captionTime(in: screen, row: captionRow, columns: columns)
    }

    @Test("Left held: within 150 ms of the first repeat a picture above the bar with the cells of inset cat at the target's keyframe; gone when the key stops, and the video there; a drag on the line the same")
    func heldKeyAndDrag() throws {
        let first = try Self.catCells(at: 0), third = try Self.catCells(at: 20)
        #expect(Self.agreement(first, third) < 0.9, "the two keyframes must look different for the test to tell them apart")
        let tmux = try Tmux()
        try tmux.run("\(try insetBinary()) --no-config --blitter half --graphics cells \(Self.clip)")
        try tmux.waitFor(timeout: 10, "playing") { $0.shownTime != nil }
        try tmux.keys("Space")  // paused: the bar stays up
        let captionRow = tmux.rows - 3, lineRow = tmux.rows - 2
        try tmux.keys("Right")  // a tap: it seeks to 0:15 at once
        Thread.sleep(forTimeInterval: 0.4)  // a keyboard's delay before it repeats
        // The key held: it repeats every 50 ms. From 0:15 the target goes back to the start.
        // The time runs from when send-keys has put the first repeat in the pane to when the
        // capture that shows the picture returns (an upper bound: it was there by then).
        try tmux.keys("Left")
        var nextPress = Date() + 0.05
        let (after, seen) = try #require(try Self.timeToPreview(tmux, captionRow: captionRow, showing: first, seconds: 0) {
            guard Date() >= nextPress else { return }
            try tmux.keys("Left")
            nextPress += 0.05
        }, "no picture of 0:00's keyframe above the bar")
        #expect(after <= 0.15, "the picture came \(Int(after * 1000)) ms after the first repeat")
        #expect((try tmux.capture().shownTime?.position ?? 99) == 0, "the bar says the target")
        let left = Self.caption(in: seen, row: Self.picture.rows)?.lowerBound ?? 0
        let exact = Self.agreement(Self.cells(seen, top: 0, left: left), first, within: 0)
        try tmux.waitFor(timeout: 2, "the picture gone once the key stops") { Self.caption(in: $0, row: captionRow) == nil }
        // Let go: sought to the target.
        try tmux.waitFor(timeout: 2, "at the start") { $0.shownTime?.position == 0 }

        // A press on the line (about 0:07, the keyframe at 0:00), then a drag to about 0:24.
        try tmux.mouse("press", column: 30, row: lineRow)
        let pressed = try #require(try Self.timeToPreview(tmux, captionRow: captionRow, showing: first, seconds: 7),
                                   "no picture of 0:07's keyframe above the bar").0
        print("seek preview: Left held, a picture \(Int(after * 1000)) ms after the first repeat, \(Int(exact * 100))% of its "
              + "cells exactly inset cat's; a press, \(Int(pressed * 1000)) ms to its picture")
        try tmux.mouse("drag", column: 98, row: lineRow)
        #expect(try Self.timeToPreview(tmux, captionRow: captionRow, showing: third, seconds: 24) != nil,
                "the dragged-to time's picture, the keyframe at 0:20")
        try tmux.mouse("release", column: 98, row: lineRow)
        try tmux.waitFor(timeout: 2, "the picture gone and the video at 0:24") {
            Self.caption(in: $0, row: captionRow) == nil && $0.shownTime?.position == 24
        }
        try tmux.keys("q")
    }
}
