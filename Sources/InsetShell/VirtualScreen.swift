import CVTerm
import InsetCore
import InsetRender

/// A terminal's screen, emulated by libvterm: bytes a program writes go in, cells come out
/// as the renderer's `Cell`s, and keys, pastes and mouse events are encoded as that
/// program expects them (cursor-key mode, bracketed paste, the mouse protocol it asked
/// for). Not thread-safe: `ShellSession` owns one behind its lock.
final class VirtualScreen {
    private let term: UnsafeMutablePointer<cvterm_term>
    private(set) var size: CellSize

    init(size requested: CellSize) {
        precondition(requested.columns > 0 && requested.rows > 0, "a terminal has at least one cell")
        let size = VirtualScreen.emulated(requested)
        guard let term = cvterm_new(Int32(size.rows), Int32(size.columns)) else { fatalError("libvterm: out of memory") }
        self.term = term
        self.size = size
    }

    /// The size libvterm is given for a pane of `size`: at least two columns, because
    /// libvterm writes a wide character's right half past the end of a one-column row
    /// (`printf '\357\274\250'` crashed it); a narrower pane shows the first column.
    static func emulated(_ size: CellSize) -> CellSize {
        CellSize(columns: max(2, size.columns), rows: size.rows)
    }

    deinit { cvterm_free(term) }

    /// Changes with everything that changes what `draw` shows (cells, cursor, modes).
    var generation: UInt64 { term.pointee.generation }
    /// Where the cursor is, inside the screen: libvterm reports it above the first row after
    /// some scrolling-region moves (found by `inset-fuzz terminal`: row -4), and drawing the
    /// cursor there indexed the grid out of range.
    var cursor: CellPoint {
        CellPoint(column: min(max(0, Int(term.pointee.cursor_column)), size.columns - 1),
                  row: min(max(0, Int(term.pointee.cursor_row)), size.rows - 1))
    }
    var cursorVisible: Bool { term.pointee.cursor_visible != 0 }
    var isAlternateScreen: Bool { term.pointee.alternate_screen != 0 }
    /// The program asked for mouse reports (click, drag or all motion).
    var wantsMouse: Bool { term.pointee.mouse_mode != 0 }

