import InsetCore
import InsetRender
import Testing
@testable import InsetApp
@testable import InsetPlayback

@Suite("Control bar: what is drawn is what a click finds")
struct ControlBarTests {
    @Test("every control is found on each of its cells, and drawn there")
    func hitTesting() {
        let width = 120
        var grid = CellGrid(size: CellSize(columns: width, rows: ControlBar.height))
        var machine = PlaybackStateMachine(pipSupported: true)
        _ = machine.handle(.mediaReady(PlayableRange(start: .zero, end: .seconds(100))), at: .zero)
        ControlBar.draw(machine.snapshot, into: &grid)
        for control in ControlBar.Control.allCases {
            let rect = ControlBar.rect(of: control, width: width)
            #expect(!rect.isEmpty, "\(control)")
            for column in rect.minColumn..<rect.maxColumn {
                #expect(ControlBar.control(at: CellPoint(column: column, row: rect.minRow), width: width) == control)
            }
        }
        let skip = ControlBar.rect(of: .skipForward, width: width)
        let text = String(String.UnicodeScalarView((skip.minColumn..<skip.maxColumn).compactMap { Unicode.Scalar(grid[$0, 1].glyph) }))
        #expect(text == " 15» ")
        #expect(ControlBar.control(at: CellPoint(column: 0, row: 1), width: width) == nil)
    }

    @Test("the time beside the duration counts from the file's start: a stream from 1.48 s ends at 0:09 / 0:10, not 0:11")
    func timeFromStart() {
        var grid = CellGrid(size: CellSize(columns: 120, rows: ControlBar.height))
        var machine = PlaybackStateMachine(pipSupported: true)
        _ = machine.handle(.mediaReady(PlayableRange(start: .milliseconds(1480), end: .milliseconds(11480))), at: .zero)
        _ = machine.handle(.positionChanged(.milliseconds(11440)), at: .zero)
        ControlBar.draw(machine.snapshot, into: &grid)
        let row = String(String.UnicodeScalarView((0..<120).compactMap { Unicode.Scalar(grid[$0, 1].glyph) }))
        #expect(row.contains("0:09 / 0:10"), "\(row)")
    }

    static func snapshot(_ range: PlayableRange) -> PlaybackSnapshot {
        var machine = PlaybackStateMachine(pipSupported: true)
        _ = machine.handle(.mediaReady(range), at: .zero)
        return machine.snapshot
    }

    @Test("a press on the progress line asks for a time in proportion, clamped to its ends, wherever the line is")
    func seekTime() {
        let snapshot = Self.snapshot(PlayableRange(start: .seconds(10), end: .seconds(110)))
        let line = ControlBar.rect(of: .progress, width: 102)  // columns 1...100
        #expect(ProgressLine.time(atColumn: line.minColumn, of: line, in: snapshot) == .seconds(10))
        #expect(ProgressLine.time(atColumn: line.maxColumn - 1, of: line, in: snapshot) == .seconds(110))
        #expect(ProgressLine.time(atColumn: 500, of: line, in: snapshot) == .seconds(110))
        #expect(ProgressLine.time(atColumn: -3, of: line, in: snapshot) == .seconds(10))
        let window = CellRect(column: 70, row: 30, columns: 11, rows: 1)
        #expect(ProgressLine.time(atColumn: 75, of: window, in: snapshot) == .seconds(60))
        #expect(ProgressLine.time(atColumn: 5, of: line, in: PlaybackSnapshot()) == nil, "before the media is ready")
    }

    @Test("chapter starts are marked where a click would seek to them; none at the start, none for live input")
    func chapterMarks() {
        let range = PlayableRange(start: .zero, end: .seconds(99))
        let chapters = [Chapter(start: .zero, end: .seconds(33)), Chapter(start: .seconds(33), end: .seconds(66)),
                        Chapter(start: .seconds(66), end: .seconds(99))]
        #expect(ProgressLine.chapterColumns(chapters, range: range, columns: 100) == [33, 66])
        #expect(ProgressLine.chapterColumns(chapters, range: PlayableRange(start: .zero, end: nil), columns: 100).isEmpty)
        var grid = CellGrid(size: CellSize(columns: 102, rows: ControlBar.height))
        var machine = PlaybackStateMachine(pipSupported: true)
        _ = machine.handle(.mediaReady(range), at: .zero)
        ControlBar.draw(machine.snapshot, chapters: chapters, into: &grid)
        let line = ControlBar.rect(of: .progress, width: 102)
        #expect(grid[line.minColumn + 33, 0].glyph == ProgressLine.chapterGlyph.value)
        #expect(grid[line.minColumn + 34, 0].glyph != ProgressLine.chapterGlyph.value)
        #expect(ProgressLine.time(atColumn: line.minColumn + 33, of: line, in: machine.snapshot) == .seconds(33))
    }
}
