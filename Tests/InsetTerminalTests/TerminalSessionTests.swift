import CNcurses
import Glibc
import Synchronization
import InsetCore
import Testing
@testable import InsetTerminal

extension ProcessStateTests {
    /// The session against a pty: what it writes to set up and restore, the modes it
    /// leaves, and the events it reads, including real signals that do not stop or end
    /// the test process (SIGWINCH, SIGCONT, SIGTERM caught by the session).
    @Suite struct TerminalSessionTests {
        static let mouseOn = "\u{1B}[?1000h\u{1B}[?1002h\u{1B}[?1003h\u{1B}[?1006h\u{1B}[?2004h"
        static let mouseOff = "\u{1B}[?2004l\u{1B}[?1006l\u{1B}[?1003l\u{1B}[?1002l\u{1B}[?1000l"

        static func options(_ pty: PseudoTerminal) -> TerminalSession.Options {
            var options = TerminalSession.Options()
            options.outputDescriptor = pty.slave
            options.inputDescriptor = pty.slave
            options.terminalType = "xterm-256color"
            options.environment = ["TERM": "xterm-256color"]
            options.terminationGrace = nil
            return options
        }

        /// Calls `nextEvents` until `count` events came or two seconds passed.
        static func events(_ session: TerminalSession, count: Int = 1) -> [InputEvent] {
            var events: [InputEvent] = []
            let deadline = ContinuousClock.now + .seconds(2)
            while events.count < count, ContinuousClock.now < deadline {
                events += session.nextEvents(timeout: .milliseconds(100))
            }
            return events
        }

        static func handlerBits(_ signal: Int32) -> UInt {
            var action = sigaction()
            sigaction(signal, nil, &action)
            return unsafeBitCast(action.__sigaction_handler, to: UInt.self)
        }

        /// The player asks the terminal once its session is raw: the replies are not
        /// echoed, and a key typed while they come is an event of the session, not lost.
        @Test func probeKeepsTheKeysTypedMeanwhile() throws {
            let pty = try PseudoTerminal()
            let session = try TerminalSession(options: Self.options(pty))
            defer { session.restore() }
            let emulator = TerminalProbeTests.Emulator(master: pty.master, reply: Array("q".utf8) + TerminalProbeTests.kittyReply)
            let outcome = try #require(session.probe(timeout: .seconds(2), environment: [:]))
            _ = emulator.stop(after: .zero)
            #expect(outcome.capabilities.kittyGraphics)
            #expect(Self.events(session) == [.key(KeyPress(.character("q")))])
        }

        @Test func refusesWhenOutputIsNotATerminal() throws {
            var fds: [Int32] = [-1, -1]
            #expect(pipe(&fds) == 0)
            defer { close(fds[0]); close(fds[1]) }
            var options = TerminalSession.Options()
            options.outputDescriptor = fds[1]
            #expect(throws: TerminalError.notATerminal(descriptor: fds[1])) { try TerminalSession(options: options) }
            #expect(TerminalError.notATerminal(descriptor: 1).description.contains("inset cat"))
        }

        @Test func refusesAnUnknownTerminal() throws {
            let pty = try PseudoTerminal()
            var options = Self.options(pty)
            options.terminalType = "inset-no-such-terminal"
            #expect(throws: TerminalError.unknownTerminal("inset-no-such-terminal")) { try TerminalSession(options: options) }
            #expect(!SignalTrap.isInstalled)
        }

        @Test func setUpAndRestore() throws {
            let pty = try PseudoTerminal(size: CellSize(columns: 100, rows: 30))
            let before = try pty.modes()
            let handlers = SignalTrap.allSignals.map(Self.handlerBits)
            let session = try TerminalSession(options: Self.options(pty))

            let opened = pty.drain()
            #expect(opened.contains("\u{1B}[?1049h"), "smcup in \(opened.escaped)")
            #expect(opened.contains("\u{1B}[?25l"), "civis")
            #expect(opened.contains("\u{1B}[?1h\u{1B}="), "smkx")
            #expect(opened.contains(Self.mouseOn), "mouse on")
            #expect(opened.offset(of: "\u{1B}[?1049h")! < opened.offset(of: Self.mouseOn)!)
            #expect(session.size == CellSize(columns: 100, rows: 30))
            #expect(session.colorMode == .palette256)
            #expect(session.terminfoColors == 256)
            #expect(!session.terminfoHasRGB)
            let raw = try pty.modes()
            #expect(raw.c_lflag & tcflag_t(ICANON) == 0)
            #expect(raw.c_lflag & tcflag_t(ECHO) == 0)
            #expect(raw.c_lflag & tcflag_t(ISIG) == 0)
            #expect(SignalTrap.allSignals.map(Self.handlerBits) != handlers)

            session.restore()
            let restored = pty.drain()
            #expect(restored.contains(Self.mouseOff), "mouse off in \(restored.escaped)")
            #expect(restored.contains("\u{1B}[?2026l"))
            #expect(restored.contains("\u{1B}[?25h"), "cnorm")
            #expect(restored.contains("\u{1B}[?1049l"), "rmcup")
            #expect(restored.contains("\u{1B}[?1l\u{1B}>"), "rmkx")
            #expect(restored.offset(of: Self.mouseOff)! < restored.offset(of: "\u{1B}[?1049l")!)
            let after = try pty.modes()
            #expect(after.c_lflag == before.c_lflag)
            #expect(after.c_iflag == before.c_iflag)
            #expect(SignalTrap.allSignals.map(Self.handlerBits) == handlers)
            #expect(!SignalTrap.isInstalled)

            session.restore()
            #expect(pty.drain().isEmpty, "a second restore writes nothing")
            #expect(session.nextEvents(timeout: .zero).isEmpty)
        }

