/// What the rasterizer knows the terminal's cursor and graphic rendition (SGR) to be, and
/// the escapes that change them. Every escape is written through a `ByteSink`, so the same
/// code that writes a sequence also measures it when the rasterizer compares options.
///
/// "Unknown" is a sentinel that no real value equals (colour codes are 24 bits or a
/// `TerminalColor` tag, attributes 5 bits), so "must I send this?" is one comparison whether or not the state
/// is known.
struct TerminalState {
    static let unknownColor = UInt32.max
    static let unknownAttributes = UInt8.max

    /// The cursor, or -1 when unknown (start of a frame, after the last column).
    var cursorRow = -1
    var cursorColumn = -1
    var foreground = TerminalState.unknownColor
    var background = TerminalState.unknownColor
    var attributes = TerminalState.unknownAttributes
    /// Where the frame's top-left cell is on the terminal: every CUP adds it (embed mode
    /// draws a frame the size of its rectangle, at the rectangle). Kept by `forget`.
    var originRow = 0
    var originColumn = 0

    static let escape: UInt8 = 0x1B
    static let bracket = UInt8(ascii: "[")

    /// Forgets everything: after a resize, a resume, anything written behind our back.
    mutating func forget() {
        self = TerminalState(originRow: originRow, originColumn: originColumn)
    }

    @inline(__always)
    mutating func forgetCursor() {
        cursorRow = -1
        cursorColumn = -1
    }

    /// CUP `ESC[row;colH` (1-based), in its shortest form: `ESC[H` home, `ESC[rowH` at
    /// column 1.
    @inline(__always)
    mutating func moveTo<S: ByteSink>(row: Int, column: Int, into sink: inout S) {
        let onRow = row + originRow, onColumn = column + originColumn
        sink.put(TerminalState.escape, TerminalState.bracket)
        if onRow > 0 || onColumn > 0 { sink.putDecimal(onRow + 1) }
        if onColumn > 0 {
            sink.put(UInt8(ascii: ";"))
            sink.putDecimal(onColumn + 1)
        }
        sink.put(UInt8(ascii: "H"))
        cursorRow = row
        cursorColumn = column
    }

    /// CUF `ESC[nC` (`ESC[C` for one).
    @inline(__always)
    mutating func moveRight<S: ByteSink>(by n: Int, into sink: inout S) {
        sink.put(TerminalState.escape, TerminalState.bracket)
        if n != 1 { sink.putDecimal(n) }
        sink.put(UInt8(ascii: "C"))
        cursorColumn += n
    }

    /// Brings the SGR state to the given codes and attributes with one `ESC[…m`, naming
    /// only what differs. Attributes are turned off selectively (22 clears bold and dim,
    /// 27 reverse) so colours survive; only an unknown state costs a full `0`.
    @inline(__always)
    mutating func setStyle<S: ByteSink, E: ColorEncoding>(
        foreground fg: UInt32, background bg: UInt32, attributes attrs: UInt8,
        encoding: E, into sink: inout S
    ) {
        if attrs == attributes && fg == foreground && bg == background { return }
        sink.put(TerminalState.escape, TerminalState.bracket)
        var first = true
        if attrs != attributes {
            var on = attrs
            if attributes == TerminalState.unknownAttributes {
                sink.put(UInt8(ascii: "0"))
                first = false
                foreground = TerminalState.unknownColor
                background = TerminalState.unknownColor
            } else {
                on = attrs & ~attributes
                let off = attributes & ~attrs
                let boldOrDim = CellAttributes.bold.rawValue | CellAttributes.dim.rawValue
                if off & boldOrDim != 0 {
                    TerminalState.parameter(UInt8(ascii: "2"), UInt8(ascii: "2"), &first, into: &sink)
                    on |= attrs & boldOrDim
                }
                if off & CellAttributes.reverse.rawValue != 0 {
                    TerminalState.parameter(UInt8(ascii: "2"), UInt8(ascii: "7"), &first, into: &sink)
                }
                if off & CellAttributes.underline.rawValue != 0 {
                    TerminalState.parameter(UInt8(ascii: "2"), UInt8(ascii: "4"), &first, into: &sink)
                }
                if off & CellAttributes.italic.rawValue != 0 {
                    TerminalState.parameter(UInt8(ascii: "2"), UInt8(ascii: "3"), &first, into: &sink)
                }
            }
            if on & CellAttributes.bold.rawValue != 0 { TerminalState.parameter(UInt8(ascii: "1"), &first, into: &sink) }
            if on & CellAttributes.dim.rawValue != 0 { TerminalState.parameter(UInt8(ascii: "2"), &first, into: &sink) }
            if on & CellAttributes.reverse.rawValue != 0 { TerminalState.parameter(UInt8(ascii: "7"), &first, into: &sink) }
            if on & CellAttributes.underline.rawValue != 0 { TerminalState.parameter(UInt8(ascii: "4"), &first, into: &sink) }
            if on & CellAttributes.italic.rawValue != 0 { TerminalState.parameter(UInt8(ascii: "3"), &first, into: &sink) }
            attributes = attrs
        }
        if fg != foreground {
            if !first { sink.put(UInt8(ascii: ";")) }
            first = false
            encoding.putForeground(fg, into: &sink)
            foreground = fg
        }
        if bg != background {
            if !first { sink.put(UInt8(ascii: ";")) }
            encoding.putBackground(bg, into: &sink)
            background = bg
        }
        sink.put(UInt8(ascii: "m"))
    }

    /// Writes one cell at the cursor: style, then the glyph. The cursor moves right; past
    /// the last column it becomes unknown, because terminals differ on where a cursor
    /// parked in the pending-wrap state is, and writing there again would wrap or scroll.
    @inline(__always)
    mutating func write<S: ByteSink, E: ColorEncoding>(_ cell: Cell, encoding: E, lastColumn: Int,
                                                       into sink: inout S) {
        // Only SGR attributes: `.wide` is layout, and sent as a bit it would reset the SGR.
        setStyle(foreground: cell.foreground, background: cell.background,
                 attributes: cell.attributes.intersection(.all).rawValue,
                 encoding: encoding, into: &sink)
        sink.putGlyph(cell.glyph)
        if cursorColumn >= lastColumn { forgetCursor() } else { cursorColumn += 1 }
    }

    @inline(__always)
    private static func parameter<S: ByteSink>(_ a: UInt8, _ first: inout Bool, into sink: inout S) {
        if !first { sink.put(UInt8(ascii: ";")) }
        first = false
        sink.put(a)
    }

    @inline(__always)
    private static func parameter<S: ByteSink>(_ a: UInt8, _ b: UInt8, _ first: inout Bool, into sink: inout S) {
        if !first { sink.put(UInt8(ascii: ";")) }
        first = false
        sink.put(a, b)
    }
}
