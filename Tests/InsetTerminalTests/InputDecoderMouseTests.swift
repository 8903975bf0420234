import InsetCore
import Testing
@testable import InsetTerminal

/// SGR (mode 1006) and X10 mouse reports.
@Suite struct InputDecoderMouseTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var bytes: [UInt8]
        var event: MouseEvent
        init(_ text: String, _ event: MouseEvent) { bytes = Array(text.utf8); self.event = event }
        init(bytes: [UInt8], _ event: MouseEvent) { self.bytes = bytes; self.event = event }
        var testDescription: String { String(decoding: bytes, as: UTF8.self).debugDescription }
    }

    static func at(_ column: Int, _ row: Int) -> CellPoint { CellPoint(column: column, row: row) }

    static let sgr: [Case] = [
        Case("\u{1B}[<0;10;5M", MouseEvent(.press, .left, at: at(9, 4))),
        Case("\u{1B}[<0;10;5m", MouseEvent(.release, .left, at: at(9, 4))),
        Case("\u{1B}[<1;1;1M", MouseEvent(.press, .middle, at: at(0, 0))),
        Case("\u{1B}[<2;80;24M", MouseEvent(.press, .right, at: at(79, 23))),
        Case("\u{1B}[<2;80;24m", MouseEvent(.release, .right, at: at(79, 23))),
        Case("\u{1B}[<32;11;5M", MouseEvent(.drag, .left, at: at(10, 4))),
        Case("\u{1B}[<34;12;6M", MouseEvent(.drag, .right, at: at(11, 5))),
        Case("\u{1B}[<35;40;20M", MouseEvent(.move, .none, at: at(39, 19))),
        Case("\u{1B}[<64;3;4M", MouseEvent(.press, .wheelUp, at: at(2, 3))),
        Case("\u{1B}[<65;3;4M", MouseEvent(.press, .wheelDown, at: at(2, 3))),
        Case("\u{1B}[<66;3;4M", MouseEvent(.press, .wheelLeft, at: at(2, 3))),
        Case("\u{1B}[<16;5;5M", MouseEvent(.press, .left, at: at(4, 4), modifiers: .control)),
        Case("\u{1B}[<4;5;5M", MouseEvent(.press, .left, at: at(4, 4), modifiers: .shift)),
        Case("\u{1B}[<8;5;5M", MouseEvent(.press, .left, at: at(4, 4), modifiers: .alt)),
        Case("\u{1B}[<80;5;5M", MouseEvent(.press, .wheelUp, at: at(4, 4), modifiers: .control)),
        Case("\u{1B}[<128;5;5M", MouseEvent(.press, .extra(8), at: at(4, 4))),
        Case("\u{1B}[<0;300;120M", MouseEvent(.press, .left, at: at(299, 119))),
    ]

    static let x10: [Case] = [
        Case(bytes: [0x1B, 0x5B, 0x4D, 32, 33 + 9, 33 + 4], MouseEvent(.press, .left, at: at(9, 4))),
        Case(bytes: [0x1B, 0x5B, 0x4D, 35, 33 + 9, 33 + 4], MouseEvent(.release, .none, at: at(9, 4))),
        Case(bytes: [0x1B, 0x5B, 0x4D, 64, 33, 33], MouseEvent(.drag, .left, at: at(0, 0))),
        Case(bytes: [0x1B, 0x5B, 0x4D, 96, 34, 35], MouseEvent(.press, .wheelUp, at: at(1, 2))),
    ]

    @Test(arguments: sgr + x10)
    func decodesMouse(_ test: Case) {
        var decoder = InputDecoder()
        #expect(decoder.feed(test.bytes) == [.mouse(test.event)])
        #expect(!decoder.hasPendingBytes)
    }

    @Test func wheelIsWheel() {
        #expect(MouseEvent(.press, .wheelDown, at: .zero).isWheel)
        #expect(!MouseEvent(.press, .left, at: .zero).isWheel)
    }

    @Test func malformedReportsAreSkipped() {
        var decoder = InputDecoder()
        #expect(decoder.feed(Array("\u{1B}[<0;10M\u{1B}[<0;;5M\u{1B}[<1;2;3;4Mx".utf8)) == [.key(.character("x"))])
    }
}
