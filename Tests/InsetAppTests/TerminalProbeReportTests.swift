import InsetCore
import InsetTerminal
import Testing
@testable import InsetApp
@testable import InsetPlayback

@Suite("TerminalProbeReport: the lines probe-terminal prints")
struct TerminalProbeReportTests {
    static func outcome(_ reply: String, window: PixelSize? = nil, elapsed: Duration = .microseconds(1234),
                        typed: [UInt8] = []) -> TerminalProbe.Outcome {
        var probe = TerminalCapabilityProbe(environment: [:])
        let complete = probe.receive(Array(reply.utf8))
        let (capabilities, _) = probe.finish(windowPixels: window, cells: CellSize(columns: 80, rows: 24))
        return TerminalProbe.Outcome(capabilities: capabilities, leftoverInput: typed, elapsed: elapsed, isComplete: complete)
    }

    @Test func kittyAnswered() {
        let text = TerminalProbeReport.text(
            Self.outcome("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}P>|kitty(0.39.1)\u{1B}\\\u{1B}[6;20;10t\u{1B}[?62;c"),
            timeout: .milliseconds(250))
        #expect(text == """
            terminal        kitty(0.39.1)
            graphics        kitty (the best it offers)
            kitty graphics  yes
            sixel           no
            iTerm2 images   no
            DA1             ?62c
            cell size       10x20 pixels (from CSI 16 t)
            octants         drawn by the terminal
            inside tmux     no
            answered        within 1.3 ms

            """)
    }

    @Test func silence() {
        let text = TerminalProbeReport.text(Self.outcome("", window: PixelSize(width: 484, height: 316), elapsed: .milliseconds(250),
                                                         typed: Array("q".utf8)),
                                            timeout: .milliseconds(250))
        #expect(text.contains("terminal        unknown (no XTVERSION reply)\n"))
        #expect(text.contains("graphics        cells (the best it offers)\n"))
        #expect(text.contains("cell size       6x13 pixels (from TIOCGWINSZ)\n"))
        #expect(text.contains("answered        no answer (timeout after 250 ms)\n"))
        #expect(text.contains("typed meanwhile 1 byte, ignored\n"))
    }

    @Test("WezTerm by its XTVERSION: iTerm2 images, and auto picks them over its partial kitty")
    func wezterm() {
        let text = TerminalProbeReport.text(
            Self.outcome("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}P>|WezTerm 20240203-110809-5046fc22\u{1B}\\\u{1B}[?65;4c"),
            timeout: .milliseconds(250))
        #expect(text.contains("graphics        iterm (the best it offers)\n"))
        #expect(text.contains("iTerm2 images   yes (WezTerm 20240203-110809-5046fc22)\n"))
    }

    @Test("iTerm2 by its answer to CSI 1337 n: iTerm2 images")
    func iTermByVersionReply() {
        let text = TerminalProbeReport.text(Self.outcome("\u{1B}[ITERM2 3.4.19n\u{1B}[?62;4c"), timeout: .milliseconds(250))
        #expect(text.contains("graphics        iterm (the best it offers)\n"))
        #expect(text.contains("iTerm2 images   yes (ITERM2 3.4.19 to CSI 1337 n)\n"))
    }

    @Test func partlyAnswered() {
        let text = TerminalProbeReport.text(Self.outcome("\u{1B}P>|XTerm(379)\u{1B}\\"), timeout: .milliseconds(100))
        #expect(text.contains("answered        partly: no DA1 reply within 100 ms\n"))
        #expect(text.contains("cell size       unknown"))
    }

    @Test("tenths of a millisecond, rounded up", arguments: [
        (Duration.zero, "0.0"), (.nanoseconds(1), "0.1"), (.microseconds(100), "0.1"), (.microseconds(101), "0.2"),
        (.milliseconds(250), "250.0"), (.seconds(2) + .microseconds(5), "2000.1"),
    ])
    func tenths(duration: Duration, text: String) {
        #expect(TerminalProbeReport.tenths(duration) == text)
    }
}
