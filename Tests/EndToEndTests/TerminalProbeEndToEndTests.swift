import Foundation
import InsetCore
import Testing
import InsetTestSupport

/// `inset probe-terminal` on a pty whose other end is scripts/fake-terminal, answering as
/// kitty, xterm with sixel, tmux, not at all, or too late. What the program wrote to the
/// pty is what a screen would show: it must be the queries, then the report, and nothing
/// else: no reply echoed back (`^[_Gi=31;OK`, `^[[?62;c`), no key the user typed.
@Suite("Terminal probe, end to end", .tags(.clock))
struct TerminalProbeEndToEndTests {
    static let queries = String(decoding: TerminalCapabilityProbe.queries, as: UTF8.self)
    /// Inside tmux the kitty graphics query (an APC, which tmux takes for the pane's title)
    /// is left out.
    static let tmuxQueries = String(decoding: TerminalCapabilityProbe(environment: ["TMUX": "/tmp/tmux-0/default,1,0"])
        .queriesToWrite, as: UTF8.self)

    /// The queries the screen starts with, either set.
    static func queriesWritten(_ screen: String) -> String? {
        [queries, tmuxQueries].first { screen.hasPrefix($0) }
    }

    /// One run, as scripts/fake-terminal reports it; times in seconds from its start.
    struct Run {
        var status: Int
        var elapsed: Double
        var queriesAt: Double?
        var answeredAt: Double?
        /// Everything the program wrote to the pty, a character a byte.
        var screen: String
        var stderr: String

        /// The report's rows after the queries, name to value, split where the value column
        /// starts; nil when the screen holds anything but the queries then report lines.
        var report: [String: String]? {
            guard let written = TerminalProbeEndToEndTests.queriesWritten(screen) else { return nil }
            let rest = screen.dropFirst(written.count)
            // Lines end in CR LF (the tty's ONLCR); the text ends with a line.
            var lines = rest.components(separatedBy: "\r\n")
            guard lines.removeLast().isEmpty else { return nil }
            var rows: [String: String] = [:]
            for line in lines {
                guard line.count > 16, line.allSatisfy({ $0.isASCII && $0 >= " " }) else { return nil }
                let name = String(line.prefix(16)).trimmingCharacters(in: .whitespaces)
                rows[name] = String(line.dropFirst(16))
            }
            return rows
        }
    }

    /// A run that exits 0 with a screen of only the queries and a report, nothing stray:
    /// the run and the report's rows.
    static func cleanReport(_ options: [String], probeOptions: [String],
                            sourceLocation: SourceLocation = #_sourceLocation) throws -> (Run, [String: String]) {
        let run = try fakeTerminal(options, probeOptions: probeOptions)
        #expect(run.status == 0, sourceLocation: sourceLocation)
        let report = try #require(run.report, "screen: \(run.screen.debugDescription)", sourceLocation: sourceLocation)
        expectNoStrayBytes(run, sourceLocation: sourceLocation)
        return (run, report)
    }

