import Foundation
import Testing

/// Inset in real graphics terminals on a virtual X display (`scripts/real-terminal`): xterm
/// as a VT340 and mlterm (sixel), kitty (kitty graphics on software GL). The script checks
/// screenshots of the display: the graphics `auto` picks, the full-screen picture where the
/// cells say and changing, the frames shown, PSNR against the source (sixel), the PiP
/// window over the library and over the shell pane, moved with no debris, nothing left
/// after the end or q, two videos at once with both pictures in pixels, two embedded
/// players side by side (one erasing itself leaves the other's picture), and a paused,
/// moved window that keeps its picture through a terminal resize.
///
/// A terminal that is not installed is skipped (scripts/setup installs all three).
@Suite("Real terminals", .serialized)
struct RealTerminalEndToEndTests {
    static func installed(_ programs: String...) -> Bool {
        programs.allSatisfy { program in
            (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").contains {
                FileManager.default.isExecutableFile(atPath: "\($0)/\(program)")
            }
        }
    }

    @Test("xterm (sixel): every scene", .enabled(if: installed("xterm", "Xvfb", "xdotool", "xwd"),
                                                 "xterm, Xvfb, xdotool or xwd is not installed (scripts/setup installs them)"),
          .timeLimit(.minutes(4)))
    func xterm() throws { try Self.run("xterm") }

    /// Every scene, named, so a scene added to the script is run here only once it is listed.
    static let everyScene = "probe,play,pause,pip,shell,two,embeds,redraw"

    @Test("mlterm (sixel): every scene", .enabled(if: installed("mlterm", "Xvfb", "xdotool", "xwd"),
                                                  "mlterm, Xvfb, xdotool or xwd is not installed (scripts/setup installs them)"),
          .timeLimit(.minutes(4)))
    func mlterm() throws { try Self.run("mlterm") }

    @Test("kitty (kitty graphics): every scene",
          .enabled(if: installed("kitty", "Xvfb", "xdotool", "xwd"),
                   "kitty, Xvfb, xdotool or xwd is not installed (scripts/setup installs them)"),
          .timeLimit(.minutes(5)))
    func kitty() throws { try Self.run("kitty") }

    static func run(_ terminal: String, scenes: String = everyScene) throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("inset-\(terminal)-\(getpid())").path
        let (status, output) = try runScript("real-terminal", ["--terminal", terminal, "--scenes", scenes, "--two-in-pixels", out])
        #expect(status == 0, "scripts/real-terminal --terminal \(terminal):\n\(output)")
        #expect(output.contains("real-terminal \(terminal): ok"), "\(output)")
        #expect(!output.contains("FAIL"), "\(output)")
    }
}
