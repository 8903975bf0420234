import Foundation
import InsetCore
import InsetTerminal
import Testing
@testable import InsetApp
@testable import InsetMedia

@Suite("inset doctor: each finding from its facts, and a fix wherever something is missing")
struct DoctorFindingsTests {
    static func outcome(_ build: (inout TerminalCapabilities) -> Void, complete: Bool = true) -> TerminalProbe.Outcome {
        var capabilities = TerminalCapabilities()
        build(&capabilities)
        return TerminalProbe.Outcome(capabilities: capabilities, leftoverInput: [], elapsed: .microseconds(1200), isComplete: complete)
    }

    static func line(_ lines: [DoctorLine], _ topic: String) throws -> DoctorLine {
        try #require(lines.first { $0.topic == topic }, "no \(topic) in \(lines)")
    }

    @Test("kitty that answered: its name, kitty graphics, the cell size with its source, no tmux, nothing to fix")
    func kitty() throws {
        let lines = DoctorFindings.terminal(Self.outcome {
            $0.answered = true; $0.terminalName = "kitty(0.39.1)"; $0.kittyGraphics = true; $0.primaryAttributes = [62]
            $0.cellPixels = PixelSize(width: 10, height: 20); $0.cellPixelsSource = .query
        })
        #expect(try Self.line(lines, "terminal").finding == "kitty(0.39.1), answered in 1.2 ms")
        #expect(try Self.line(lines, "graphics").finding == "kitty (kitty graphics yes, sixel no, iTerm2 images no)")
        #expect(try Self.line(lines, "cell size").finding == "10x20 pixels (from CSI 16 t)")
        #expect(try Self.line(lines, "tmux").finding == "no")
        #expect(lines.allSatisfy { $0.fix == nil }, "\(lines)")
    }

    @Test("a silent terminal: cells, unknown cell size, each missing thing with a fix; no terminal at all: how to run it")
    func silentAndNone() throws {
        let lines = DoctorFindings.terminal(Self.outcome({ _ in }, complete: false))
        #expect(try Self.line(lines, "terminal").fix != nil)
        let graphics = try Self.line(lines, "graphics")
        #expect(graphics.finding.hasPrefix("cells") && graphics.fix?.contains("kitty") == true)
        #expect(try Self.line(lines, "cell size").finding.hasPrefix("unknown"))
        let none = DoctorFindings.terminal(nil)
        #expect(none.count == 1 && none[0].fix != nil)
    }

    @Test("tmux in kitty is said; in tmux with cells the fix names tmux")
    func tmux() throws {
        let inKitty = DoctorFindings.terminal(Self.outcome { $0 = TerminalCapabilities(environment: ["TMUX": "/tmp/t,1,0", "KITTY_WINDOW_ID": "1"]) })
        #expect(try Self.line(inKitty, "tmux").finding.hasPrefix("yes, inside kitty"))
        let plain = DoctorFindings.terminal(Self.outcome { $0 = TerminalCapabilities(environment: ["TMUX": "/tmp/t,1,0"]); $0.answered = true })
        #expect(try Self.line(plain, "tmux").finding == "yes")
        #expect(try Self.line(plain, "graphics").fix?.contains("tmux") == true)
    }

    @Test("colours: truecolor from COLORTERM needs nothing; 256 suggests COLORTERM; no terminfo entry says what to install")
    func colours() {
        let full = DoctorFindings.colours(.init(mode: .truecolor, hasRGB: false, colors: 256, hasEntry: true),
                                          environment: ["TERM": "xterm-256color", "COLORTERM": "truecolor"])
        #expect(full.finding == "truecolor (COLORTERM=truecolor; terminfo xterm-256color: 256 colours)" && full.fix == nil)
        let palette = DoctorFindings.colours(.init(mode: .palette256, hasRGB: false, colors: 256, hasEntry: true), environment: ["TERM": "screen-256color"])
        #expect(palette.finding.hasPrefix("256 (") && palette.fix?.contains("COLORTERM=truecolor") == true)
        let unknown = DoctorFindings.colours(.init(mode: .palette16, hasRGB: false, colors: nil, hasEntry: false), environment: ["TERM": "nosuch"])
        #expect(unknown.finding.contains("no terminfo entry for TERM=nosuch") && unknown.fix?.contains("ncurses-term") == true)
    }

