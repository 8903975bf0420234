import InsetCore
@testable import InsetFuzzing
import InsetRender
import Testing

/// The terminal fuzzer's replay check (issue 34): a cell fails only when a person would
/// see it otherwise, and a width that only the model's old table gets wrong is counted,
/// not failed. Each case is a frame the pane intended and the bytes a terminal got,
/// written by hand: what the rasterizer did right, and what it could do wrong.
@Suite("Terminal fuzz: what the replayed terminal shows")
struct ReplayComparisonTests {
    static let defaultCell = Cell(glyph: Cell.space, foreground: TerminalColor.defaultForeground,
                                  background: TerminalColor.defaultBackground)

    /// The comparison of `cells` (placed at their columns on rows of `size`) with what a
    /// terminal shows after `bytes`, for a rasterizer in `mode` with `threshold`.
    static func compare(_ cells: [(CellPoint, Cell)], shown bytes: String, mode: ColorMode = .truecolor,
                        threshold: Int = 0, size: CellSize = CellSize(columns: 6, rows: 2)) -> (String?, Set<UInt32>) {
        var grid = CellGrid(size: size, fill: defaultCell)
        for (at, cell) in cells {
            grid[at.column, at.row] = cell
            if cell.attributes.contains(.wide) {
                grid[at.column + 1, at.row] = Cell(glyph: Cell.wideContinuation, foreground: cell.foreground,
                                                   background: cell.background)
            }
        }
        let replay = ReplayTerminal(size: size)
        replay.feed(Array(bytes.utf8))
        var comparison = ReplayComparison(rasterizer: Rasterizer(colorMode: mode, perceptualThreshold: threshold))
        let problem = comparison.mismatch(grid, replay)
        return (problem, comparison.outdatedModelWidths)
    }

    static func at(_ column: Int, _ row: Int = 0) -> CellPoint { CellPoint(column: column, row: row) }
    static func cell(_ glyph: UInt32, _ foreground: UInt32, _ background: UInt32, _ attributes: CellAttributes = []) -> Cell {
        Cell(glyph: glyph, foreground: foreground, background: background, attributes: attributes)
    }
    static let palette = TerminalColor.palette

    // MARK: Look-alikes pass

    @Test("the reported look-alikes replayed from their seed pass", arguments: [15293, 15989, 18277, 16214])
    func reportedLookAlikes(index: Int) {
        let outcome = TerminalFuzz.run(TerminalInputGenerator.input(seed: 424242, index: index))
        #expect(outcome.problem == nil)
        #expect(outcome.outdatedModelWidths.isEmpty)
    }

    @Test("the reported wide U+1FA74 shown narrow is counted apart, not failed")
    func reportedNewerWidth() {
        let outcome = TerminalFuzz.run(TerminalInputGenerator.input(seed: 424242, index: 8429))
        #expect(outcome.problem == nil)
        #expect(outcome.outdatedModelWidths == [0x1FA74])
    }

    @Test("a pattern glyph's complement with the colours swapped looks alike (palette colours, as input 15293)")
    func complementSwapped() {
        let (problem, _) = Self.compare([(Self.at(0), Self.cell(0x1FB82, Self.palette(9), Self.palette(7)))],
                                        shown: "\u{1B}[H\u{1B}[37;101m\u{2586}", mode: .palette256)
        #expect(problem == nil)
    }

    @Test("a glyph in one colour over the same colour looks like any other shape in it (as input 15989)")
    func invisibleGlyph() {
        let black = Self.cell(0x1FB85, 0x000000, 0x000000)
        #expect(Self.compare([(Self.at(0), black)], shown: "\u{1B}[H\u{1B}[38;2;0;0;0;48;2;0;0;0m\u{2582}").0 == nil)
        #expect(Self.compare([(Self.at(0), black)], shown: "\u{1B}[H\u{1B}[48;2;0;0;0m ").0 == nil)
    }

