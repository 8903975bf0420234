import InsetCore
import Testing
@testable import InsetTerminal

/// Streams as reads deliver them: split anywhere, mixed with sequences to skip.
@Suite struct InputDecoderStreamTests {
    /// Keys, mouse reports and skipped replies back to back, as a busy terminal sends them.
    static let stream: [UInt8] = Array((
        "q \r\u{1B}[A\u{1B}OB\u{1B}[1;5C\u{1B}[5~\u{1B}[24~\u{1B}OP\u{1B}[Z"
        + "\u{1B}[<0;10;5M\u{1B}[<32;11;5M\u{1B}[<0;11;5m\u{1B}[<64;1;1M"
        + "é日🎬\u{1B}[?1;2c\u{1B}]11;rgb:0000/0000/0000\u{07}\u{1B}[I\u{03}"
        + "\u{1B}x\u{1B}[?2004;1$y\u{1B}]0;title\u{1B}\\\u{7F}\u{1B}[[B"
    ).utf8) + [0x1B, 0x5B, 0x4D, 32, 33, 33]

    static let expected: [InputEvent] = [
        .key(.character("q")), .key(.space), .key(.enter), .key(KeyPress(.up)), .key(KeyPress(.down)),
        .key(KeyPress(.right, .control)), .key(KeyPress(.pageUp)), .key(KeyPress(.function(12))),
        .key(KeyPress(.function(1))), .key(.backTab),
        .mouse(MouseEvent(.press, .left, at: CellPoint(column: 9, row: 4))),
        .mouse(MouseEvent(.drag, .left, at: CellPoint(column: 10, row: 4))),
        .mouse(MouseEvent(.release, .left, at: CellPoint(column: 10, row: 4))),
        .mouse(MouseEvent(.press, .wheelUp, at: CellPoint(column: 0, row: 0))),
        .key(.character("é")), .key(.character("日")), .key(.character("🎬")),
        .key(.control("c")), .key(KeyPress(.character("x"), .alt)), .key(.backspace),
        .key(KeyPress(.function(2))),
        .mouse(MouseEvent(.press, .left, at: CellPoint(column: 0, row: 0))),
    ]

    @Test func wholeStream() {
        var decoder = InputDecoder()
        #expect(decoder.feed(Self.stream) == Self.expected)
        #expect(!decoder.hasPendingBytes)
    }

    /// A read can end anywhere; every split point gives the same events.
    @Test func splitAtEveryByteBoundary() {
        for split in 0...Self.stream.count {
            var decoder = InputDecoder()
            let events = decoder.feed(Self.stream[..<split]) + decoder.feed(Self.stream[split...])
            #expect(events == Self.expected, "split at \(split)")
        }
    }

    @Test func splitIntoThreeEverywhere() {
        let count = Self.stream.count
        var failures = 0
        for first in stride(from: 0, through: count, by: 3) {
            for second in first...count {
                var decoder = InputDecoder()
                let events = decoder.feed(Self.stream[..<first]) + decoder.feed(Self.stream[first..<second])
                    + decoder.feed(Self.stream[second...])
                if events != Self.expected { failures += 1 }
            }
        }
        #expect(failures == 0)
    }

    @Test func oneByteAtATime() {
        var decoder = InputDecoder()
        var events: [InputEvent] = []
        for byte in Self.stream { events += decoder.feed([byte]) }
        #expect(events == Self.expected)
    }

    @Test(arguments: [
        "\u{1B}[?1;2c", "\u{1B}[I", "\u{1B}[O", "\u{1B}[201~", "\u{1B}[99~", "\u{1B}[1;2;3X",
        "\u{1B}]11;rgb:ffff/ffff/ffff\u{07}", "\u{1B}]0;t\u{1B}\\", "\u{1B}[>0;276;0c", "\u{1B}[2 q",
        "\u{1B}Oz", "\u{FF}", "\u{C3}", "\u{80}",
    ])
    func unknownSequenceIsSkipped(_ sequence: String) {
        var bytes = Array(sequence.utf8)
        // Raw bytes that are not UTF-8 on their own.
        if sequence == "\u{FF}" { bytes = [0xFF] }
        if sequence == "\u{C3}" { bytes = [0xC3] }
        if sequence == "\u{80}" { bytes = [0x80] }
        var decoder = InputDecoder()
        #expect(decoder.feed(bytes + Array("a".utf8)) == [.key(.character("a"))])
        #expect(!decoder.hasPendingBytes)
    }

    @Test func sequenceCutByAControlByteKeepsTheByte() {
        var decoder = InputDecoder()
        #expect(decoder.feed(Array("\u{1B}[1\u{03}x".utf8)) == [.key(.control("c")), .key(.character("x"))])
    }

    @Test func endlessSequenceIsDropped() {
        var decoder = InputDecoder()
        let garbage = [0x1B, 0x5B] + [UInt8](repeating: UInt8(ascii: "1"), count: 1000)
        #expect(decoder.feed(garbage) == [])
        #expect(decoder.feed(Array("x".utf8)) == [.key(.character("x"))])
        #expect(!decoder.hasPendingBytes)
    }
}
