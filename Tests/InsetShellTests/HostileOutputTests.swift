import InsetCore
import InsetFuzzing
import InsetRender
@testable import InsetShell
import Testing

/// What a program may print in the shell pane that once crashed the player (issue 22),
/// through the shell screen to the rasterizer.
@Suite("Hostile output in the shell pane")
struct HostileOutputTests {
    /// Feeds `bytes`, draws the screen and rasterizes it: a crash fails the whole run.
    static func drawn(_ bytes: [UInt8], size: CellSize = CellSize(columns: 20, rows: 4)) -> CellGrid {
        let screen = ShellEmulator(size: size)
        bytes.withUnsafeBytes { _ = screen.feed($0) }
        var grid = CellGrid(size: size)
        screen.draw(into: &grid, showCursor: true)
        return grid
    }

    @Test("a 6-byte UTF-8 sequence (printf '\\375\\217\\277\\277\\277\\277') shows U+FFFD, not a placeholder")
    func sixByteSequence() {
        let grid = Self.drawn([0xFD, 0x8F, 0xBF, 0xBF, 0xBF, 0xBF] + Array("ok".utf8))
        #expect((0..<grid.columns).allSatisfy { grid[$0, 0].glyph <= 0x10FFFF && !grid[$0, 0].isKittyPlaceholder })
        #expect(grid[grid.columns - 1, 0].glyph == Cell.space || (0..<grid.columns).contains { grid[$0, 0].glyph == 0x6F })
    }

    @Test("an unassigned code point, whose width no table agrees on, shows U+FFFD, whatever width libvterm gave its cell")
    func unassignedCodePoint() {
        // U+1F20D lies in a block the renderer draws two columns wide; libvterm and glibc do not know it.
        #expect(PaneGlyph.resolve(0x1F20D, width: 1) == PaneGlyph(glyph: PaneGlyph.replacement, wide: false))
        #expect(PaneGlyph.resolve(0x1F20D, width: 2) == PaneGlyph(glyph: PaneGlyph.replacement, wide: false))
        #expect(PaneGlyph.resolve(0x1F200, width: 2) == PaneGlyph(glyph: 0x1F200, wide: true))
        let grid = Self.drawn(Array("a\u{1F20D}b".utf8))
        #expect(grid[1, 0].glyph == PaneGlyph.replacement && grid[2, 0].glyph == 0x62)
    }