    static func fakeTerminal(_ options: [String], probeOptions: [String] = []) throws -> Run {
        let script = repositoryRoot.appendingPathComponent("scripts/fake-terminal").path
        let json = try runCommand(["python3", script] + options + ["--", try insetBinary(), "probe-terminal"] + probeOptions)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any], "\(json)")
        return Run(status: object["status"] as? Int ?? -1, elapsed: object["elapsed"] as? Double ?? -1,
                   queriesAt: object["queries_at"] as? Double, answeredAt: object["answered_at"] as? Double,
                   screen: object["output"] as? String ?? "", stderr: object["stderr"] as? String ?? "")
    }

    /// The report lines every case shares, and the ones that differ.
    static func expectedReport(terminal: String, graphics: String, kitty: String, sixel: String, da1: String,
                               cellSize: String, octants: String = "from the font, if it has them",
                               tmux: String = "no", iterm: String = "no") -> [String: String] {
        ["terminal": terminal, "graphics": "\(graphics) (the best it offers)", "kitty graphics": kitty, "sixel": sixel,
         "iTerm2 images": iterm, "DA1": da1, "cell size": cellSize, "octants": octants, "inside tmux": tmux]
    }

    static func expectNoStrayBytes(_ run: Run, sourceLocation: SourceLocation = #_sourceLocation) {
        let after = run.screen.dropFirst((queriesWritten(run.screen) ?? queries).count)
        #expect(!after.contains("\u{1B}") && !after.contains("^[") && !after.contains(";OK") && !after.contains(">|"),
                "stray bytes on the screen: \(run.screen.debugDescription)", sourceLocation: sourceLocation)
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var persona: String
        var options: [String] = []
        var expected: [String: String]
        var testDescription: String { persona + (options.isEmpty ? "" : " " + options.joined(separator: " ")) }
    }

    static let answering: [Case] = [
        Case(persona: "kitty", expected: expectedReport(
            terminal: "kitty(0.39.1)", graphics: "kitty", kitty: "yes", sixel: "no", da1: "?62c",
            cellSize: "10x20 pixels (from CSI 16 t)", octants: "drawn by the terminal")),
        Case(persona: "xterm-sixel", expected: expectedReport(
            terminal: "XTerm(379)", graphics: "sixel", kitty: "no", sixel: "yes", da1: "?63;1;2;4;6;9;15;16;22;28c",
            cellSize: "6x13 pixels (from CSI 16 t)")),
        // WezTerm: kitty answered and sixel listed, but iTerm2 images are its whole pixel path.
        Case(persona: "wezterm", expected: expectedReport(
            terminal: "WezTerm 20240203-110809-5046fc22", graphics: "iterm", kitty: "yes", sixel: "yes", da1: "?65;4;6;18;22c",
            cellSize: "9x18 pixels (from CSI 16 t)", octants: "drawn by the terminal", iterm: "yes (WezTerm)")),
        // tmux 3.3a inside xterm as captured: 80x23 cells in 480x299 pixels, no CSI 16 t reply.
        Case(persona: "tmux", options: ["--rows", "23", "--xpixel", "480", "--ypixel", "299"], expected: expectedReport(
            terminal: "tmux 3.3a", graphics: "cells", kitty: "no", sixel: "no", da1: "?1;2c",
            cellSize: "6x13 pixels (from TIOCGWINSZ)", tmux: "yes")),
        // The same tmux, its server started in kitty: kitty's placeholders, by KITTY_WINDOW_ID.
        Case(persona: "tmux-in-kitty", options: ["--rows", "23", "--xpixel", "480", "--ypixel", "299"],
             expected: expectedReport(
                terminal: "tmux 3.3a", graphics: "kitty", kitty: "no", sixel: "no", da1: "?1;2c",
                cellSize: "6x13 pixels (from TIOCGWINSZ)", tmux: "yes, in kitty (KITTY_WINDOW_ID): kitty placeholders")),
    ]

    @Test("each terminal's answer gives its graphics mode, and the screen holds only queries and report", arguments: answering)
    func answered(_ c: Case) throws {
        let (run, found) = try Self.cleanReport(["--as", c.persona] + c.options, probeOptions: ["--timeout", "2000"])
        var report = found
        let answeredLine = report.removeValue(forKey: "answered")
        let answered = try #require(answeredLine)
        #expect(report == c.expected)
        let insideTmux = c.persona.hasPrefix("tmux")
        #expect(Self.queriesWritten(run.screen) == (insideTmux ? Self.tmuxQueries : Self.queries),
                "inside tmux no kitty query (APC), elsewhere all of them")
        #expect(answered.hasPrefix("within ") && answered.hasSuffix(" ms"), "\(answered)")
        let queriesAt = try #require(run.queriesAt)
        #expect(run.elapsed - queriesAt < 1.5, "DA1's reply ends the probe, not the 2 s timeout")
    }

    @Test("a terminal that answers nothing: given up at the timeout, cells, nothing stray")
    func silence() throws {
        let (run, found) = try Self.cleanReport(["--as", "silent"], probeOptions: ["--timeout", "300"])
        var report = found
        let answered = report.removeValue(forKey: "answered")
        #expect(answered == "no answer (timeout after 300 ms)")
        #expect(report == Self.expectedReport(
            terminal: "unknown (no XTVERSION reply)", graphics: "cells", kitty: "no", sixel: "no", da1: "no reply",
            cellSize: "unknown (no reply to CSI 16 t, no pixels from TIOCGWINSZ)"))
        let queriesAt = try #require(run.queriesAt)
        let waited = run.elapsed - queriesAt
        // The fake terminal sees the queries a little after the program starts its clock.
        #expect(waited > 0.2 && waited < 0.3 + 0.7, "gave up \(waited) s after the queries")
    }

    /// An answer after the timeout (and after the program has gone) changes nothing the
    /// program printed, and none of it reaches the screen.
    @Test func answerAfterTheTimeout() throws {
        let (run, report) = try Self.cleanReport(["--as", "kitty", "--delay", "700"], probeOptions: ["--timeout", "150"])
        #expect(report["answered"] == "no answer (timeout after 150 ms)")
        #expect(report["graphics"] == "cells (the best it offers)")
        #expect(report["terminal"] == "unknown (no XTVERSION reply)")
        let answeredAt = try #require(run.answeredAt)
        #expect(run.elapsed < answeredAt, "the program ended before the answer came")
    }

    /// A key typed while the replies come is not echoed, and is not mistaken for a reply.
    @Test func keyTypedDuringTheProbe() throws {
        let (run, report) = try Self.cleanReport(["--as", "xterm-sixel", "--type", "q\u{1B}[A"], probeOptions: ["--timeout", "2000"])
        #expect(report["graphics"] == "sixel (the best it offers)")
        #expect(report["typed meanwhile"] == "4 bytes, ignored")
        #expect(!run.screen.dropFirst(Self.queries.count).hasPrefix("q"))
    }

    @Test("no terminal at all: one line on stderr, exit 1")
    func noTerminal() throws {
        let run = try Self.fakeTerminal(["--no-tty"])
        #expect(run.status == 1)
        #expect(run.screen.isEmpty)
        #expect(run.stderr.hasPrefix("inset: no terminal to ask: "), "\(run.stderr)")
        #expect(run.stderr.filter { $0 == "\n" }.count == 1, "\(run.stderr)")
    }

    @Test("--timeout takes 1 to 10000 ms")
    func timeoutBounds() throws {
        for bad in ["0", "10001", "-5", "abc"] {
            let result = try runInset(["probe-terminal", "--timeout", bad])
            #expect(result.status != 0, "\(bad)")
            #expect(result.stderr.hasPrefix("inset: --timeout \(bad): "), "\(result.stderr)")
        }
    }
}
