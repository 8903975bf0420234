import Foundation
import Glibc
import InsetCore
import Synchronization
import Testing
@testable import InsetTerminal

/// The probe against a pty, with an emulator played on a thread of its own (not a task:
/// the probe blocks its thread in poll). Checked: what the terminal side sees (the queries
/// and nothing else: no echoed reply), the tty modes after, the keys handed back, timing.
@Suite struct TerminalProbeTests {
    static let kittyReply = Array("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}P>|kitty(0.39.1)\u{1B}\\\u{1B}[6;20;10t\u{1B}[?62;c".utf8)

    /// The emulator's side: reads what the program writes; once DA1's query is in, waits
    /// `delay` and writes `reply`. Keeps reading until stopped, so an echo would be seen.
    final class Emulator: @unchecked Sendable {
        private let master: Int32
        private let reply: [UInt8]?
        private let delay: Duration
        private let state = Mutex<(seen: [UInt8], stop: Bool)>(([], false))
        private let finished = DispatchSemaphore(value: 0)

        init(master: Int32, reply: [UInt8]?, delay: Duration = .zero) {
            self.master = master
            self.reply = reply
            self.delay = delay
            Thread { [self] in run() }.start()
        }

        private func run() {
            var answerAt: ContinuousClock.Instant?
            var answered = false
            var buffer = [UInt8](repeating: 0, count: 4096)
            while !state.withLock({ $0.stop }) {
                var fds = [pollfd(fd: master, events: Int16(POLLIN), revents: 0)]
                if poll(&fds, 1, 5) > 0, fds[0].revents & Int16(POLLIN) != 0 {
                    let count = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
                    if count > 0 { state.withLock { $0.seen += buffer[..<count] } }
                }
                if answerAt == nil, state.withLock({ $0.seen.contains("\u{1B}[c") }) { answerAt = .now + delay }
                if let reply, !answered, let answerAt, ContinuousClock.now >= answerAt {
                    answered = true
                    _ = reply.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
                }
            }
            finished.signal()
        }

        /// Stops reading after `settle` (time for an echo to come back) and returns
        /// everything the program side wrote.
        func stop(after settle: Duration = .milliseconds(50)) -> [UInt8] {
            Thread.sleep(forTimeInterval: Double(settle.components.attoseconds) / 1e18 + Double(settle.components.seconds))
            state.withLock { $0.stop = true }
            finished.wait()
            return state.withLock { $0.seen }
        }
    }

    /// The tty modes as bytes, so "restored exactly" compares every flag and control char.
    static func bytes(of modes: termios) -> [UInt8] {
        withUnsafeBytes(of: modes) { Array($0) }
    }

    @Test func kittyAnswersAndModesAreRestored() throws {
        let pty = try PseudoTerminal()
        let before = try pty.modes()
        let emulator = Emulator(master: pty.master, reply: Self.kittyReply)
        let outcome = try TerminalProbe.probe(input: pty.slave, output: pty.slave, timeout: .seconds(2), environment: [:])
        let seen = emulator.stop()
        #expect(outcome.isComplete && outcome.capabilities.answered)
        #expect(outcome.capabilities.bestGraphics() == .kitty)
        #expect(outcome.capabilities.terminalName == "kitty(0.39.1)")
        #expect(outcome.capabilities.cellPixels == PixelSize(width: 10, height: 20))
        #expect(outcome.elapsed < .seconds(1), "DA1 ends the probe long before the timeout")
        #expect(outcome.leftoverInput.isEmpty)
        #expect(seen == TerminalCapabilityProbe.queries, "only the queries, no echo: \(seen.escaped)")
        #expect(Self.bytes(of: try pty.modes()) == Self.bytes(of: before))
    }

    /// Keys typed while the replies come are handed back, in order, not eaten or echoed.
    @Test func keysTypedDuringTheProbeAreHandedBack() throws {
        let pty = try PseudoTerminal()
        let typed = Array("q".utf8) + Self.kittyReply.prefix(12) + Array("\u{1B}[A".utf8) + Self.kittyReply.dropFirst(12)
            + Array(" ".utf8)
        let emulator = Emulator(master: pty.master, reply: typed)
        let outcome = try TerminalProbe.probe(input: pty.slave, output: pty.slave, timeout: .seconds(2), environment: [:])
        let seen = emulator.stop()
        #expect(outcome.capabilities.kittyGraphics)
        // The space after DA1 may come in the same read or stay queued for the next reader.
        #expect(outcome.leftoverInput == Array("q\u{1B}[A".utf8) || outcome.leftoverInput == Array("q\u{1B}[A ".utf8))
        #expect(seen == TerminalCapabilityProbe.queries, "\(seen.escaped)")
    }

