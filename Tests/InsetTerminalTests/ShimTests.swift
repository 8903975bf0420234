import CNcurses
import Foundation
import Glibc
import InsetCore
import Testing
@testable import InsetTerminal

extension ProcessStateTests {
    /// Every `static inline` function of Sources/CNcurses/shim.h, called and checked against
    /// ncurses' documented values; the first test fails when one is added without a test here.
    @Suite struct ShimTests {
        static let shimPath = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/CNcurses/shim.h").path

        @Test func everyShimFunctionIsTestedHere() throws {
            let header = try String(contentsOfFile: Self.shimPath, encoding: .utf8)
            let thisFile = try String(contentsOfFile: #filePath, encoding: .utf8)
            let names = header.split(separator: "\n").compactMap { line -> String? in
                guard line.hasPrefix("static inline"), let open = line.firstIndex(of: "(") else { return nil }
                return line[..<open].split(whereSeparator: { $0 == " " || $0 == "*" }).last.map(String.init)
            }
            #expect(names.count >= 25)
            for name in names {
                #expect(thisFile.contains("\(name)("), "\(name) has no test")
            }
        }

        /// Runs `body` with an ncurses screen for `term` on a fresh 80x24 pty, current
        /// while it runs, deleted after.
        static func withScreen(_ term: String, _ body: (PseudoTerminal) throws -> Void) throws {
            let pty = try PseudoTerminal(size: CellSize(columns: 80, rows: 24))
            let output = fdopen(dup(pty.slave), "w")!
            let input = fdopen(dup(pty.slave), "r")!
            defer { fclose(output); fclose(input) }
            let screen = try #require(newterm(term, output, input))
            set_term(screen)
            defer { endwin(); delscreen(screen) }
            try body(pty)
        }

        @Test func screenGlobals() throws {
            try Self.withScreen("xterm-256color") { _ in
                #expect(cncurses_stdscr() != nil)
                #expect(cncurses_lines() == 24)
                #expect(cncurses_cols() == 80)
                #expect(start_color() == cncurses_ok())
                #expect(cncurses_colors() == 256)
                #expect(cncurses_has_rgb_capability() == 0)
                #expect(keypad(cncurses_stdscr(), true) == cncurses_ok())
                #expect(mousemask(cncurses_all_mouse_events(), nil) != 0)
            }
        }

        @Test func returnCodes() {
            #expect(cncurses_err() == -1)
            #expect(cncurses_ok() == 0)
        }

        /// Key codes as curses.h documents them (octal there).
        @Test func keyCodes() {
            #expect(cncurses_key_down() == 0o402)
            #expect(cncurses_key_up() == 0o403)
            #expect(cncurses_key_left() == 0o404)
            #expect(cncurses_key_right() == 0o405)
            #expect(cncurses_key_home() == 0o406)
            #expect(cncurses_key_backspace() == 0o407)
            #expect(cncurses_key_f(0) == 0o410)
            #expect(cncurses_key_f(1) == 0o411)
            #expect(cncurses_key_f(12) == 0o410 + 12)
            #expect(cncurses_key_npage() == 0o522)
            #expect(cncurses_key_ppage() == 0o523)
            #expect(cncurses_key_enter() == 0o527)
            #expect(cncurses_key_btab() == 0o541)
            #expect(cncurses_key_end() == 0o550)
            #expect(cncurses_key_sleft() == 0o611)
            #expect(cncurses_key_sright() == 0o622)
            #expect(cncurses_key_mouse() == 0o631)
            #expect(cncurses_key_resize() == 0o632)
        }

        @Test func attributesAndMouseMask() {
            // A_BOLD is NCURSES_BITS(1, 13): bit 21.
            #expect(cncurses_a_bold() == 1 << 21)
            // ALL_MOUSE_EVENTS is REPORT_MOUSE_POSITION - 1; with mouse version 2 the
            // position bit is bit 28, so the mask is the 29 low bits.
            #expect(cncurses_all_mouse_events() == 0x1FFF_FFFF)
        }

        /// A terminfo entry with the RGB flag, compiled with tic into a private directory.
        @Test func rgbCapabilityOfADirectColourEntry() throws {
            guard FileManager.default.isExecutableFile(atPath: "/usr/bin/tic") else { return }
            let directory = FileManager.default.temporaryDirectory
                .appendingPathComponent("inset-terminfo-\(getpid())")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: directory) }
            let source = directory.appendingPathComponent("inset.src")
            try "inset-test-direct|Inset test entry with direct colour,\n\tRGB,\n\tuse=xterm-256color,\n"
                .write(to: source, atomically: true, encoding: .utf8)
            let tic = Process()
            tic.executableURL = URL(fileURLWithPath: "/usr/bin/tic")
            tic.arguments = ["-x", "-o", directory.path, source.path]
            try tic.run()
            tic.waitUntilExit()
            #expect(tic.terminationStatus == 0)

            setenv("TERMINFO", directory.path, 1)
            defer { unsetenv("TERMINFO") }
            try Self.withScreen("inset-test-direct") { _ in
                #expect(cncurses_has_rgb_capability() == 1)
                #expect(Terminfo.hasRGB)
            }
            let pty = try PseudoTerminal()
            var options = TerminalSessionTests.options(pty)
            options.terminalType = "inset-test-direct"
            let session = try TerminalSession(options: options)
            defer { session.restore() }
            #expect(session.terminfoHasRGB)
            #expect(session.colorMode == .truecolor)
        }

        @Test func terminfoLookups() throws {
            try Self.withScreen("xterm-256color") { _ in
                #expect(Terminfo.string("smcup") == Array("\u{1B}[?1049h\u{1B}[22;0;0t".utf8))
                #expect(Terminfo.string("civis") == Array("\u{1B}[?25l".utf8))
                #expect(Terminfo.string("inset-not-a-capability") == nil)
                #expect(Terminfo.string("colors") == nil, "a number, not a string")
                #expect(Terminfo.number("colors") == 256)
                #expect(Terminfo.number("smcup") == nil)
                #expect(Terminfo.flag("am"))
                #expect(!Terminfo.flag("hc"))
                let sequences = TerminalSequences(capability: Terminfo.string)
                #expect(sequences.enter == Array("\u{1B}[?1049h\u{1B}[22;0;0t\u{1B}[?25l\u{1B}[?1h\u{1B}=\u{1B}[H\u{1B}[2J".utf8)
                    + TerminalSequences.mouseOn)
                let rmcup = Array("\u{1B}[?1049l\u{1B}[23;0;0t".utf8)
                #expect(sequences.leave.last(rmcup.count).elementsEqual(rmcup))
            }
        }
    }
}

extension Array {
    func last(_ n: Int) -> ArraySlice<Element> { self[Swift.max(0, count - n)...] }
}
