import InsetCore
import InsetRender
import InsetShell

/// The terminal-path fuzzer's check: an input goes through the shell pane's screen
/// (`ShellEmulator`: `FloodSkip`, libvterm, the pane's cells) and the rasterizer, frame by
/// frame, as the player draws the pane; after each frame
/// - the pane's cells hold only what the renderer may draw: printable Unicode scalars of
///   the width their cell gives them, wide glyphs with their continuation, no kitty
///   placeholder, colours the renderer knows; and the cursor lies on the screen;
/// - the rasterizer's output is only its own vocabulary (`RasterOutputGrammar`);
/// - replayed into a terminal of its own (`ReplayTerminal`, since the first frame), that
///   output shows every cell as a person would see the pane's: its width, attributes,
///   and its glyph in its colours as the terminal quantises them (`ReplayComparison`).
/// A crash anywhere on the way is the harness's to catch.
public enum TerminalFuzz {
    /// What one input came to.
    public struct Outcome: Sendable, Equatable {
        /// What went wrong, or nil when every frame was consistent.
        public var problem: String?
        /// Characters the replay model drew one column narrower or wider than the pane,
        /// because its width table is older than their width (`ModelWidthTable`): counted,
        /// not failed.
        public var outdatedModelWidths: Set<UInt32> = []
    }

    /// What went wrong with `input`, or nil when every frame was consistent.
    public static func check(_ input: TerminalFuzzInput) -> String? { run(input).problem }

    /// Runs `input` through the pane, the rasterizer and the replay, frame by frame.
    public static func run(_ input: TerminalFuzzInput) -> Outcome {
        let screen = ShellEmulator(size: input.size)
        let rasterizer = Rasterizer(colorMode: input.colors.mode, perceptualThreshold: 0)
        let replay = ReplayTerminal(size: input.size)
        var comparison = ReplayComparison(rasterizer: rasterizer)
        var grid = CellGrid(size: input.size)
        var replies: [UInt8] = []
        var frame = 0
        func outcome(_ problem: String?) -> Outcome {
            Outcome(problem: problem.map { "frame \(frame): \($0)" }, outdatedModelWidths: comparison.outdatedModelWidths)
        }
        for step in input.steps {
            switch step {
            case .write(let chunk):
                chunk.withUnsafeBytes { _ = screen.feed($0) }
                // Answers to the program's queries (DA, DSR) would go back to it: dropped.
                replies.removeAll(keepingCapacity: true)
                screen.takeOutput(into: &replies)
            case .resize(let size):
                screen.resize(to: size)
            case .frame(let showCursor):
                if grid.size != screen.size { grid = CellGrid(size: screen.size) }
                screen.draw(into: &grid, showCursor: showCursor)
                if let problem = gridViolation(grid, cursor: screen.cursor, size: screen.size) { return outcome(problem) }
                rasterizer.rasterize(grid)
                let output = rasterizer.output.array
                if let problem = RasterOutputGrammar.violation(in: output) { return outcome(problem) }
                replay.resize(to: grid.size)
                replay.feed(output)
                if let problem = comparison.mismatch(grid, replay) { return outcome(problem) }
                frame += 1
            }
        }
        return outcome(nil)
    }

    // MARK: The pane's cells

    static func gridViolation(_ grid: CellGrid, cursor: CellPoint, size: CellSize) -> String? {
        guard grid.size == size else { return "grid \(grid.size) for a screen of \(size)" }
        guard cursor.row >= 0, cursor.row < size.rows, cursor.column >= 0, cursor.column < size.columns else {
            return "cursor \(cursor) outside the screen \(size)"
        }
        let known: CellAttributes = [.bold, .underline, .italic, .reverse, .wide]
        for row in 0..<grid.rows {
            for column in 0..<grid.columns {
                let cell = grid[column, row]
                let at = "cell (\(column),\(row))"
                guard known.isSuperset(of: cell.attributes) else { return "\(at): attributes \(cell.attributes.rawValue)" }
                guard isKnownColor(cell.foreground), isKnownColor(cell.background) else {
                    return "\(at): colours \(hex(cell.foreground))/\(hex(cell.background))"
                }
                if cell.glyph == Cell.wideContinuation {
                    guard column > 0, grid[column - 1, row].attributes.contains(.wide) else {
                        return "\(at): a wide glyph's continuation without the glyph"
                    }
                    continue
                }
                guard let scalar = Unicode.Scalar(cell.glyph) else { return "\(at): glyph \(hex(cell.glyph)) is no Unicode scalar" }
                guard !cell.isKittyPlaceholder else { return "\(at): a kitty placeholder" }
                let width = GlyphWidth.columns(of: scalar)
                if cell.attributes.contains(.wide) {
                    guard width == 2 else { return "\(at): wide cell with \(describe(cell.glyph)), \(width) column(s) wide" }
                    guard column + 1 < grid.columns, grid[column + 1, row].glyph == Cell.wideContinuation else {
                        return "\(at): wide glyph without its continuation"
                    }
                } else if width != 1 {
                    return "\(at): \(describe(cell.glyph)) takes \(width) column(s) in a one-column cell"
                }
            }
        }
        return nil
    }

    private static func isKnownColor(_ color: UInt32) -> Bool {
        color <= 0xFF_FFFF || TerminalColor.paletteIndex(color) != nil
            || color == TerminalColor.defaultForeground || color == TerminalColor.defaultBackground
    }

    static func hex(_ value: UInt32) -> String { "0x" + String(value, radix: 16, uppercase: true) }

    static func describe(_ glyph: UInt32) -> String {
        if glyph >= 0x21 && glyph < 0x7F, let scalar = Unicode.Scalar(glyph) { return "'\(Character(scalar))'" }
        return "U+" + String(glyph, radix: 16, uppercase: true)
    }
}