    @Test("a complement whose RGB colour went to the nearest of the sixteen looks alike (as input 16214)")
    func complementQuantised() {
        let (problem, _) = Self.compare([(Self.at(0), Self.cell(0x1CD1E, Self.palette(4), 0x9178D9))],
                                        shown: "\u{1B}[H\u{1B}[94;44m\u{1CDC4}", mode: .palette16)
        #expect(problem == nil)
    }

    @Test("colours within the rasterizer's perceptual threshold look alike, on a pattern glyph and on a letter")
    func withinTolerance() {
        // Two grey steps off, under a threshold of three.
        let shown = "\u{1B}[H\u{1B}[38;2;102;102;102;48;2;0;0;0m\u{2580}x"
        let cells = [(Self.at(0), Self.cell(Cell.upperHalfBlock, 0x646464, 0)), (Self.at(1), Self.cell(0x78, 0x646464, 0))]
        #expect(Self.compare(cells, shown: shown, threshold: 3).0 == nil)
        #expect(Self.compare(cells, shown: shown, threshold: 0).0 != nil, "a rasterizer that sends exactly is held to it")
    }

    // MARK: Real differences fail

    @Test("a colour beyond the tolerance fails: truecolor past the threshold, the wrong palette entry, a complement's")
    func colorBeyondTolerance() {
        let grey = [(Self.at(0), Self.cell(Cell.upperHalfBlock, 0x646464, 0))]
        #expect(Self.compare(grey, shown: "\u{1B}[H\u{1B}[38;2;104;104;104;48;2;0;0;0m\u{2580}", threshold: 3).0?
            .contains("foreground") == true)
        // Pure red is entry 196 of the 256; 160 is a darker red.
        let red = [(Self.at(0), Self.cell(0x78, 0xFF0000, Self.palette(0)))]
        #expect(Self.compare(red, shown: "\u{1B}[H\u{1B}[38;5;196;40mx", mode: .palette256).0 == nil)
        #expect(Self.compare(red, shown: "\u{1B}[H\u{1B}[38;5;160;40mx", mode: .palette256).0 != nil)
        // The complement, swapped, but with the background gone to another colour.
        let quarter = [(Self.at(0), Self.cell(0x1FB82, Self.palette(9), Self.palette(7)))]
        #expect(Self.compare(quarter, shown: "\u{1B}[H\u{1B}[37;102m\u{2586}", mode: .palette256).0 != nil)
    }

    @Test("a wrong glyph shape fails: another pattern in the same colours, a complement without the colours swapped")
    func wrongShape() {
        let quarter = [(Self.at(0), Self.cell(0x1FB82, 0xFF0000, 0x0000FF))]
        let lowerQuarter = Self.compare(quarter, shown: "\u{1B}[H\u{1B}[38;2;255;0;0;48;2;0;0;255m\u{2582}").0
        #expect(lowerQuarter?.contains("glyph") == true)
        #expect(Self.compare(quarter, shown: "\u{1B}[H\u{1B}[38;2;255;0;0;48;2;0;0;255m\u{2586}").0 != nil)
        #expect(Self.compare(quarter, shown: "\u{1B}[H\u{1B}[38;2;255;0;0;48;2;0;0;255mx").0 != nil)
    }

    @Test("a lost cell fails: a pattern glyph or a letter the terminal never got")
    func lostCell() {
        let cells = [(Self.at(0), Self.cell(0x78, 0xFFFFFF, 0)), (Self.at(1), Self.cell(Cell.upperHalfBlock, 0xFF0000, 0x0000FF))]
        #expect(Self.compare(cells, shown: "\u{1B}[H\u{1B}[38;2;255;255;255;48;2;0;0;0mx").0?.contains("cell (1,0)") == true)
        #expect(Self.compare(cells, shown: "\u{1B}[1;2H\u{1B}[38;2;255;0;0;48;2;0;0;255m\u{2580}").0?
            .contains("cell (0,0)") == true)
    }

    @Test("a character both tables know, or neither, shown narrower than the pane drew it fails: a regional indicator, an unassigned code point",
          arguments: [0x1F1E6, 0x1F20D] as [UInt32])
    func knownCharacterWidth(glyph: UInt32) {
        let wide = [(Self.at(0), Self.cell(glyph, TerminalColor.defaultForeground, TerminalColor.defaultBackground, .wide))]
        let (problem, apart) = Self.compare(wide, shown: "\u{1B}[H" + String(Unicode.Scalar(glyph)!))
        #expect(problem?.contains("width") == true)
        #expect(apart.isEmpty)
    }

    // MARK: Newer characters are counted apart

    @Test("a newer emoji shown narrow is counted, the rest of its row left alone, the other rows still compared")
    func newerWidthCounted() {
        let emoji = Self.cell(0x1FA74, TerminalColor.defaultForeground, TerminalColor.defaultBackground, .wide)
        let letter = { (glyph: UInt32) in Self.cell(glyph, TerminalColor.defaultForeground, TerminalColor.defaultBackground) }
        let cells = [(Self.at(0), emoji), (Self.at(2), letter(0x61)), (Self.at(0, 1), letter(0x62))]
        // The model's cursor goes one column short after the emoji: 'a' lands in column 1.
        let (problem, apart) = Self.compare(cells, shown: "\u{1B}[H\u{1FA74}a\u{1B}[2;1Hb")
        #expect(problem == nil)
        #expect(apart == [0x1FA74])
        let (lost, _) = Self.compare(cells, shown: "\u{1B}[H\u{1FA74}a\u{1B}[2;1Hc")
        #expect(lost?.contains("cell (0,1)") == true)
        // The emoji itself is still seen: in the wrong colour it fails.
        let red = Self.cell(0x1FA74, 0xFF0000, TerminalColor.defaultBackground, .wide)
        #expect(Self.compare([(Self.at(0), red)], shown: "\u{1B}[H\u{1B}[38;2;0;0;255m\u{1FA74}").0 != nil)
    }

    @Test("a character that Unicode 10.0 made narrow, shown wide by the model, is counted apart too")
    func narrowedSinceCounted() {
        let rifle = Self.cell(0x1F946, TerminalColor.defaultForeground, TerminalColor.defaultBackground)
        let letter = Self.cell(0x61, TerminalColor.defaultForeground, TerminalColor.defaultBackground)
        // The model's cursor goes one column too far after the rifle: 'a' lands in column 2.
        let (problem, apart) = Self.compare([(Self.at(0), rifle), (Self.at(1), letter)], shown: "\u{1B}[H\u{1F946}a")
        #expect(problem == nil)
        #expect(apart == [0x1F946])
    }

    @Test("the model's table is too old for: characters assigned after Unicode 9.0 and the two it made narrow, nothing else",
          arguments: [(0x1FA74, true), (0x1F97A, true), (0x1AFF0, true), (0x1F93B, true), (0x1F946, true),
                      (0x1F600, false), (0x1F1E6, false), (0x1F321, false), (0x4E00, false), (0x1F20D, false)]
              as [(UInt32, Bool)])
    func outdatedWidths(glyph: UInt32, outdated: Bool) {
        #expect(ModelWidthTable.predates(glyph) == outdated)
    }

    // MARK: Shapes

    @Test("every pattern and its complement cover the cell between them, once")
    func complementsCover() {
        for blitter in Blitter.allCases {
            let count = SubCellPattern.count(in: blitter)
            for pattern in 0..<count {
                let lit = GlyphCoverage.mask(of: SubCellPattern.glyph(for: pattern, in: blitter))
                let other = GlyphCoverage.mask(of: SubCellPattern.glyph(for: count - 1 - pattern, in: blitter))
                #expect(lit.map { $0 & (other ?? 0) } == 0 && lit.map { $0 | (other ?? 0) } == GlyphCoverage.full,
                        "\(blitter) pattern \(pattern)")
            }
        }
        #expect(GlyphCoverage.mask(of: Cell.space) == 0)
        #expect(GlyphCoverage.mask(of: 0x2588) == GlyphCoverage.full)
        #expect(GlyphCoverage.mask(of: 0x78) == nil)
    }
}
