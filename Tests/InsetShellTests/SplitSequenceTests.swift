import InsetCore
import InsetFuzzing
import Testing
@testable import InsetShell

/// Issue 42 item 6: `scripts/fuzz --target terminal --seed 4242` found inputs 38312 and
/// 196878 (SIGSEGV in `vterm_input_write`): a CSI with 15 separators ended one read, and
/// the next began with a byte from 0x80 on, and a 17th parameter reached libvterm's 16
/// slots. The byte from 0x80 on ends the CSI (for libvterm and for the guard), but the
/// flood skip cut it away with the text it began, so libvterm was still in the CSI when
/// the rest of the read came.
@Suite("Sequences split between reads (issue 42 item 6)")
struct SplitSequenceTests {
    typealias Step = HostileOutputTests.Step

    /// `ESC [` and 15 parameters with their separators: one more separator is a 17th parameter.
    static let fifteenSeparators = Array("\u{1B}[".utf8) + Array(repeating: Array("1;".utf8), count: 15).flatMap { $0 }

    /// A read that starts with `lead`, then enough lines of text for the flood skip to cut
    /// them away (a screen's rows of CR LF), then separators and a final byte.
    static func nextRead(lead: [UInt8], rows: Int) -> [UInt8] {
        lead + Array("x".utf8) + Array(repeating: Array("\r\n".utf8), count: rows + 1).flatMap { $0 } + Array("2;3;4;5m".utf8)
    }

    @Test("issue 42 item 6: terminal fuzz inputs 38312 and 196878 of seed 4242 pass the harness's check",
          arguments: [38312, 196878])
    func fuzzInputs(index: Int) {
        #expect(TerminalFuzz.check(TerminalInputGenerator.input(seed: 4242, index: index)) == nil)
    }

    @Test("issue 42 item 6: a CSI of 15 separators at a read's end, then a read from a byte of 0x80 on and a flood of lines",
          arguments: [[0x80], [0x9B], [0xC2, 0x9B], [0xE9], [0xFF], [0xC3, 0xA9]] as [[UInt8]])
    func csiThenHighByte(lead: [UInt8]) {
        let size = CellSize(columns: 10, rows: 3)
        let grid = HostileOutputTests.drawn(size, [.bytes(Self.fifteenSeparators), .bytes(Self.nextRead(lead: lead, rows: size.rows))])
        // libvterm ended the CSI at the high byte, as the guard did: what follows is text.
        #expect((0..<grid.columns).contains { grid[$0, grid.rows - 1].glyph == UInt32(UInt8(ascii: "2")) })
    }

    @Test("issue 42 item 6: after a flood skip the guard knows libvterm's last character, not the skipped text's")
    func repeatAfterSkippedText() {
        // A wide character at a read's end; the next read's text lines are skipped, and its
        // REP would repeat the wide character (libvterm's last) past the row's end.
        let size = CellSize(columns: 9, rows: 1)
        let grid = HostileOutputTests.drawn(size, [.write("abcdefg\u{57AB}"), .write("t \r\n\u{1B}[40b\n")])
        #expect(grid.rows == 1)
    }

    @Test("issue 42 item 6: a flood skip is not taken in a read that begins inside a sequence")
    func noSkipInsideSequence() {
        let screen = ShellEmulator(size: CellSize(columns: 10, rows: 3))
        Self.fifteenSeparators.withUnsafeBytes { _ = screen.feed($0) }
        let skipped = Self.nextRead(lead: [0x80], rows: 3).withUnsafeBytes { screen.feed($0) }
        #expect(skipped == 0)
        // From text, the same read is skipped as before.
        let fromText = ShellEmulator(size: CellSize(columns: 10, rows: 3))
        #expect(Self.nextRead(lead: [0xC3, 0xA9], rows: 3).withUnsafeBytes { fromText.feed($0) } > 0)
    }

    @Test("issue 42 item 6: an escape or a string left open at a read's end is not skipped past either",
          arguments: ["\u{1B}", "\u{1B}]0;title", "\u{1B}P1$r", "\u{1B}[?"])
    func openSequences(open: String) {
        let screen = ShellEmulator(size: CellSize(columns: 10, rows: 3))
        Array(open.utf8).withUnsafeBytes { _ = screen.feed($0) }
        #expect(Self.nextRead(lead: [0xC2, 0x9B], rows: 3).withUnsafeBytes { screen.feed($0) } == 0)
    }
}