    @Test("sound: the driver and its devices; no driver: why, and what to install")
    func sound() {
        #expect(DoctorFindings.sound(driver: "pulseaudio", devices: ["A", "B", "C", "D"], failure: nil).finding
                == "pulseaudio, 4 devices: A, B, C, …")
        #expect(DoctorFindings.sound(driver: "disk", devices: [], failure: nil).fix == nil)
        let none = DoctorFindings.sound(driver: nil, devices: [], failure: "no audio driver")
        #expect(none.finding.contains("no audio driver") && none.fix?.contains("--mute") == true)
    }

    @Test("yt-dlp: its version and age in days; stale past 90 days, missing, nightly, undated")
    func ytdlp() throws {
        let today = try #require(ISO8601DateFormatter().date(from: "2026-12-07T23:00:00Z"))
        let fresh = DoctorFindings.ytdlp(version: "2026.11.30", today: today)
        #expect(fresh.finding == "2026.11.30, 7 days old" && fresh.fix == nil)
        let stale = DoctorFindings.ytdlp(version: "2025.09.26", today: today)
        #expect(stale.finding == "2025.09.26, 437 days old" && stale.fix?.contains("yt-dlp -U") == true)
        #expect(DoctorFindings.ytdlp(version: "2026.12.06.232517", today: today).finding == "2026.12.06.232517, 1 day old")
        #expect(DoctorFindings.ytdlp(version: "custom", today: today).finding.contains("age is unknown"))
        #expect(DoctorFindings.ytdlp(version: nil, today: today).fix?.contains("yt-dlp") == true)
    }

    @Test("MPRIS, the config file (home as ~, each error's line), scripts by name only")
    func machine() {
        #expect(DoctorFindings.mpris(failure: nil).fix == nil)
        #expect(DoctorFindings.mpris(failure: "Unable to autolaunch").fix != nil)
        let bad = DoctorFindings.config(path: "/home/ann/.config/inset/config", exists: true,
                                        problems: [(3, "unknown key 'colour'"), (0, "cannot be read")], home: "/home/ann")
        #expect(bad.finding == "~/.config/inset/config: 2 errors (those lines are skipped)")
        #expect(bad.details == ["line 3: unknown key 'colour'", "cannot be read"] && bad.fix != nil)
        #expect(DoctorFindings.config(path: "/home/ann/.config/inset/config", exists: false, problems: [], home: "/home/ann").fix == nil)
        let scripts = DoctorFindings.scripts(paths: ["/home/ann/.config/inset/scripts/skip.lua",
                                                     "/home/ann/.config/inset/scripts/autoload/main.lua"], skipped: 1)
        #expect(scripts.finding == "2: skip.lua, autoload; 1 file not loaded (Lua only)")
        #expect(!scripts.finding.contains("/home"))
    }

    @Test("the report: a heading with the count to fix, aligned topics, details and fixes under their line")
    func report() {
        let text = DoctorReport.text([DoctorLine("tmux", "no"), DoctorLine("config", "~/c: 1 error", fix: "correct it", details: ["line 2: x"])])
        #expect(text == """
            inset doctor: what this machine and terminal offer; 1 thing to fix

            tmux          no
            config        ~/c: 1 error
                          line 2: x
                          fix: correct it

            """)
        #expect(DoctorReport.homeShortened("/home/annie/x", home: "/home/ann") == "/home/annie/x")
    }

    @Test("library versions as FFmpeg and libass pack them, read from the libraries loaded")
    func versions() {
        #expect(MediaLibraryVersions.dotted(0x3B1B64) == "59.27.100")
        #expect(MediaLibraryVersions.assDotted(0x01701000) == "0.17.1")
        let lines = DoctorMachine.libraries()
        #expect(lines.first?.topic == "libraries" && lines.map(\.finding).joined().contains("avformat "))
        #expect(lines.contains { $0.finding.hasPrefix("SDL2 2.") } && lines.contains { $0.finding.hasPrefix("LuaJIT 2.") })
    }
}
