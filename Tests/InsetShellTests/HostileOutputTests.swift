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
        let screen = ShellScreen(size: size)
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

    @Test("the terminal path's fuzz harness: a fixed seed's inputs pass through the screen to the rasterizer and an independent terminal model")
    func fuzzSmoke() {
        for index in 0..<150 {
            let input = TerminalInputGenerator.input(seed: 1, index: index)
            #expect(TerminalFuzz.check(input) == nil, "input \(index) of seed 1")
        }
    }
}
