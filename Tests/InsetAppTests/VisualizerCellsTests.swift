import Foundation
import InsetCore
@testable import InsetApp
@testable import InsetPlayback
import InsetRender
import Testing

/// A sound-only file's visualiser as `inset cat` draws it in cells (`CatRunner.pictures`,
/// the planes it paints): a tone is a mark at its pitch (higher up the spectrum, further
/// right in the constant-Q bars), and silence is a still, dark picture.
@Suite("Visualiser in cells")
struct VisualizerCellsTests {
    static let cells = CellSize(columns: 60, rows: 16)

    /// The half-block pixels of the `count`th picture from `at` seconds on, as brightness
    /// (the strongest channel, 0–255: CQT's bars are coloured by pitch), row by row: a half block's top pixel is its foreground, its bottom pixel its
    /// background.
    static func pixels(_ name: String, _ visualizer: Visualizer, at: Double, count: Int = 6) throws -> [[Int]] {
        var last: Plane?
        let options = CatOptions(path: sample(name), at: .seconds(at), frames: count, cells: cells,
                                 colorMode: .truecolor, visualizer: visualizer)
        try CatRunner.pictures(options) { last = $0 }
        let plane = try #require(last)
        var rows = Array(repeating: Array(repeating: 0, count: plane.size.columns), count: plane.size.rows * 2)
        for row in 0..<plane.size.rows {
            for column in 0..<plane.size.columns {
                let cell = plane.grid[column, row]
                let (top, bottom): (UInt32, UInt32) = switch cell.glyph {
                case Cell.upperHalfBlock: (cell.foreground, cell.background)
                case 0x2584: (cell.background, cell.foreground)  // lower half block
                case 0x2588: (cell.foreground, cell.foreground)  // full block
                default: (cell.background, cell.background)
                }
                rows[row * 2][column] = brightness(top)
                rows[row * 2 + 1][column] = brightness(bottom)
            }
        }
        return rows
    }

    static func brightness(_ color: UInt32) -> Int {
        let rgb = TerminalColor.rgb(color)
        return Int(max(rgb.r, rgb.g, rgb.b))
    }

    /// The index of the largest of `values`.
    static func brightest(_ values: [Int]) -> Int { values.indices.max { values[$0] < values[$1] }! }

    @Test("showspectrum: a tone is a bright row, two octaves up is higher on the screen")
    func spectrumRow() throws {
        let low = try Self.pixels("tone_440.mp3", .showspectrum, at: 2)
        let high = try Self.pixels("tone_1760.opus", .showspectrum, at: 2)
        let lowRow = Self.brightest(low.map { $0.reduce(0, +) })
        let highRow = Self.brightest(high.map { $0.reduce(0, +) })
        #expect(low[lowRow].max()! > 100 && high[highRow].max()! > 100, "no bright mark")
        // Two octaves on the log frequency scale: a sixth of the height or more apart.
        #expect(highRow + low.count / 6 <= lowRow, "440 Hz at pixel row \(lowRow), 1760 Hz at \(highRow)")
    }

    @Test("showcqt: a tone is a bright column, two octaves up is further right")
    func cqtColumn() throws {
        func column(_ rows: [[Int]]) -> (index: Int, peak: Int) {
            let sums = rows[0].indices.map { column in rows.reduce(0) { $0 + $1[column] } }
            let index = Self.brightest(sums)
            return (index, rows.map { $0[index] }.max()!)
        }
        let low = column(try Self.pixels("tone_440.mp3", .showcqt, at: 2))
        let high = column(try Self.pixels("tone_1760.opus", .showcqt, at: 2))
        // A bar a pixel or two wide averaged into a cell's column: dimmer than the filter drew it.
        #expect(low.peak > 50 && high.peak > 50, "no bright bar: \(low), \(high)")
        // 440 Hz is about 45% of the way across CQT's 20 Hz–20 kHz, 1760 Hz about 65%.
        #expect(abs(low.index - Self.cells.columns * 45 / 100) <= 3, "440 Hz at column \(low.index)")
        #expect(abs(high.index - Self.cells.columns * 65 / 100) <= 3, "1760 Hz at column \(high.index)")
    }

    @Test("silence: the same dark picture at two times", arguments: Visualizer.allCases)
    func silenceIsStill(_ visualizer: Visualizer) throws {
        let early = try Self.pixels("silence.flac", visualizer, at: 1)
        let late = try Self.pixels("silence.flac", visualizer, at: 3)
        #expect(early == late)
        let peak = early.flatMap { $0 }.max() ?? 0
        // showwaves draws silence as its flat line, avectorscope as its dot; the spectra
        // draw nothing at all.
        if visualizer == .showspectrum || visualizer == .showcqt { #expect(peak < 20, "a mark in silence: \(peak)") }
    }

    @Test("the tone's picture moves, silence's does not")
    func toneMoves() throws {
        let first = try Self.pixels("tone_440.mp3", .showwaves, at: 1, count: 1)
        let later = try Self.pixels("tone_440.mp3", .showwaves, at: 1, count: 4)
        #expect(first != later)
    }
}