    @Test func silenceEndsAtTheTimeout() throws {
        let pty = try PseudoTerminal()
        let before = try pty.modes()
        let emulator = Emulator(master: pty.master, reply: nil)
        let start = ContinuousClock.now
        let outcome = try TerminalProbe.probe(input: pty.slave, output: pty.slave, timeout: .milliseconds(120),
                                              environment: ["TMUX": "/tmp/tmux-0/default,1,0"])
        let took = ContinuousClock.now - start
        let seen = emulator.stop()
        #expect(!outcome.capabilities.answered && !outcome.isComplete)
        #expect(outcome.capabilities.insideTmux, "from TMUX alone")
        #expect(outcome.capabilities.bestGraphics() == .cells)
        #expect(took >= .milliseconds(120) && took < .milliseconds(600), "\(took)")
        // Inside tmux the kitty query is left out: tmux took its APC for the pane's title.
        #expect(seen == TerminalCapabilityProbe(environment: ["TMUX": "/tmp/tmux-0/default,1,0"]).queriesToWrite)
        #expect(!String(decoding: seen, as: UTF8.self).contains("\u{1B}_G"))
        #expect(Self.bytes(of: try pty.modes()) == Self.bytes(of: before))
    }

    /// The player probes with its session's raw mode on: the probe leaves those modes as
    /// they are, and a reply that comes after the timeout is neither echoed nor typed.
    @Test func lateReplyInRawModeMakesNoKeyAndNoEcho() throws {
        let pty = try PseudoTerminal()
        let raw = QuietInput.quietModes(try pty.modes())
        try SystemCalls.setTerminalAttributes(pty.slave, raw)
        let emulator = Emulator(master: pty.master, reply: Self.kittyReply, delay: .milliseconds(200))
        let outcome = try TerminalProbe.probe(input: pty.slave, output: pty.slave, timeout: .milliseconds(60), environment: [:])
        #expect(!outcome.capabilities.answered)
        #expect(Self.bytes(of: try pty.modes()) == Self.bytes(of: raw))
        let seen = emulator.stop(after: .milliseconds(400))
        #expect(seen == TerminalCapabilityProbe.queries, "\(seen.escaped)")
        var late = [UInt8](repeating: 0, count: 256)
        let count = late.withUnsafeMutableBytes { read(pty.slave, $0.baseAddress, $0.count) }
        #expect(count == Self.kittyReply.count)
        var decoder = InputDecoder()
        #expect(decoder.feed(outcome.leftoverInput + late[..<max(0, count)]) == [])
        #expect(decoder.flush() == [])
    }

    /// TIOCGWINSZ's pixels over its cells when the terminal does not answer `CSI 16 t`
    /// (xterm as installed: 80x24 cells of 6x13 in 484x316 pixels, border included).
    @Test func cellSizeFromTheWindowSize() throws {
        let pty = try PseudoTerminal()
        var size = winsize(ws_row: 24, ws_col: 80, ws_xpixel: 484, ws_ypixel: 316)
        #expect(ioctl(pty.master, UInt(TIOCSWINSZ), &size) == 0)
        let emulator = Emulator(master: pty.master, reply: Array("\u{1B}P>|XTerm(379)\u{1B}\\\u{1B}[?63;1;2;4;6;9;15;16;22;28c".utf8))
        let outcome = try TerminalProbe.probe(input: pty.slave, output: pty.slave, timeout: .seconds(2), environment: [:])
        _ = emulator.stop(after: .zero)
        #expect(outcome.capabilities.cellPixels == PixelSize(width: 6, height: 13))
        #expect(outcome.capabilities.cellPixelsSource == .windowSize)
        #expect(outcome.capabilities.bestGraphics() == .sixel)
    }

    @Test func refusesWhatIsNotATerminal() throws {
        var fds: [Int32] = [-1, -1]
        #expect(pipe(&fds) == 0)
        defer { close(fds[0]); close(fds[1]) }
        #expect(throws: TerminalError.notATerminal(descriptor: fds[0])) {
            try TerminalProbe.probe(input: fds[0], output: fds[1], environment: [:])
        }
    }

    @Test func quietModesTurnOffEchoLinesAndSignalsOnly() throws {
        let pty = try PseudoTerminal()
        let cooked = try pty.modes()
        let quiet = QuietInput.quietModes(cooked)
        #expect(quiet.c_lflag & tcflag_t(ECHO | ICANON | ISIG) == 0)
        #expect(quiet.c_oflag == cooked.c_oflag && quiet.c_iflag == cooked.c_iflag && quiet.c_cflag == cooked.c_cflag)
    }
}
