import InsetCore

/// Text attributes a cell can carry: the SGR ones the rasterizer emits, bold (SGR 1), dim
/// (2; 22 clears both), reverse (7/27), underline (4/24), italic (3/23), and one layout
/// flag, `wide`, that is never sent as SGR.
public struct CellAttributes: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    @inline(__always) public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let bold = CellAttributes(rawValue: 1 << 0)
    public static let dim = CellAttributes(rawValue: 1 << 1)
    public static let reverse = CellAttributes(rawValue: 1 << 2)
    public static let underline = CellAttributes(rawValue: 1 << 3)
    public static let italic = CellAttributes(rawValue: 1 << 4)
    /// The glyph takes two columns: this cell and the next, which holds
    /// `Cell.wideContinuation`. A wide cell without its continuation is drawn as a space.
    public static let wide = CellAttributes(rawValue: 1 << 7)

    /// Every SGR attribute the renderer knows; other bits are not sent.
    public static let all: CellAttributes = [.bold, .dim, .reverse, .underline, .italic]
}

/// Colours a cell can name besides `0xRRGGBB`, for text that comes from a terminal program
/// (the shell pane): an entry of the terminal's own palette, or its default foreground or
/// background, so the user's theme applies as it would in any terminal. Tagged in the top
/// byte, which a packed RGB never sets; the rasterizer sends them as `38;5;n`/`3n`/`39`….
public enum TerminalColor {
    public static let paletteTag: UInt32 = 0x0100_0000
    public static let defaultForeground: UInt32 = 0x0200_0000
    public static let defaultBackground: UInt32 = 0x0300_0000

    @inline(__always) public static func palette(_ index: UInt8) -> UInt32 { paletteTag | UInt32(index) }
    @inline(__always) public static func isTagged(_ color: UInt32) -> Bool { color >= paletteTag }
    /// The default foreground or background: the user's theme, whatever it is.
    @inline(__always) public static func isDefault(_ color: UInt32) -> Bool {
        color == defaultForeground || color == defaultBackground
    }
    /// The palette index of a palette colour, nil for anything else.
    @inline(__always) public static func paletteIndex(_ color: UInt32) -> Int? {
        color & 0xFF00_0000 == paletteTag ? Int(color & 0xFF) : nil
    }

    /// A colour's RGB: a palette entry as xterm shows it, the defaults as white on black.
    public static func rgb(_ color: UInt32) -> RGB {
        if let index = paletteIndex(color) { return ColorQuantizer.rgb(forIndex: index) }
        if color == defaultForeground { return .white }
        if color == defaultBackground { return .black }
        return RGB(packed: color & 0xFF_FFFF)
    }
}

/// One terminal cell as plain data: 16 bytes, no references, so grids are flat buffers that
/// the blitter, compositor and rasterizer walk with raw pointers.
///
/// Colours are packed `0xRRGGBB` (what `RGB.packed` gives), or a `TerminalColor`. The glyph
/// is a Unicode scalar value that occupies one column, or two when the cell is `.wide`
/// and the next holds `wideContinuation`; the drawing helpers replace wide and zero-width
/// characters, and the rasterizer replaces control characters with a space.
///
/// Glyph 0 is reserved: it marks a *transparent* cell of a plane, through which the planes
/// beneath (or the blank screen) show. The compositor never puts one into a screen frame.
public struct Cell: Hashable, Sendable {
    public var glyph: UInt32
    public var foreground: UInt32
    public var background: UInt32
    public var attributes: CellAttributes

    @inline(__always)
    public init(glyph: UInt32, foreground: UInt32, background: UInt32, attributes: CellAttributes = []) {
        self.glyph = glyph
        self.foreground = foreground
        self.background = background
        self.attributes = attributes
    }

    public init(_ glyph: Unicode.Scalar, foreground: RGB, background: RGB, attributes: CellAttributes = []) {
        self.init(glyph: glyph.value, foreground: foreground.packed, background: background.packed,
                  attributes: attributes)
    }

    public init(_ glyph: Unicode.Scalar, style: CellStyle) {
        self.init(glyph, foreground: style.foreground, background: style.background, attributes: style.attributes)
    }

    /// The reserved glyph value of a transparent cell.
    public static let transparentGlyph: UInt32 = 0
    /// U+2580 UPPER HALF BLOCK: the top pixel is the foreground, the bottom the background.
    public static let upperHalfBlock: UInt32 = 0x2580
    public static let space: UInt32 = 0x20
    /// The right half of a wide glyph (the cell to its left has `.wide`): nothing is written
    /// for it, the glyph covers it.
    public static let wideContinuation: UInt32 = 0xFFFF_FFFE
    /// In the rasterizer's record of the screen: a cell whose content is not known (the
    /// terminal blanked it as the other half of a wide glyph); it equals no intended cell.
    static let unknownGlyph: UInt32 = 0xFFFF_FFFF

    /// A cell that lets whatever is beneath show.
    public static let transparent = Cell(glyph: transparentGlyph, foreground: 0, background: 0)
    /// What the screen shows where no plane covers it: a space on black.
    public static let blank = Cell(glyph: space, foreground: 0xFFFFFF, background: 0)

    @inline(__always) public var isTransparent: Bool { glyph == Cell.transparentGlyph }

    /// A half-block cell showing two vertically stacked pixels.
    @inline(__always)
    public static func halfBlock(top: UInt32, bottom: UInt32) -> Cell {
        Cell(glyph: upperHalfBlock, foreground: top, background: bottom)
    }
}

/// Foreground, background and attributes for UI drawing (text, boxes, fills).
public struct CellStyle: Hashable, Sendable {
    public var foreground: RGB
    public var background: RGB
    public var attributes: CellAttributes

    public init(foreground: RGB = .white, background: RGB = .black, attributes: CellAttributes = []) {
        self.foreground = foreground
        self.background = background
        self.attributes = attributes
    }

    public static let plain = CellStyle()
}
