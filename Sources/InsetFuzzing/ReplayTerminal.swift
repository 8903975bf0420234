import CVTerm
import InsetCore
import InsetRender

/// The terminal the rasterizer's output is replayed into, to see what a user would see: a
/// libvterm of its own, read cell by cell through the C shim, apart from the pane's
/// emulator and from the Swift code that turns its cells into the pane's (`VirtualScreen`).
final class ReplayTerminal {
    private let term: UnsafeMutablePointer<cvterm_term>
    private(set) var size: CellSize

    /// A cell as the terminal shows it. `glyph` is 0 for a cell never written,
    /// `continuation` for the right half of a wide character.
    struct ShownCell: Equatable {
        var glyph: UInt32
        var width: Int
        var foreground: UInt32
        var background: UInt32
        var attributes: CellAttributes
    }

    static let continuation = UInt32.max

    init(size: CellSize) {
        guard let term = cvterm_new(Int32(size.rows), Int32(size.columns)) else { fatalError("libvterm: out of memory") }
        self.term = term
        self.size = size
    }

    deinit { cvterm_free(term) }

    func feed(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { raw in
            guard let base = raw.baseAddress, raw.count > 0 else { return }
            cvterm_feed(term, base.assumingMemoryBound(to: CChar.self), raw.count)
        }
        // What the terminal would answer (none is asked for): dropped.
        term.pointee.output_length = 0
    }

    /// A new window size; what it shows after is for the next frame to overwrite.
    func resize(to newSize: CellSize) {
        guard newSize != size else { return }
        size = newSize
        cvterm_resize(term, Int32(newSize.rows), Int32(newSize.columns))
    }

    /// How many columns the model gives `scalar`: printed alone at the top-left of a
    /// terminal of its own, whether it reaches into the next column. For the rare cell
    /// whose width the model and the renderer disagree on (`ModelWidthTable`).
    static func columns(of scalar: Unicode.Scalar) -> Int {
        let probe = ReplayTerminal(size: CellSize(columns: 4, rows: 1))
        probe.feed(Array("\u{1B}[H".utf8) + Array(String(scalar).utf8))
        return probe[0, 0].width
    }

    subscript(column: Int, row: Int) -> ShownCell {
        var cell = cvterm_cell()
        cvterm_cell_at(term, Int32(row), Int32(column), &cell)
        var attributes: CellAttributes = []
        if cell.attributes & UInt32(CVTERM_BOLD) != 0 { attributes.insert(.bold) }
        if cell.attributes & UInt32(CVTERM_UNDERLINE) != 0 { attributes.insert(.underline) }
        if cell.attributes & UInt32(CVTERM_ITALIC) != 0 { attributes.insert(.italic) }
        if cell.attributes & UInt32(CVTERM_REVERSE) != 0 { attributes.insert(.reverse) }
        return ShownCell(glyph: cell.glyph, width: Int(cell.width), foreground: cell.foreground,
                         background: cell.background, attributes: attributes)
    }
}
