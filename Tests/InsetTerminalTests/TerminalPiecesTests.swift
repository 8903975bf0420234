import Glibc
import InsetCore
import Testing
@testable import InsetTerminal

/// The small pure pieces: sequences, padding, time conversion, errors.
@Suite struct TerminalPiecesTests {
    @Test func sequencesFromCapabilities() {
        let table: [String: String] = [
            "smcup": "<smcup>", "rmcup": "<rmcup>", "civis": "<civis>", "cnorm": "<cnorm>",
            "smkx": "<smkx>", "rmkx": "<rmkx>", "sgr0": "<sgr0>", "clear": "<clear>",
        ]
        let sequences = TerminalSequences { table[$0].map { Array($0.utf8) } }
        let mouseOn = String(decoding: TerminalSequences.mouseOn, as: UTF8.self)
        let mouseOff = String(decoding: TerminalSequences.mouseOff, as: UTF8.self)
        #expect(sequences.enter == Array("<smcup><civis><smkx><clear>\(mouseOn)".utf8))
        #expect(sequences.beforeEnd == Array("\(mouseOff)\u{1B}[?2026l<sgr0><cnorm>".utf8))
        #expect(sequences.leave == Array("\u{18}\(mouseOff)\u{1B}[?2026l<sgr0><cnorm><rmkx><rmcup>".utf8))
    }

    @Test("a terminal without an alternate screen (no rmcup) is cleared on the way out, after sgr0")
    func sequencesWithoutAlternateScreen() {
        let table: [String: String] = ["cnorm": "<cnorm>", "sgr0": "<sgr0>", "clear": "<clear>"]
        let sequences = TerminalSequences { table[$0].map { Array($0.utf8) } }
        let mouseOff = String(decoding: TerminalSequences.mouseOff, as: UTF8.self)
        #expect(sequences.beforeEnd == Array("\(mouseOff)\u{1B}[?2026l<sgr0><clear><cnorm>".utf8))
        #expect(sequences.leave == Array("\u{18}\(mouseOff)\u{1B}[?2026l<sgr0><clear><cnorm>".utf8))
    }

    @Test("an embedded session enters nothing, and leaves by deleting its pictures and blanking its rectangle, the cursor saved and put back")
    func embeddedSequences() {
        let area = CellRect(column: 10, row: 5, columns: 4, rows: 2)
        let sequences = TerminalSequences(embeddedIn: area, farewell: Array("<delete>".utf8))
        #expect(sequences.enter.isEmpty && sequences.clear.isEmpty)
        let erase = "\u{1B}7\u{1B}[0m\u{1B}[6;11H    \u{1B}[7;11H    \u{1B}8"
        #expect(sequences.beforeEnd == Array("\u{1B}[?2026l<delete>\(erase)".utf8))
        #expect(sequences.leave == [0x18] + sequences.beforeEnd)
        // A large rectangle's still fits the handlers' buffer.
        let large = TerminalSequences(embeddedIn: CellRect(column: 0, row: 0, columns: 300, rows: 100))
        #expect(large.leave.count < SignalTrap.leaveCapacity)
        let huge = TerminalSequences(embeddedIn: CellRect(column: 0, row: 0, columns: 1000, rows: 500))
        #expect(huge.leave.count < SignalTrap.leaveCapacity && String(decoding: huge.leave, as: UTF8.self).contains("\u{1B}[1000X"))
    }

    @Test func sequencesWhenTerminfoIsSilent() {
        let sequences = TerminalSequences { _ in nil }
        #expect(sequences.enter.contains("\u{1B}[?25l"))
        #expect(sequences.leave.contains("\u{1B}[?25h"))
        #expect(sequences.leave.contains("\u{1B}[0m"))
        #expect(sequences.leave.count < SignalTrap.leaveCapacity)
    }

    @Test func paddingIsRemoved() {
        #expect(Terminfo.removingPadding(Array("\u{1B}[H\u{1B}[2J$<50>".utf8)) == Array("\u{1B}[H\u{1B}[2J".utf8))
        #expect(Terminfo.removingPadding(Array("a$<2*/>b$c$<".utf8)) == Array("ab$c$<".utf8))
    }

    @Test(arguments: [
        (Duration.zero, Int32(0)), (.milliseconds(-5), 0), (.microseconds(400), 1), (.milliseconds(16), 16),
        (.seconds(2), 2000), (.seconds(1) + .microseconds(1), 1001), (.seconds(1_000_000_000), Int32.max),
    ])
    func pollMilliseconds(_ duration: Duration, _ expected: Int32) {
        #expect(TerminalSession.milliseconds(duration) == expected)
    }

    @Test func errorsReadAsOneLine() {
        #expect(TerminalError.unknownTerminal("foo").description.contains("foo"))
        #expect(TerminalError.systemCall("write", errno: EIO).description.hasPrefix("write failed: "))
        for error in [TerminalError.notATerminal(descriptor: 1), .curses("raw"), .closed, .sessionAlreadyOpen] {
            #expect(!error.description.contains("\n"))
        }
    }
}
