import Foundation
import Testing
import InsetTestSupport

/// Inset in real graphics terminals on a virtual X display (`scripts/real-terminal`): xterm
/// as a VT340 and mlterm (sixel), kitty (kitty graphics on software GL), Konsole and mlterm
/// again (iTerm2 inline images). The script checks
/// screenshots of the display: the graphics `auto` picks, PSNR against the source (sixel),
/// the PiP window over the library and over the shell pane, moved with no debris, nothing
/// left after q, two videos at once with both pictures in pixels, two embedded players side
/// by side (one erasing itself leaves the other's picture), and a paused, moved window that
/// keeps its picture through a terminal resize. These wait for screenshots and assert no
/// time: scripts/test runs them beside the waits group.
///
/// A terminal that is not installed is skipped (scripts/setup installs all four).
@Suite("Real terminals", .serialized, .tags(.terminals))
struct RealTerminalEndToEndTests {
    static func installed(_ programs: String...) -> Bool {
        programs.allSatisfy { program in
            (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").contains {
                FileManager.default.isExecutableFile(atPath: "\($0)/\(program)")
            }
        }
    }

    /// Every scene but `play` (RealTerminalPlayTests), named, so a scene added to the script
    /// is run here only once it is listed. `probe` comes first: it finds the window and the
    /// cell size the others place pictures by. `pause`'s checks are made on `two`'s first
    /// video (`two+pause`), as in the iTerm2 lane: the same paused full-screen picture, its
    /// PSNR and nothing left after q, with a terminal and a player started fewer (the
    /// `pause` scene alone took 39 s of xterm's lane beside the full run's groups).
    static let everySceneButPlay = "probe,pip,shell,two+pause,embeds,redraw"
    /// The same checks where the window scenes pause the window (sixel): `redraw`'s made on
    /// `pip`'s play, a terminal and a player started fewer (7 s a terminal).
    static let sixelScenes = "probe,pip+redraw,shell,two+pause,embeds"

    @Test("xterm (sixel): every scene but play", .enabled(if: installed("xterm", "Xvfb", "xdotool", "xwd"),
                                                           "xterm, Xvfb, xdotool or xwd is not installed (scripts/setup installs them)"),
          .timeLimit(.minutes(4)))
    func xterm() throws { try Self.run("xterm", scenes: Self.sixelScenes) }

    @Test("mlterm (sixel): every scene but play", .enabled(if: installed("mlterm", "Xvfb", "xdotool", "xwd"),
                                                            "mlterm, Xvfb, xdotool or xwd is not installed (scripts/setup installs them)"),
          .timeLimit(.minutes(4)))
    func mlterm() throws { try Self.run("mlterm", scenes: Self.sixelScenes) }

    @Test("kitty (kitty graphics): every scene but play",
          .enabled(if: installed("kitty", "Xvfb", "xdotool", "xwd"),
                   "kitty, Xvfb, xdotool or xwd is not installed (scripts/setup installs them)"),
          .timeLimit(.minutes(5)))
    func kitty() throws { try Self.run("kitty") }

    /// iTerm2's inline images in the scenes issue 33 names, on as few plays as they allow:
    /// two videos with the first paused full screen first (`pause`'s checks), the window over
    /// the shell pane then the terminal resized (`redraw`'s), two embeds. Not `play` (frames
    /// shown depend on the CPU: the timed group's) nor `pip` (the window over the shell pane
    /// is the same window).
    static let iTermScenes = "probe,two+pause,shell+redraw,embeds"

    @Test("Konsole (iTerm2 images, which auto picks there): two with the first paused, shell then redraw, embeds",
          .enabled(if: installed("konsole", "Xvfb", "xdotool", "xwd"),
                   "konsole, Xvfb, xdotool or xwd is not installed (scripts/setup installs them)"),
          .timeLimit(.minutes(4)))
    func konsole() throws { try Self.run("konsole", scenes: Self.iTermScenes) }

    @Test("mlterm with --graphics iterm: two with the first paused, shell then redraw, embeds",
          .enabled(if: installed("mlterm", "Xvfb", "xdotool", "xwd"),
                   "mlterm, Xvfb, xdotool or xwd is not installed (scripts/setup installs them)"),
          .timeLimit(.minutes(4)))
    func mltermITerm() throws { try Self.run("mlterm", scenes: Self.iTermScenes, graphics: "iterm") }

    static func run(_ terminal: String, scenes: String = everySceneButPlay, graphics: String? = nil) throws {
        let name = "inset-\(terminal)-\(graphics ?? "auto")-\(getpid())"
        let out = FileManager.default.temporaryDirectory.appendingPathComponent(name).path
        let forced = graphics.map { ["--graphics", $0] } ?? []
        let (status, output) = try runScript("real-terminal",
                                             ["--terminal", terminal, "--scenes", scenes, "--two-in-pixels"] + forced + [out])
        #expect(status == 0, "scripts/real-terminal --terminal \(terminal):\n\(output)")
        #expect(output.contains("real-terminal \(terminal): ok"), "\(output)")
        #expect(!output.contains("FAIL"), "\(output)")
    }
}

/// The `play` scene in each real terminal: the 1080p sample to its end, the picture where
/// the cells say and changing, and at least half its frames shown (the --stats closing
/// line). How many frames a terminal takes depends on the CPU the player, the terminal and
/// the X server get, so this one runs in the timed group, alone: beside the waits group
/// xterm showed 33 of 150 on a loaded machine.
@Suite("Real terminals, frames shown", .serialized, .tags(.timed))
struct RealTerminalPlayTests {
    @Test("xterm (sixel): play", .enabled(if: RealTerminalEndToEndTests.installed("xterm", "Xvfb", "xdotool", "xwd"),
                                           "xterm, Xvfb, xdotool or xwd is not installed (scripts/setup installs them)"),
          .timeLimit(.minutes(2)))
    func xterm() throws { try RealTerminalEndToEndTests.run("xterm", scenes: "probe,play") }

    @Test("mlterm (sixel): play", .enabled(if: RealTerminalEndToEndTests.installed("mlterm", "Xvfb", "xdotool", "xwd"),
                                            "mlterm, Xvfb, xdotool or xwd is not installed (scripts/setup installs them)"),
          .timeLimit(.minutes(2)))
    func mlterm() throws { try RealTerminalEndToEndTests.run("mlterm", scenes: "probe,play") }

    @Test("kitty (kitty graphics): play", .enabled(if: RealTerminalEndToEndTests.installed("kitty", "Xvfb", "xdotool", "xwd"),
                                                    "kitty, Xvfb, xdotool or xwd is not installed (scripts/setup installs them)"),
          .timeLimit(.minutes(2)))
    func kitty() throws { try RealTerminalEndToEndTests.run("kitty", scenes: "probe,play") }
}
