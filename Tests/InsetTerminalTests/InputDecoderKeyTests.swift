import InsetCore
import Testing
@testable import InsetTerminal

/// Every key form the decoder knows, each fed whole.
@Suite struct InputDecoderKeyTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var bytes: String
        var key: KeyPress
        init(_ bytes: String, _ key: KeyPress) { self.bytes = bytes; self.key = key }
        init(_ bytes: String, _ key: Key, _ modifiers: KeyModifiers = []) { self.init(bytes, KeyPress(key, modifiers)) }
        var testDescription: String { "\(bytes.debugDescription) -> \(key)" }
    }

    static let plain: [Case] = [
        Case("a", .character("a")), Case("Z", .character("Z")), Case("q", .character("q")),
        Case("?", .character("?")), Case("9", .character("9")),
        Case(" ", .space), Case("\r", .enter), Case("\n", .enter), Case("\t", .tab),
        Case("\u{7F}", .backspace), Case("\u{08}", .backspace),
        Case("\u{01}", .control("a")), Case("\u{03}", .control("c")), Case("\u{1A}", .control("z")),
        Case("\u{00}", .control(" ")), Case("\u{1C}", .control("\\")), Case("\u{1F}", .control("_")),
        Case("é", .character("é")), Case("日", .character("日")), Case("🎬", .character("🎬")),
        Case("\u{1B}a", .character("a"), .alt), Case("\u{1B}\u{7F}", .backspace, .alt),
        Case("\u{1B}\r", .enter, .alt), Case("\u{1B}é", .character("é"), .alt),
    ]

    static let cursor: [Case] = [
        Case("\u{1B}[A", .up), Case("\u{1B}[B", .down), Case("\u{1B}[C", .right), Case("\u{1B}[D", .left),
        Case("\u{1B}OA", .up), Case("\u{1B}OB", .down), Case("\u{1B}OC", .right), Case("\u{1B}OD", .left),
        Case("\u{1B}[H", .home), Case("\u{1B}[F", .end), Case("\u{1B}OH", .home), Case("\u{1B}OF", .end),
        Case("\u{1B}[1~", .home), Case("\u{1B}[4~", .end), Case("\u{1B}[7~", .home), Case("\u{1B}[8~", .end),
        Case("\u{1B}[5~", .pageUp), Case("\u{1B}[6~", .pageDown),
        Case("\u{1B}[2~", .insert), Case("\u{1B}[3~", .delete),
        Case("\u{1B}[Z", .backTab), Case("\u{1B}OM", .enter),
        Case("\u{1B}[1;5C", .right, .control), Case("\u{1B}[1;2A", .up, .shift), Case("\u{1B}[1;3D", .left, .alt),
        Case("\u{1B}[1;6B", .down, [.shift, .control]), Case("\u{1B}[5;5~", .pageUp, .control),
        Case("\u{1B}[3;2~", .delete, .shift), Case("\u{1B}O5C", .right, .control),
    ]

    static let function: [Case] = [
        Case("\u{1B}OP", .function(1)), Case("\u{1B}OQ", .function(2)),
        Case("\u{1B}OR", .function(3)), Case("\u{1B}OS", .function(4)),
        Case("\u{1B}[11~", .function(1)), Case("\u{1B}[12~", .function(2)),
        Case("\u{1B}[13~", .function(3)), Case("\u{1B}[14~", .function(4)),
        Case("\u{1B}[15~", .function(5)), Case("\u{1B}[17~", .function(6)),
        Case("\u{1B}[18~", .function(7)), Case("\u{1B}[19~", .function(8)),
        Case("\u{1B}[20~", .function(9)), Case("\u{1B}[21~", .function(10)),
        Case("\u{1B}[23~", .function(11)), Case("\u{1B}[24~", .function(12)),
        Case("\u{1B}[[A", .function(1)), Case("\u{1B}[[E", .function(5)),
        Case("\u{1B}[1;2P", .function(1), .shift), Case("\u{1B}[15;5~", .function(5), .control),
        Case("\u{1B}[24;2~", .function(12), .shift),
    ]

    /// CSI u (kitty, fixterms) and xterm's modifyOtherKeys.
    static let extended: [Case] = [
        Case("\u{1B}[97;5u", .control("a")), Case("\u{1B}[13u", .enter), Case("\u{1B}[27u", .escape),
        Case("\u{1B}[9;2u", .backTab), Case("\u{1B}[27;5;97~", .control("a")),
    ]

    @Test(arguments: plain + cursor + function + extended)
    func decodesKey(_ test: Case) {
        var decoder = InputDecoder()
        #expect(decoder.feed(Array(test.bytes.utf8)) == [.key(test.key)])
        #expect(!decoder.hasPendingBytes)
    }

    @Test func controlCIsAnInterrupt() {
        var decoder = InputDecoder()
        let events = decoder.feed([0x03])
        guard case .key(let press)? = events.first else { Issue.record("no key"); return }
        #expect(press.isInterrupt)
        #expect(!KeyPress.character("c").isInterrupt)
    }

    @Test func loneEscapeIsTheEscapeKeyAfterTheTimeout() {
        var decoder = InputDecoder()
        #expect(decoder.feed([0x1B]) == [])
        #expect(decoder.hasPendingBytes)
        #expect(decoder.flush() == [.key(.escape)])
        #expect(!decoder.hasPendingBytes)
        #expect(decoder.flush() == [])
    }

    @Test func escapeFollowedByASequenceArrivingLater() {
        var decoder = InputDecoder()
        #expect(decoder.feed([0x1B]) == [])
        #expect(decoder.feed(Array("[A".utf8)) == [.key(KeyPress(.up))])
    }

    @Test func twoEscapes() {
        var decoder = InputDecoder()
        #expect(decoder.feed([0x1B, 0x1B]) == [.key(.escape)])
        #expect(decoder.flush() == [.key(.escape)])
    }

    @Test func cutOffSequencesOnTimeout() {
        var decoder = InputDecoder()
        #expect(decoder.feed(Array("\u{1B}[".utf8)) == [])
        #expect(decoder.flush() == [.key(KeyPress(.character("["), .alt))])
        #expect(decoder.feed(Array("\u{1B}O".utf8)) == [])
        #expect(decoder.flush() == [.key(KeyPress(.character("O"), .alt))])
        #expect(decoder.feed(Array("\u{1B}[1;5".utf8)) == [])
        #expect(decoder.flush() == [])
        #expect(!decoder.hasPendingBytes)
    }

    @Test func partialUTF8WaitsForTheRest() {
        var decoder = InputDecoder()
        let bytes = Array("🎬".utf8)
        #expect(decoder.feed(bytes[..<2]) == [])
        #expect(decoder.hasPendingBytes)
        #expect(decoder.feed(bytes[2...]) == [.key(.character("🎬"))])
    }
}
