import Foundation
import InsetCore
import InsetRender
import Testing
import InsetTestSupport
@testable import InsetApp
@testable import InsetPlayback

/// Cells keep what cells can of an ASS track (issue 45, item 2), through the director with
/// no terminal: the yellow `\an8` sign in the picture's top rows, the dialogue in its bottom
/// rows with its first word red, both at once; an SRT keeps the plain caption.
@Suite("Director: styled subtitles in cells", .serialized)
struct DirectorStyledCellTests {
    /// The track `scripts/sub-pictures` draws, for 12 s.
    static let header = AssScript.header(styles: [
        "Default,DejaVu Sans,28,&H00FFFFFF,&H000000FF,&H00000000,&H80000000,0,0,0,0,100,100,0,0,1,2,1,2,20,20,20,1",
        "Sign,DejaVu Sans,32,&H0000FFFF,&H000000FF,&H00000000,&H00000000,-1,0,0,0,100,100,0,0,1,2,0,8,20,20,20,1",
    ])

    static func assFile() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("inset-cells-\(getpid()).ass").path
        let events = """
        [Events]
        Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text
        Dialogue: 0,0:00:00.00,0:00:12.00,Sign,,0,0,0,,{\\an8}Yellow Sign
        Dialogue: 0,0:00:00.00,0:00:12.00,Default,,0,0,0,,{\\c&H0000FF&}Red{\\c} word then white

        """
        try (Self.header + events).write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// The row of the full-screen plane holding `text`, and the foreground of its first cell.
    static func find(_ text: String, in plane: Plane) -> (row: Int, colour: RGB, cell: Cell)? {
        let lines = plane.grid.description.split(separator: "\n", omittingEmptySubsequences: false)
        for (row, line) in lines.enumerated() {
            guard let range = line.range(of: text) else { continue }
            let column = line.distance(from: line.startIndex, to: range.lowerBound)
            let cell = plane.grid[column, row]
            return (row, RGB(packed: cell.foreground), cell)
        }
        return nil
    }

    @Test("the sign in the top rows in yellow and bold, the dialogue in the bottom rows with its red word")
    func signAndDialogue() throws {
        let file = try Self.assFile()
        defer { try? FileManager.default.removeItem(atPath: file) }
        let app = try DirectorSubtitleTests.paused(sample("subtitled.mp4"), at: 1) { $0.subtitleFile = file }
        #expect(app.waitUntil { DirectorSubtitleTests.shown(app).contains("Yellow Sign") }, "\(DirectorSubtitleTests.shown(app))")
        let plane = app.director.overlays.subtitles.fullScreen.plane
        let rows = plane.grid.rows
        let sign = try #require(Self.find("Yellow Sign", in: plane))
        #expect(sign.row < rows / 4, "sign on row \(sign.row) of \(rows)")
        #expect(sign.colour == RGB(255, 255, 0) && sign.cell.attributes.contains(.bold))
        let red = try #require(Self.find("Red word", in: plane))
        #expect(red.row >= rows * 3 / 4, "dialogue on row \(red.row) of \(rows)")
        #expect(red.colour == RGB(255, 0, 0))
        #expect(Self.find("word then", in: plane)?.colour == .white)
    }

    @Test("an SRT track keeps the plain caption: white on the near-black box, bottom-centred")
    func plainStays() throws {
        let app = try DirectorSubtitleTests.paused(sample("sidecar.mp4"), at: 1)
        #expect(app.waitUntil { DirectorSubtitleTests.shown(app).contains("Found beside") })
        let plane = app.director.overlays.subtitles.fullScreen.plane
        let drawn = try #require(app.director.overlays.subtitles.fullScreen.drawn)
        #expect(drawn.text.styleHeader == nil)
        let found = try #require(Self.find("Found beside", in: plane))
        #expect(found.colour == .white && RGB(packed: found.cell.background) == RGB(16, 16, 16))
        #expect(found.row == plane.grid.rows - 1 || found.row >= plane.grid.rows * 3 / 4)
    }
}
