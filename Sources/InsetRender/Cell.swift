import InsetCore

/// Text attributes a cell can carry. Only the ones the rasterizer emits and every terminal
/// has: bold (SGR 1), dim (SGR 2; 22 clears both), reverse (SGR 7; 27 clears it).
public struct CellAttributes: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    @inline(__always) public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let bold = CellAttributes(rawValue: 1 << 0)
    public static let dim = CellAttributes(rawValue: 1 << 1)
    public static let reverse = CellAttributes(rawValue: 1 << 2)

    /// Every attribute the renderer knows; other bits are ignored when rasterizing.
    public static let all: CellAttributes = [.bold, .dim, .reverse]
}

/// One terminal cell as plain data: 16 bytes, no references, so grids are flat buffers that
/// the blitter, compositor and rasterizer walk with raw pointers.
///
/// Colours are packed `0xRRGGBB` (what `RGB.packed` gives). The glyph is a Unicode scalar
/// value that must occupy exactly one column; the drawing helpers replace wide and
/// zero-width characters, and the rasterizer replaces control characters with a space.
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
