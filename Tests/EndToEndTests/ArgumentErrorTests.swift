import Foundation
import Testing
import InsetTestSupport

/// Every wrong time, size, count or range on the command line: one line on stderr naming the
/// option, the value and why, nothing on stdout, a non-zero exit, and for the player no
/// touch of the terminal (these run with no terminal at all, so an argument checked too late
/// would fail on the terminal instead and the test would see the wrong line).
@Suite("Argument errors", .tags(.waits))
struct ArgumentErrorTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var arguments: [String]
        /// The start of the one line on stderr.
        var prefix: String
        var testDescription: String { arguments.joined(separator: " ") }
    }

    static let clip = samplePath("clock_4x3.mp4")

    static func bad(_ arguments: String..., says prefix: String) -> Case {
        Case(arguments: arguments.map { $0 == "CLIP" ? clip : $0 }, prefix: prefix)
    }

    static let player: [Case] = [
        bad("--start", "inf", "CLIP", says: "inset: --start inf: "),
        bad("--start", "1e20", "CLIP", says: "inset: --start 1e20: "),
        bad("--start", "nan", "CLIP", says: "inset: --start nan: "),
        // `-0` is mpv's "0 s before the end", taken since issue 43 (then said to be at the end).
        bad("--start", "-", "CLIP", says: "inset: --start -: "),
        bad("--start", "1e-400", "CLIP", says: "inset: --start 1e-400: "),
        bad("--start", "1:99", "CLIP", says: "inset: --start 1:99: "),
        bad("--start", "1::30", "CLIP", says: "inset: --start 1::30: "),
        bad("--start", "99999999999999999999:00:00", "CLIP", says: "inset: --start 99999999999999999999:00:00: "),
        bad("play", "--start", "inf", "CLIP", says: "inset: --start inf: "),
        bad("--threads", "0", "CLIP", says: "inset: --threads 0: "),
        bad("--threads", "-1", "CLIP", says: "inset: --threads -1: "),
        bad("--threads", "100000000000000000000", "CLIP", says: "inset: --threads 100000000000000000000: "),
        bad("--volume", "101", "CLIP", says: "inset: --volume 101: "),
        bad("--volume", "-1", "CLIP", says: "inset: --volume -1: "),
        bad("--volume", "loud", "CLIP", says: "inset: --volume loud: "),
        bad("--linear", "0:30-0:10", "CLIP", says: "inset: --linear 0:30-0:10: "),
        bad("--linear", "0:00-inf", "CLIP", says: "inset: --linear 0:00-inf: "),
        bad("--linear", "0:00-0:30,", "CLIP", says: "inset: --linear 0:00-0:30,: "),
        bad("--linear=1:00-0:10", "CLIP", says: "inset: --linear 1:00-0:10: "),
        bad("--linear=", "CLIP", says: "inset: --linear '': "),
        bad("--colors", "999", "CLIP", says: "inset: "),
        bad("--blitter", "braille", "CLIP", says: "inset: --blitter braille: expected half, quadrant, sextant, octant or auto"),
        bad("--graphics", "iterm2", "CLIP", says: "inset: --graphics iterm2: expected kitty, sixel, iterm, cells or auto"),
        bad("--audio-delay", "0.2s", "CLIP", says: "inset: --audio-delay 0.2s: not a number of seconds from -10 to 10 (0.2, -0.15)"),
        bad("--sub-lang", "english", "CLIP", says: "inset: --sub-lang english: not an ISO 639 language code"),
        bad("--sub-lang", "e1", "CLIP", says: "inset: --sub-lang e1: not an ISO 639 language code"),
        bad("--sub-charset", "klingon-8", "CLIP", says: "inset: --sub-charset klingon-8: not a character set iconv knows"),
        bad("--sub", "/no/such.srt", "CLIP", says: "inset: --sub /no/such.srt: no such file"),
        bad("--sub", samplePath("sidecar.en.srt"), "CLIP", "CLIP", says: "inset: --sub \(samplePath("sidecar.en.srt")): goes with exactly one video"),
        bad("--no-such-option", "CLIP", says: "inset: "),
    ]

    static let cat: [Case] = [
        bad("cat", "--at", "inf", "CLIP", says: "inset: --at inf: "),
        bad("cat", "--at", "1e19", "CLIP", says: "inset: --at 1e19: "),
        bad("cat", "--at", "-5", "CLIP", says: "inset: --at -5: "),
        bad("cat", "--at", "0:60", "CLIP", says: "inset: --at 0:60: "),
        bad("cat", "--size", "100000x1", "CLIP", says: "inset: --size 100000x1: "),
        bad("cat", "--size", "4097x10", "CLIP", says: "inset: --size 4097x10: "),
        bad("cat", "--size", "0x24", "CLIP", says: "inset: --size 0x24: "),
        bad("cat", "--size", "80", "CLIP", says: "inset: --size 80: "),
        bad("cat", "--size", "-80x24", "CLIP", says: "inset: --size -80x24: "),
        bad("cat", "--frames", "0", "CLIP", says: "inset: --frames 0: "),
        bad("cat", "--frames", "-1", "CLIP", says: "inset: --frames -1: "),
        bad("cat", "--frames", "lots", "CLIP", says: "inset: --frames lots: "),
        bad("cat", "--threads", "0", "CLIP", says: "inset: --threads 0: "),
        bad("cat", "--threads", "1e3", "CLIP", says: "inset: --threads 1e3: "),
        bad("cat", "--blitter", "auto-ish", "CLIP", says: "inset: --blitter auto-ish: expected half, quadrant, sextant, octant or auto"),
        bad("cat", says: "inset: "),
    ]

    static let bench: [Case] = [
        bad("bench", "--size", "4097x1", "CLIP", says: "inset: --size 4097x1: "),
        bad("bench", "--size", "1x2049", "CLIP", says: "inset: --size 1x2049: "),
        bad("bench", "--size", "x", "CLIP", says: "inset: --size x: "),
        bad("bench", "--frames", "0", "CLIP", says: "inset: --frames 0: "),
        bad("bench", "--frames", "99999999999", "CLIP", says: "inset: --frames 99999999999: "),
        bad("bench", "--threads", "65", "CLIP", says: "inset: --threads 65: "),
        bad("bench", "--stage", "everything", "CLIP", says: "inset: "),
    ]

    static let probe: [Case] = [
        bad("probe", says: "inset: "),
        bad("probe", "--bogus", "CLIP", says: "inset: "),
        bad("probe", "CLIP", "CLIP", says: "inset: "),
    ]

    @Test("one line, nothing on stdout, non-zero exit", arguments: player + cat + bench + probe)
    func refused(_ c: Case) throws {
        let result = try CommandLineTests().inset(c.arguments)
        #expect(result.status != 0)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix(c.prefix), "\(result.stderr)")
        #expect(result.stderr.filter { $0 == "\n" }.count == 1 && result.stderr.hasSuffix("\n"), "\(result.stderr)")
        #expect(!result.stderr.contains("terminal"), "the argument must be refused before the terminal is looked at")
    }

    @Test("the extreme sizes that are allowed work downstream", arguments: [
        ["cat", "--size", "4096x2048", "--colors", "16", "CLIP"], ["cat", "--size", "1x1", "CLIP"],
        ["cat", "--size", "1x2048", "CLIP"], ["cat", "--size", "4096x1", "CLIP"],
        ["bench", "--size", "1x1", "--frames", "3", "--stage", "render", "CLIP"],
        ["bench", "--size", "4096x2048", "--frames", "1", "--stage", "render", "CLIP"],
        ["cat", "--at", "1:00:00", "CLIP"], ["cat", "--at", "1000000:00:00", "CLIP"], ["cat", "--at", "0:05.5", "CLIP"],
        ["cat", "--frames", "2", "--threads", "64", "--at", "500ms", "CLIP"],
    ])
    func allowedExtremes(_ arguments: [String]) throws {
        let result = try CommandLineTests().inset(arguments.map { $0 == "CLIP" ? Self.clip : $0 })
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stdout.isEmpty)
    }

    @Test("--help and --version still print in full and exit 0")
    func helpAndVersion() throws {
        let help = try CommandLineTests().inset(["--help"])
        #expect(help.status == 0)
        let text = String(decoding: help.stdout, as: UTF8.self)
        #expect(text.contains("USAGE") && text.contains("SUBCOMMANDS") && text.split(separator: "\n").count > 5)
        let catHelp = try CommandLineTests().inset(["cat", "--help"])
        #expect(catHelp.status == 0 && String(decoding: catHelp.stdout, as: UTF8.self).contains("--size <size>"))
        let playHelp = try CommandLineTests().inset(["play", "--help"])
        #expect(playHelp.status == 0 && String(decoding: playHelp.stdout, as: UTF8.self).contains("--pip-saver"))
        let version = try CommandLineTests().inset(["--version"])
        // From git at build time (issue 46): what scripts/version says of this tree, and its
        // commit. "-dirty" aside: the tree may have been edited since the binary was built.
        let described = try runCommand(["sh", repositoryRoot.appendingPathComponent("scripts/version").path])
        let commit = try runCommand(["git", "-C", repositoryRoot.path, "rev-parse", "HEAD"])
        let expected = "inset \(described.trimmingCharacters(in: .newlines)) (commit \(commit.trimmingCharacters(in: .newlines)))\n"
        #expect(version.status == 0)
        #expect(String(decoding: version.stdout, as: UTF8.self).replacingOccurrences(of: "-dirty", with: "")
            == expected.replacingOccurrences(of: "-dirty", with: ""))
    }
}

/// `--linear RANGES` with a space, as `--help` shows it: the ranges are the option's value,
/// not a path, and `--linear` before a path still means the whole file.
@Suite("--linear with a space", .serialized, .tags(.waits))
struct LinearArgumentTests {
    @Test("--linear 0:00-0:30 PATH plays PATH with skipping refused")
    func rangesThenPath() throws {
        let tmux = try Tmux()
        try tmux.run("\(try insetBinary()) --linear 0:00-0:30 \(samplePath("long_gop.mp4"))")
        // The notice and the time can reach the screen before the first picture does.
        try tmux.waitFor(timeout: 5, "the player showing the video, skipping refused") {
            $0.shownTime != nil && $0.text.contains("skipping is not allowed") && $0.videoRows.count > 10
        }
        try tmux.keys("q")
        try tmux.waitFor(timeout: 3, "shell back") { _ in (try? tmux.terminalState()) == "0 1" }
    }
}
