import InsetCore

/// Writes a frame as plain lines of coloured text, for output that is not a live screen
/// (`inset cat` into a pipe, a file, CI logs): no cursor addressing, no synchronized
/// update, no diff. Each row is its cells with SGR changes where the style changes, then
/// `ESC[0m` and a newline, so the text can be printed anywhere and leaves the terminal
/// in its default style.
public enum AnsiTextWriter {
    /// Appends `frame` to `output` as text lines in `colorMode`.
    public static func write(_ frame: CellGrid, colorMode: ColorMode, into output: OutputBuffer) {
        switch colorMode {
        case .truecolor: write(frame, encoding: TrueColorEncoding(), into: output)
        case .palette256: write(frame, encoding: Palette256Encoding(), into: output)
        case .palette16: write(frame, encoding: Palette16Encoding(), into: output)
        }
    }

    /// `frame` as text lines in a new buffer.
    public static func text(of frame: CellGrid, colorMode: ColorMode) -> OutputBuffer {
        let output = OutputBuffer(capacity: max(64, frame.size.count * 24))
        write(frame, colorMode: colorMode, into: output)
        return output
    }

    private static func write<E: ColorEncoding>(_ frame: CellGrid, encoding: E, into output: OutputBuffer) {
        let columns = frame.columns
        guard columns > 0 else { return }
        frame.withUnsafeCells { cells in
            for row in 0..<frame.rows {
                output.withWriter(reserving: columns * 64 + 16) { writer in
                    // Every line starts from the default style, so each stands alone.
                    var state = TerminalState()
                    state.attributes = 0
                    for column in 0..<columns {
                        let cell = cells[row * columns + column]
                        state.setStyle(foreground: encoding.code(cell.foreground),
                                       background: encoding.code(cell.background),
                                       attributes: cell.attributes.intersection(.all).rawValue,
                                       encoding: encoding, into: &writer)
                        writer.putUTF8(TerminalGlyph.displayable(cell.glyph))
                    }
                    writer.put(TerminalState.escape, TerminalState.bracket)
                    writer.put(UInt8(ascii: "0"), UInt8(ascii: "m"))
                    writer.put(UInt8(ascii: "\n"))
                }
            }
        }
    }
}
