import Foundation
import Testing
import InsetTestSupport

/// Styled ASS subtitles in cells, in a real terminal (issue 45, item 2): the yellow `\an8`
/// sign in the picture's top rows in its colour, and the dialogue in its bottom rows with
/// its first word red, both at once. Where each event goes for every alignment, margin and
/// `\pos` is StyledSubtitleLayoutTests'; the director's planes DirectorStyledCellTests'.
@Suite("Styled subtitles in cells end to end", .serialized, .tags(.waits))
struct StyledSubtitleCellsEndToEndTests {
    static let header = AssScript.text(styles: AssScript.signAndDialogueStyles, events: [
        "Dialogue: 0,0:00:00.00,0:00:12.00,Sign,,0,0,0,,{\\an8}Yellow Sign",
        "Dialogue: 0,0:00:00.00,0:00:12.00,Default,,0,0,0,,{\\c&H0000FF&}Red{\\c} word then white",
    ])

    /// The foreground of the first cell of `text` on `row`.
    static func colour(of text: String, on row: Int, in screen: Screen) -> Screen.RGBColor? {
        let line = screen.line(row)
        guard let range = line.range(of: text) else { return nil }
        let column = line.distance(from: line.startIndex, to: range.lowerBound)
        return screen.rows[row][column].foreground
    }

    @Test("the sign at the top in yellow, the dialogue at the bottom with its red word, at once")
    func signAndDialogue() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("inset-styled-\(UUID().uuidString.prefix(8)).ass")
        try Self.header.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let tmux = try Tmux()
        try tmux.run("\(try insetBinary()) --sub \(file.path) --start 1 \(samplePath("clock_16x9_aac.mp4"))")
        let screen = try tmux.waitFor(timeout: 8, "both events on screen") {
            $0.text.contains("Yellow Sign") && $0.text.contains("Red word then white")
        }
        let video = screen.videoRows
        let top = try #require(video.min()), bottom = try #require(video.max())
        let sign = try #require(screen.rows.indices.first { screen.line($0).contains("Yellow Sign") })
        let dialogue = try #require(screen.rows.indices.first { screen.line($0).contains("Red word then white") })
        #expect(sign <= top + 4, "sign on row \(sign), picture \(top)...\(bottom)")
        #expect(dialogue >= bottom - 5 && dialogue > sign, "dialogue on row \(dialogue), picture \(top)...\(bottom)")
        // The rasterizer may send a colour a few steps off when the terminal cannot tell them
        // apart (yellow came as 211,255,1): each is judged by what it looks like.
        let yellow = try #require(Self.colour(of: "Yellow", on: sign, in: screen))
        #expect(yellow.r > 180 && yellow.g > 200 && yellow.b < 60, "sign in \(yellow)")
        let red = try #require(Self.colour(of: "Red", on: dialogue, in: screen))
        #expect(red.r > 200 && red.g < 60 && red.b < 60, "red word in \(red)")
        let white = try #require(Self.colour(of: "word", on: dialogue, in: screen))
        #expect(min(white.r, white.g, white.b) > 200, "the rest in \(white)")
        try tmux.keys("q")
        try tmux.waitFor(timeout: 3, "shell back") { _ in (try? tmux.terminalState()) == "0 1" }
    }
}
