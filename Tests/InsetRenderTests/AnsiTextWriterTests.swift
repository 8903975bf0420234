import InsetCore
import Testing
@testable import InsetRender

@Suite("Plain text output")
struct AnsiTextWriterTests {
    @Test("lines of text reproduce the frame", arguments: ColorMode.allCases)
    func lines(mode: ColorMode) throws {
        var rng = SplitMix64(seed: 5)
        var f = CellGrid(size: CellSize(columns: 9, rows: 4))
        f.blitHalfBlocks(randomImage(f.size.halfBlockPixels, using: &rng))
        f.put("Tëxt", at: CellPoint(column: 2, row: 1), style: CellStyle(attributes: [.bold, .reverse]))
        let text = AnsiTextWriter.text(of: f, colorMode: mode).array
        let lines = text.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        #expect(lines.count == 5 && lines[4].isEmpty)
        // Replay each line at the start of its row; the model knows no newlines.
        var model = TerminalModel(size: f.size)
        var bytes = Array("\u{1B}[?2026h".utf8)
        for (row, line) in lines.prefix(4).enumerated() {
            #expect(line.suffix(4).elementsEqual("\u{1B}[0m".utf8))
            bytes += Array("\u{1B}[\(row + 1);1H".utf8) + line
        }
        bytes += Array("\u{1B}[?2026l".utf8)
        try model.applyFrame(bytes)
        #expect(firstMismatch(model, f, mode: mode) == nil)
    }
}