        @Test func oneSessionAtATime() throws {
            let pty = try PseudoTerminal()
            let session = try TerminalSession(options: Self.options(pty))
            defer { session.restore() }
            #expect(throws: TerminalError.sessionAlreadyOpen) { try TerminalSession(options: Self.options(pty)) }
        }

        @Test func keysAndMouseArriveAsEvents() throws {
            let pty = try PseudoTerminal()
            let session = try TerminalSession(options: Self.options(pty))
            defer { session.restore() }
            _ = pty.drain()
            pty.type("q\u{1B}OC\u{1B}[<0;5;6M\u{03}é")
            #expect(Self.events(session, count: 5) == [
                .key(.character("q")), .key(KeyPress(.right)),
                .mouse(MouseEvent(.press, .left, at: CellPoint(column: 4, row: 5))),
                .key(.control("c")), .key(.character("é")),
            ])
        }

        @Test func loneEscapeBecomesTheKeyAfterTheTimeout() throws {
            let pty = try PseudoTerminal()
            let session = try TerminalSession(options: Self.options(pty))
            defer { session.restore() }
            pty.type("\u{1B}")
            let start = ContinuousClock.now
            #expect(Self.events(session) == [.key(.escape)])
            #expect(ContinuousClock.now - start >= .milliseconds(40))
        }

        @Test func nextEventsReturnsEmptyOnTimeout() throws {
            let pty = try PseudoTerminal()
            let session = try TerminalSession(options: Self.options(pty))
            defer { session.restore() }
            let start = ContinuousClock.now
            #expect(session.nextEvents(timeout: .milliseconds(30)).isEmpty)
            #expect(ContinuousClock.now - start >= .milliseconds(25))
        }

        @Test func resizeOnSIGWINCH() throws {
            let pty = try PseudoTerminal()
            let session = try TerminalSession(options: Self.options(pty))
            defer { session.restore() }
            let bigger = CellSize(columns: 132, rows: 43)
            try pty.resize(to: bigger)
            kill(getpid(), SIGWINCH)
            #expect(Self.events(session) == [.resize(bigger)])
            #expect(session.size == bigger)
            #expect(cncurses_lines() == 43 && cncurses_cols() == 132, "ncurses was told")
        }

        @Test func resumeOnSIGCONTEntersAgain() throws {
            let pty = try PseudoTerminal()
            let session = try TerminalSession(options: Self.options(pty))
            defer { session.restore() }
            _ = pty.drain()
            SignalTrap.leaveTerminal()  // what SIGTSTP's handler does before stopping
            let left = pty.drain()
            #expect(left.contains("\u{18}" + Self.mouseOff + "\u{1B}[?2026l"), "leave: \(left.escaped)")
            #expect(left.contains("\u{1B}[?25h") && left.contains("\u{1B}[?1049l"))
            #expect(try pty.modes().c_lflag & tcflag_t(ICANON) != 0, "cooked while stopped")

            kill(getpid(), SIGCONT)
            #expect(Self.events(session) == [.resumed])
            let entered = pty.drain()
            #expect(entered.contains("\u{1B}[?1049h"), "enter: \(entered.escaped)")
            #expect(entered.contains("\u{1B}[?25l") && entered.contains(Self.mouseOn))
            #expect(try pty.modes().c_lflag & tcflag_t(ICANON) == 0, "raw again")
            #expect(SignalFlags.active.load(ordering: .relaxed) == 1)
        }

        @Test func terminateOnSIGTERM() throws {
            let pty = try PseudoTerminal()
            let session = try TerminalSession(options: Self.options(pty))
            defer { session.restore() }
            kill(getpid(), SIGTERM)
            #expect(Self.events(session) == [.terminate(signal: SIGTERM)])
            // Terminate is reported once; a SIGWINCH at the same size is a redraw asked for
            // (a multiplexer's attach replays nothing), so it comes as a resize to that size.
            kill(getpid(), SIGWINCH)
            #expect(session.nextEvents(timeout: .milliseconds(50)) == [.resize(session.size)], "terminate reported once")
        }

        @Test func hangUpIsTermination() throws {
            let pty = try PseudoTerminal()
            let session = try TerminalSession(options: Self.options(pty))
            defer { session.restore() }
            pty.closeMaster()
            #expect(Self.events(session) == [.terminate(signal: SIGHUP)])
            #expect(session.nextEvents(timeout: .milliseconds(20)).isEmpty, "does not spin on the dead tty")
        }

        @Test func writerCountsWhatItWrites() throws {
            let pty = try PseudoTerminal()
            let session = try TerminalSession(options: Self.options(pty))
            defer { session.restore() }
            let before = session.writer.statistics
            try session.writer.write("\u{1B}[?2026hframe\u{1B}[?2026l")
            #expect(session.writer.statistics.bytes == before.bytes + 21)
            #expect(session.writer.statistics.writes == before.writes + 1)
            #expect(pty.drain().contains("frame"))
        }
    }
}