    func feed(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return }
        cvterm_feed(term, base.assumingMemoryBound(to: CChar.self), bytes.count)
    }

    func feed(_ text: String) {
        var text = text
        text.withUTF8 { feed(UnsafeRawBufferPointer($0)) }
    }

    /// Returns whether it fed libvterm sequences of its own (on a screen made smaller),
    /// which end whatever sequence the program's bytes had begun.
    @discardableResult
    func resize(to requested: CellSize) -> Bool {
        guard requested.columns > 0, requested.rows > 0 else { return false }
        let newSize = VirtualScreen.emulated(requested)
        guard newSize != size else { return false }
        let smaller = newSize.rows < size.rows || newSize.columns < size.columns
        size = newSize
        cvterm_resize(term, Int32(newSize.rows), Int32(newSize.columns))
        guard smaller else { return false }
        resetMarginsKeepingCursor()
        return true
    }

    /// libvterm 0.1.4's resize bounds the scrolling region's bottom by the new height but
    /// not its top: a region from row 21 kept on a screen made 8 rows high runs upwards,
    /// and the next line feed, index or insert in it moves rows outside the buffers
    /// (`printf '\033[21;24r'`, a resize from 80x24 to 40x8, then `printf 'x\n'`: SIGSEGV
    /// or heap corruption, found by `inset-fuzz terminal`). The left and right margins
    /// (DECSLRM) are kept the same way. It can also leave the cursor outside a screen made
    /// smaller (with the alternate screen, or in a scrolling region: heap corruption after
    /// a resize). As a real terminal's resize does, the margins are reset (DECSTBM and
    /// DECSLRM with no parameters; libvterm 0.1.4 takes `CSI s` as DECSLRM in every
    /// mode), and the cursor is put back where it was, or at the nearest cell inside.
    /// Only a screen made smaller needs it (a larger one keeps margins and cursor inside),
    /// and only then is a sequence the program had begun cut off (its rest shows as text).
    private func resetMarginsKeepingCursor() {
        let at = cursor  // clamped into the new size
        feed("\u{1B}[r\u{1B}[s\u{1B}[\(at.row + 1);\(at.column + 1)H")
    }

    /// What the emulator has to say to the program (encoded keys, answers to queries),
    /// appended to `buffer` straight from libvterm's output buffer, which is then emptied.
    func takeOutput(into buffer: inout [UInt8]) {
        let length = term.pointee.output_length
        guard length > 0, let bytes = term.pointee.output else { return }
        bytes.withMemoryRebound(to: UInt8.self, capacity: length) {
            buffer.append(contentsOf: UnsafeBufferPointer(start: $0, count: length))
        }
        term.pointee.output_length = 0
    }

    // MARK: Input, encoded for the program

    func send(_ press: KeyPress) {
        let modifiers = VirtualScreen.modifiers(press.modifiers)
        switch press.key {
        case .character(let character):
            for scalar in character.unicodeScalars { cvterm_char(term, scalar.value, modifiers) }
        case .enter: cvterm_key(term, cvterm_key_enter(), modifiers)
        case .tab: cvterm_key(term, cvterm_key_tab(), modifiers)
        case .escape: cvterm_key(term, cvterm_key_escape(), modifiers)
        case .backspace: cvterm_key(term, cvterm_key_backspace(), modifiers)
        case .insert: cvterm_key(term, cvterm_key_insert(), modifiers)
        case .delete: cvterm_key(term, cvterm_key_delete(), modifiers)
        case .up: cvterm_key(term, cvterm_key_up(), modifiers)
        case .down: cvterm_key(term, cvterm_key_down(), modifiers)
        case .left: cvterm_key(term, cvterm_key_left(), modifiers)
        case .right: cvterm_key(term, cvterm_key_right(), modifiers)
        case .home: cvterm_key(term, cvterm_key_home(), modifiers)
        case .end: cvterm_key(term, cvterm_key_end(), modifiers)
        case .pageUp: cvterm_key(term, cvterm_key_page_up(), modifiers)
        case .pageDown: cvterm_key(term, cvterm_key_page_down(), modifiers)
        case .function(let n): cvterm_key(term, cvterm_key_function(Int32(n)), modifiers)
        }
    }

    /// Pasted text, wrapped in ESC[200~ … ESC[201~ when the program turned bracketed paste on.
    func paste(_ text: String) {
        cvterm_paste(term, 1)
        for scalar in text.unicodeScalars {
            // A pasted newline is Enter, as terminals send it.
            cvterm_char(term, scalar.value == 0x0A ? 0x0D : scalar.value, 0)
        }
        cvterm_paste(term, 0)
    }

    /// A mouse event at `point` (relative to the screen), reported only if the program
    /// asked for mouse reports; returns whether it did.
    @discardableResult
    func mouse(_ event: MouseEvent, at point: CellPoint) -> Bool {
        guard wantsMouse else { return false }
        let modifiers = VirtualScreen.modifiers(event.modifiers)
        cvterm_mouse_move(term, Int32(point.row), Int32(point.column), modifiers)
        let button: Int32
        switch event.button {
        case .left: button = 1
        case .middle: button = 2
        case .right: button = 3
        case .wheelUp: button = 4
        case .wheelDown: button = 5
        case .wheelLeft: button = 6
        case .wheelRight: button = 7
        case .extra, .none: button = 0
        }
        switch event.action {
        case .press where button > 0: cvterm_mouse_button(term, button, 1, modifiers)
        case .release where button > 0 && !event.isWheel: cvterm_mouse_button(term, button, 0, modifiers)
        case .release:
            // Encodings that do not say which button: release the ones that could be held.
            for held: Int32 in 1...3 { cvterm_mouse_button(term, held, 0, modifiers) }
        default: break
        }
        return true
    }

    private static func modifiers(_ modifiers: KeyModifiers) -> Int32 {
        var result: Int32 = 0
        if modifiers.contains(.shift) { result |= cvterm_mod_shift() }
        if modifiers.contains(.alt) { result |= cvterm_mod_alt() }
        if modifiers.contains(.control) { result |= cvterm_mod_ctrl() }
        return result
    }

    // MARK: Cells

    /// Draws the screen into `grid` (the same size), and the cursor as a reversed cell when
    /// `showCursor` and the program has not hidden it. Every glyph goes through
    /// `PaneGlyph`: what the program printed is not trusted to be a character.
    func draw(into grid: inout CellGrid, showCursor: Bool) {
        let columns = min(grid.columns, size.columns), rows = min(grid.rows, size.rows)
        var cell = cvterm_cell()
        var glyphs = PaneGlyphMemo()
        for row in 0..<rows {
            var column = 0
            while column < columns {
                cvterm_cell_at(term, Int32(row), Int32(column), &cell)
                var attributes: CellAttributes = []
                if cell.attributes & UInt32(CVTERM_BOLD) != 0 { attributes.insert(.bold) }
                if cell.attributes & UInt32(CVTERM_UNDERLINE) != 0 { attributes.insert(.underline) }
                if cell.attributes & UInt32(CVTERM_ITALIC) != 0 { attributes.insert(.italic) }
                if cell.attributes & UInt32(CVTERM_REVERSE) != 0 { attributes.insert(.reverse) }
                let span = cell.width == 2 ? 2 : 1
                let concealed = cell.attributes & UInt32(CVTERM_CONCEAL) != 0
                var shown = concealed ? PaneGlyph(glyph: Cell.space, wide: false) : glyphs.resolve(cell.glyph, width: span)
                // A wide character cut off by the grid's edge would spill: a space.
                if shown.wide && column + 1 >= columns { shown = PaneGlyph(glyph: Cell.space, wide: false) }
                if shown.wide { attributes.insert(.wide) }
                grid[column, row] = Cell(glyph: shown.glyph, foreground: cell.foreground, background: cell.background,
                                         attributes: attributes)
                if span == 2 && column + 1 < columns {
                    // The right half: the glyph's continuation, or a space beside a narrow
                    // glyph that stands in for a wide character.
                    grid[column + 1, row] = Cell(glyph: shown.wide ? Cell.wideContinuation : Cell.space,
                                                 foreground: cell.foreground, background: cell.background,
                                                 attributes: attributes.subtracting(.wide))
                }
                column += span
            }
        }
        let at = cursor
        if showCursor && cursorVisible && at.row < rows && at.column < columns {
            grid[at.column, at.row].attributes.formSymmetricDifference(.reverse)
            if at.column + 1 < columns && grid[at.column, at.row].attributes.contains(.wide) {
                grid[at.column + 1, at.row].attributes.formSymmetricDifference(.reverse)
            }
        }
    }
}
