import Glibc
import InsetCore
import Testing
@testable import InsetTerminal

extension ProcessStateTests {
    /// An embedded session (`inset --embed`) against a pty: it writes nothing to set up,
    /// leaves the tty's modes alone unless it reads keys, reads nothing, and on the way out
    /// writes only the erasing of its rectangle.
    @Suite struct EmbeddedSessionTests {
        static func options(_ pty: PseudoTerminal) -> TerminalSession.Options { TerminalSessionTests.options(pty) }

        static func sameModes(_ a: termios, _ b: termios) -> Bool {
            a.c_iflag == b.c_iflag && a.c_oflag == b.c_oflag && a.c_lflag == b.c_lflag && a.c_cflag == b.c_cflag
        }

        @Test("set-up writes nothing and touches no mode; restore writes the erase of the rectangle only")
        func quietSetUpAndErasingRestore() throws {
            let pty = try PseudoTerminal(size: CellSize(columns: 80, rows: 24))
            let before = try pty.modes()
            let geometry = try #require(EmbedGeometry(parsing: "20x3-5+2"))
            let session = try TerminalSession(embedding: geometry, readsKeys: false, options: Self.options(pty))
            #expect(session.size == CellSize(columns: 20, rows: 3))
            #expect(session.origin == CellPoint(column: 55, row: 2))
            #expect(pty.drain().isEmpty, "set-up wrote to the terminal")
            #expect(Self.sameModes(try pty.modes(), before), "set-up changed the tty's modes")
            // Typed keys are not the session's: the tty echoes them as before (its modes
            // are the shell's), and the session reports nothing.
            pty.type("x")
            #expect(session.nextEvents(timeout: .milliseconds(50)).isEmpty)
            #expect(pty.drain() == Array("x".utf8))
            session.restore()
            let erase = TerminalSequences.erasing(CellRect(column: 55, row: 2, columns: 20, rows: 3))
            #expect(pty.drain() == Array("\u{1B}[?2026l".utf8) + erase)
            #expect(Self.sameModes(try pty.modes(), before))
        }

        @Test("with keys: raw while it plays, keys arrive as events, and the modes come back")
        func keysWhenAsked() throws {
            let pty = try PseudoTerminal()
            let before = try pty.modes()
            let session = try TerminalSession(embedding: .full, readsKeys: true, options: Self.options(pty))
            #expect(try pty.modes().c_lflag & tcflag_t(ICANON | ECHO) == 0)
            pty.type(" ")
            var events: [InputEvent] = []
            let deadline = ContinuousClock.now + .seconds(2)
            while events.isEmpty, ContinuousClock.now < deadline { events += session.nextEvents(timeout: .milliseconds(100)) }
            #expect(events == [.key(KeyPress(.character(" ")))])
            session.restore()
            #expect(Self.sameModes(try pty.modes(), before))
        }

        @Test("a rectangle outside the terminal is refused")
        func outside() throws {
            let pty = try PseudoTerminal(size: CellSize(columns: 80, rows: 24))
            #expect(throws: TerminalError.self) {
                try TerminalSession(embedding: EmbedGeometry(size: CellSize(columns: 10, rows: 5), x: 90, y: 0),
                                    readsKeys: false, options: Self.options(pty))
            }
        }
    }
}