    @Test("UTF-8 of every length up to 6 bytes, with every lead byte, leaves only Unicode scalars on screen")
    func everyLeadByte() {
        for lead in UInt8(0x80)...0xFF {
            for length in 1...6 {
                let bytes = [lead] + [UInt8](repeating: 0xBF, count: length - 1)
                let grid = Self.drawn(bytes)
                #expect((0..<grid.columns).allSatisfy {
                    let glyph = grid[$0, 0].glyph
                    return glyph == Cell.wideContinuation || (glyph <= 0x10FFFF && !(0xD800...0xDFFF).contains(glyph))
                }, "lead \(lead), \(length) bytes")
            }
        }
    }

    @Test("a CSI with 17 parameters, C1 controls as UTF-8 at column 0, and REP of a wide character do not corrupt the emulator")
    func libvtermTraps() {
        _ = Self.drawn(Array("\u{1B}[1;1;1;1;1;1;1;1;1;1;1;1;1;1;1;1;1mx".utf8))
        _ = Self.drawn([0xC2, 0x8B, 0x1B, 0x48] + Array("x".utf8), size: CellSize(columns: 5, rows: 2))
        _ = Self.drawn(Array("\u{FF28}\u{1B}[6b".utf8), size: CellSize(columns: 5, rows: 2))
        _ = Self.drawn(Array("\u{1B}[b".utf8))
        _ = Self.drawn(Array("\u{FF28}".utf8), size: CellSize(columns: 1, rows: 1))
    }

    /// Feeds each step (bytes, or a new size), draws and rasterizes: a crash fails the whole run.
    static func drawn(_ size: CellSize, _ steps: [Step]) -> CellGrid {
        let screen = ShellEmulator(size: size)
        for step in steps {
            switch step {
            case .write(let text): Array(text.utf8).withUnsafeBytes { _ = screen.feed($0) }
            case .bytes(let bytes): bytes.withUnsafeBytes { _ = screen.feed($0) }
            case .resize(let size): screen.resize(to: size)
            }
        }
        var grid = CellGrid(size: screen.size)
        screen.draw(into: &grid, showCursor: true)
        Rasterizer(colorMode: .truecolor, perceptualThreshold: 0).rasterize(grid)
        return grid
    }

    enum Step {
        case write(String)
        case bytes([UInt8])
        case resize(CellSize)
    }

    @Test("a C1 control as UTF-8 whose lead byte comes before a control or an escape sequence does not corrupt the emulator")
    func splitC1Control() {
        // `printf '\302\r\213\033Hx'`: libvterm's decoder keeps the C2 across the CR.
        let small = CellSize(columns: 5, rows: 2)
        _ = Self.drawn(small, [.bytes([0xC2, 0x0D, 0x8B, 0x1B, 0x48] + Array("x".utf8))])
        _ = Self.drawn(small, [.bytes([0xC2]), .bytes(Array("\u{1B}[m".utf8)), .bytes([0x8B, 0x1B, 0x48] + Array("x".utf8))])
        // A DCS ended by BEL, then the C1 control.
        _ = Self.drawn(small, [.bytes(Array("\u{1B}P1$rx\u{07}".utf8) + [0xC2, 0x8B, 0x1B, 0x48] + Array("x".utf8))])
        // After `ESC _` libvterm 0.1.4 prints text: it has no APC string.
        _ = Self.drawn(small, [.bytes(Array("\u{1B}_".utf8) + [0xC2, 0x8B, 0x1B, 0x48] + Array("x".utf8))])
        // A single shift: its decoder stops after F9 EF (F9 begins a sequence, EF breaks it:
        // U+FFFD at the last column), and 8C goes to the decoder that still holds the C2.
        _ = Self.drawn(small, [.bytes([0xC2, 0x0D] + Array("\u{1B}[1;5H\u{1B}N".utf8) + [0xF9, 0xEF, 0x8C, 0x1B, 0x48]
                                      + Array("x".utf8))])
        // What still shows: a C2 with U+00A0 after the control, and Latin letters whose second byte is 0x80...0x9F.
        let grid = Self.drawn(small, [.bytes([0xC3, 0x80, 0xC4, 0x9F])])
        #expect(grid[0, 0].glyph == 0xC0 && grid[1, 0].glyph == 0x11F)
    }

    @Test("a scrolling region kept through a resize to fewer rows than its top does not corrupt the emulator")
    func scrollRegionAfterResize() {
        // `printf '\033[21;24r'` at 80x24, a resize to 40x8, then SU: libvterm scrolled a region running upwards.
        let grid = Self.drawn(CellSize(columns: 80, rows: 24),
                              [.write("\u{1B}[21;24r\u{1B}[3;5Hab"), .resize(CellSize(columns: 40, rows: 8)), .write("\u{1B}[5S")])
        #expect(grid.size == CellSize(columns: 40, rows: 8))
        // The cursor stays where it was (after "ab", row 3 column 7, 1-based) through the resize.
        let screen = ShellEmulator(size: CellSize(columns: 80, rows: 24))
        Array("\u{1B}[21;24r\u{1B}[3;5Hab".utf8).withUnsafeBytes { _ = screen.feed($0) }
        screen.resize(to: CellSize(columns: 40, rows: 8))
        #expect(screen.cursor == CellPoint(column: 6, row: 2))
    }

    @Test("DECRC after a resize to fewer rows than the saved cursor's does not corrupt the emulator")
    func restoredCursorAfterResize() {
        // `printf '\033[35;11H\0337'` at 100x35, a resize to 8x5, then `printf '\0338\033#3'`.
        let steps: [Step] = [.write("\u{1B}[35;11H\u{1B}7"), .resize(CellSize(columns: 8, rows: 5)), .write("\u{1B}8\u{1B}#3x")]
        _ = Self.drawn(CellSize(columns: 100, rows: 35), steps)
        // The restore still restores: saved at row 2, column 3 (1-based), moved away, restored.
        let screen = ShellEmulator(size: CellSize(columns: 20, rows: 4))
        Array("\u{1B}[2;3H\u{1B}7\u{1B}[4;9H\u{1B}8".utf8).withUnsafeBytes { _ = screen.feed($0) }
        #expect(screen.cursor == CellPoint(column: 2, row: 1))
    }

    @Test("a resize in the middle of an escape sequence leaves the guard reading text, as libvterm does")
    func resizeInsideEscape() {
        // ESC, a resize to fewer columns (whose own sequences end the escape), then a C1
        // control as UTF-8 at column 0 and text in insert mode.
        let steps: [Step] = [.write("\u{1B}[4h\r\u{1B}"), .resize(CellSize(columns: 4, rows: 1)),
                             .bytes([0xC2, 0x8E, 0x1B, 0x48] + Array("xyz".utf8))]
        _ = Self.drawn(CellSize(columns: 5, rows: 1), steps)
    }

    @Test("a UTF-8 sequence begun after ASCII and continued in the next read does not corrupt the emulator")
    func sequenceContinuedInNextRead() {
        // libvterm decodes each write apart: `C2` (read 2) waits in the decoder of runs that
        // begin from 0x80 on, `EF` (read 3, after ASCII) in the G0 set's, and `8F` (read 4)
        // goes to the first: `C2 8F`, a step back from column 0, then insert mode's shift of
        // the row from column -1 (SIGSEGV in vterm_scroll_rect).
        let insert = Step.write("\u{1B}[4h")
        _ = Self.drawn(CellSize(columns: 2, rows: 2),
                       [insert, .bytes([0xC2]), .bytes(Array("W?(a2U".utf8) + [0xEF]), .bytes([0x8F, 0x36])])
        _ = Self.drawn(CellSize(columns: 1, rows: 1), [insert, .bytes([0xC2]), .bytes([0x57, 0xEF]), .bytes([0x8F, 0x36])])
        // A wide character on a 1x1 pane, in insert mode and split between reads.
        _ = Self.drawn(CellSize(columns: 1, rows: 1), [insert, .bytes([0xEF, 0xBC]), .bytes([0xA8]), .write("x\u{FF28}")])
        // A sequence split by a read in a run that began from 0x80 on is one decoder's: it shows.
        var grid = Self.drawn(CellSize(columns: 10, rows: 1), [.bytes([0xC3, 0xA9, 0xC3]), .bytes([0xA9, 0x21])])
        #expect(grid[0, 0].glyph == 0xE9 && grid[1, 0].glyph == 0xE9 && grid[2, 0].glyph == 0x21)
        // After ASCII libvterm itself breaks it: the guard drops the continuation, and the
        // `C3` left in the G0 set's decoder shows as U+FFFD when that decoder reads `!`.
        grid = Self.drawn(CellSize(columns: 10, rows: 1), [.bytes([0x61, 0xC3]), .bytes([0xA9, 0x21])])
        #expect(grid[0, 0].glyph == 0x61 && grid[1, 0].glyph == PaneGlyph.replacement && grid[2, 0].glyph == 0x21)
    }

    @Test("terminal fuzz inputs that crashed libvterm pass the harness's check",
          arguments: [(424242, 84552), (1, 59692), (777, 34983)] as [(UInt64, Int)])
    func fuzzRegressions(seed: UInt64, index: Int) {
        // The sequence continued in the next read (`sequenceContinuedInNextRead`).
        #expect(TerminalFuzz.check(TerminalInputGenerator.input(seed: seed, index: index)) == nil)
    }

    @Test("combining marks that libvterm also counts as wide do not make a character wider than the screen")
    func wideCombiningMarks() {
        // `printf 'a\343\202\231'` at 2 columns; sixty marks at 80.
        _ = Self.drawn(CellSize(columns: 2, rows: 2), [.write("a\u{3099}")])
        _ = Self.drawn(CellSize(columns: 80, rows: 4), [.write("a" + String(repeating: "\u{3099}", count: 60))])
        _ = Self.drawn(CellSize(columns: 80, rows: 4), [.write("a" + String(repeating: "\u{302A}", count: 60))])
        // The mark shows as its spacing form.
        let grid = Self.drawn(CellSize(columns: 10, rows: 2), [.write("\u{304B}\u{3099}")])
        #expect(grid[0, 0].glyph == 0x304B && grid[2, 0].glyph == 0x309B)
    }

    @Test("REP after a combining mark, whose cluster may be wide or 0 columns, is not passed to libvterm")
    func repeatAfterCombiningMark() {
        // U+110E (wide) and U+0344 at the row's end, then REP: written past the row.
        _ = Self.drawn(CellSize(columns: 5, rows: 1), [.write("ab\u{110E}\u{0344}\u{1B}[9bxyz")])
        // A mark that joins nothing is a glyph 0 columns wide: REP of it looped forever.
        _ = Self.drawn(CellSize(columns: 5, rows: 1), [.write("\r\u{0301}\u{1B}[b")])
    }

    @Test("the terminal path's fuzz harness: a fixed seed's inputs pass through the screen to the rasterizer and an independent terminal model")
    func fuzzSmoke() {
        for index in 0..<150 {
            let input = TerminalInputGenerator.input(seed: 1, index: index)
            #expect(TerminalFuzz.check(input) == nil, "input \(index) of seed 1")
        }
    }
}
