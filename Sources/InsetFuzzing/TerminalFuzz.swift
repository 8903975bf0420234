import InsetCore
import InsetRender
import InsetShell

/// The terminal-path fuzzer's check: an input goes through the shell pane's screen
/// (`ShellScreen`: `FloodSkip`, libvterm, the pane's cells) and the rasterizer, frame by
/// frame, as the player draws the pane; after each frame
/// - the pane's cells hold only what the renderer may draw: printable Unicode scalars of
///   the width their cell gives them, wide glyphs with their continuation, no kitty
///   placeholder, colours the renderer knows; and the cursor lies on the screen;
/// - the rasterizer's output is only its own vocabulary (`RasterOutputGrammar`);
/// - replayed into a terminal of its own (`ReplayTerminal`, since the first frame), that
///   output shows every cell as the pane intended: its glyph (a half block of one colour
///   may go as a space), width, attributes and colours (exactly in truecolor; in the
///   palette modes, palette colours exactly and RGB as some entry of the palette).
/// A crash anywhere on the way is the harness's to catch.
public enum TerminalFuzz {
    /// What went wrong with `input`, or nil when every frame was consistent.
    public static func check(_ input: TerminalFuzzInput) -> String? {
        let screen = ShellScreen(size: input.size)
        let rasterizer = Rasterizer(colorMode: input.colors.mode, perceptualThreshold: 0)
        let replay = ReplayTerminal(size: input.size)
        var grid = CellGrid(size: input.size)
        var replies: [UInt8] = []
        var frame = 0
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
                if let problem = gridViolation(grid, cursor: screen.cursor, size: screen.size) {
                    return "frame \(frame): \(problem)"
                }
                rasterizer.rasterize(grid)
                let output = rasterizer.output.array
                if let problem = RasterOutputGrammar.violation(in: output) { return "frame \(frame): \(problem)" }
                replay.resize(to: grid.size)
                replay.feed(output)
                if let problem = replayMismatch(grid, replay, colors: input.colors) { return "frame \(frame): \(problem)" }
                frame += 1
            }
        }
        return nil
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

    // MARK: What the terminal shows

    static func replayMismatch(_ grid: CellGrid, _ replay: ReplayTerminal, colors: TerminalFuzzInput.ColorChoice) -> String? {
        let sgr: CellAttributes = [.bold, .underline, .italic, .reverse]
        for row in 0..<grid.rows {
            var column = 0
            while column < grid.columns {
                let cell = grid[column, row]
                let shown = replay[column, row]
                let at = "cell (\(column),\(row))"
                let wide = cell.attributes.contains(.wide) && column + 1 < grid.columns
                    && grid[column + 1, row].glyph == Cell.wideContinuation
                var glyph = cell.glyph
                if !wide && (cell.attributes.contains(.wide) || glyph == Cell.wideContinuation) { glyph = Cell.space }
                let attributes = cell.attributes.intersection(sgr)
                var shownGlyph = shown.glyph == 0 ? Cell.space : shown.glyph
                // A half block whose halves are one colour may go as a space: the same picture.
                if glyph == Cell.upperHalfBlock && shownGlyph == Cell.space && attributes.isEmpty
                    && (colors != .truecolor || cell.foreground == cell.background) {
                    shownGlyph = glyph
                }
                let problem: String?
                if shownGlyph != glyph {
                    problem = "glyph"
                } else if wide && (shown.width != 2 || replay[column + 1, row].glyph != ReplayTerminal.continuation) {
                    problem = "width"
                } else if shown.attributes != attributes {
                    problem = "attributes"
                } else if !colorShown(shown.foreground, for: cell.foreground, colors) {
                    problem = "foreground"
                } else if !colorShown(shown.background, for: cell.background, colors) {
                    problem = "background"
                } else {
                    problem = nil
                }
                if let problem {
                    return "\(at) \(problem) differs on the replayed terminal: intended \(describe(glyph))"
                        + "\(wide ? " wide" : "") fg \(hex(cell.foreground)) bg \(hex(cell.background)) attrs \(attributes.rawValue),"
                        + " shown \(describe(shown.glyph)) width \(shown.width) fg \(hex(shown.foreground))"
                        + " bg \(hex(shown.background)) attrs \(shown.attributes.rawValue)"
                }
                column += wide ? 2 : 1
            }
        }
        return nil
    }

    /// Whether a terminal showing `shown` shows `intended` in this colour mode.
    private static func colorShown(_ shown: UInt32, for intended: UInt32, _ colors: TerminalFuzzInput.ColorChoice) -> Bool {
        if shown == intended { return true }
        let isDefault = intended == TerminalColor.defaultForeground || intended == TerminalColor.defaultBackground
        switch colors {
        case .truecolor:
            return false
        case .palette256:
            // RGB goes as the nearest of the 240 (16...255); palette colours as themselves.
            return intended <= 0xFF_FFFF && (TerminalColor.paletteIndex(shown) ?? 0) >= 16
        case .palette16:
            // RGB and palette colours past the sixteen go as the nearest of the sixteen.
            guard !isDefault, (TerminalColor.paletteIndex(intended) ?? 16) >= 16 else { return false }
            return (TerminalColor.paletteIndex(shown) ?? 16) < 16
        }
    }

    private static func hex(_ value: UInt32) -> String { "0x" + String(value, radix: 16, uppercase: true) }

    private static func describe(_ glyph: UInt32) -> String {
        if glyph >= 0x21 && glyph < 0x7F, let scalar = Unicode.Scalar(glyph) { return "'\(Character(scalar))'" }
        return "U+" + String(glyph, radix: 16, uppercase: true)
    }
}
