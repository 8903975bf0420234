import Foundation
import Testing
import InsetTestSupport

/// MPRIS with a real client (issue 31): the player runs under `dbus-run-session`, on a bus
/// of its own, and playerctl drives it as a desktop's media keys would; without a session
/// bus it plays as ever, with one log line.
@Suite("MPRIS on the session bus, end to end", .serialized, .tags(.waits))
struct MPRISEndToEndTests {
    static func installed(_ programs: String...) -> Bool {
        programs.allSatisfy { program in
            (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").contains {
                FileManager.default.isExecutableFile(atPath: "\($0)/\(program)")
            }
        }
    }

    /// playerctl's answer on the bus at `address`, trimmed.
    static func playerctl(_ address: String, _ arguments: String...) throws -> String {
        try runCommand(["DBUS_SESSION_BUS_ADDRESS=\(address)", "playerctl"] + arguments)
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The picture's cells: the screen above the control bar.
    static func picture(_ screen: Screen) -> [[Screen.Cell]] { Array(screen.rows.prefix(24)) }

    static func scratch() throws -> URL {
        let directory = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("e2e-\(UUID().uuidString.prefix(6))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    @Test("playerctl lists the player, play-pause pauses it (its screen stops changing), metadata title is the file's, position 10 seeks and next plays the next file",
          .enabled(if: installed("playerctl", "dbus-run-session"),
                   "playerctl or dbus-run-session is not installed (scripts/setup installs playerctl and dbus)"))
    func playerctlDrivesThePlayer() throws {
        let scratch = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let busFile = scratch.appendingPathComponent("bus").path
        let tmux = try Tmux(columns: 100, rows: 30)
        try tmux.run("dbus-run-session -- sh -c 'echo \"$DBUS_SESSION_BUS_ADDRESS\" > \(busFile); exec \(try insetBinary()) "
            + "\(samplePath("long_gop.mp4")) \(samplePath("clock_4x3.mp4"))' 2>\(scratch.path)/stderr; echo EX\"\"IT=$?")
        try tmux.waitFor(timeout: 10, "the first file playing") { $0.text.contains("/ 0:30") }
        let bus = try #require(try? String(contentsOfFile: busFile, encoding: .utf8))
            .trimmingCharacters(in: .whitespacesAndNewlines)
        try #require(!bus.isEmpty, "dbus-run-session gave no address")

        // One name, with the player's pid.
        let names = try Self.playerctl(bus, "-l").split(separator: "\n")
        #expect(names.count == 1, "playerctl -l: \(names)")
        let name = String(names.first ?? "")
        #expect(name.hasPrefix("inset.instance"))
        let pid = name.dropFirst("inset.instance".count)
        let command = try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8)
        #expect(command?.trimmingCharacters(in: .whitespacesAndNewlines) == "inset", "\(name) is not the player's pid")

        #expect(try Self.playerctl(bus, "metadata", "title") == "long_gop.mp4")
        #expect(try Self.playerctl(bus, "status") == "Playing")
        // Playing, the picture moves (so that its stopping below means something).
        let playing = Self.picture(try tmux.capture())
        #expect(try Tmux.eventually(timeout: 3) { Self.picture(try tmux.capture()) != playing }, "the picture does not move")

        try Self.playerctl(bus, "play-pause")
        #expect(try Tmux.eventually(timeout: 3) { try Self.playerctl(bus, "status") == "Paused" })
        var still: [[Screen.Cell]] = []
        #expect(try Tmux.eventually(timeout: 3) {
            let before = Self.picture(try tmux.capture())
            Thread.sleep(forTimeInterval: 0.5)
            still = Self.picture(try tmux.capture())
            return still == before
        }, "the picture goes on changing after play-pause")
        Thread.sleep(forTimeInterval: 1)
        #expect(Self.picture(try tmux.capture()) == still, "the picture changed a second after it stopped")

        try Self.playerctl(bus, "position", "10")
        var position = ""
        #expect(try Tmux.eventually(timeout: 3) {
            position = try Self.playerctl(bus, "position")
            return abs((Double(position) ?? 0) - 10) < 0.5
        }, "position: \(position)")
        try tmux.waitFor(timeout: 3, "the bar at 0:10") { $0.text.contains("0:10 / 0:30") }

        try Self.playerctl(bus, "next")
        #expect(try Tmux.eventually(timeout: 5) { try Self.playerctl(bus, "metadata", "title") == "clock_4x3.mp4" })
        try tmux.waitFor(timeout: 5, "the second file") { $0.text.contains("/ 0:06") && $0.text.contains("2/2") }

        try tmux.keys("q")
        try tmux.waitFor(timeout: 5, "the player's exit") { $0.text.contains("EXIT=") }
    }

    @Test("no session bus (no address, no X, an empty runtime directory): the player plays with no error, and the log says so in one line")
    func noSessionBus() throws {
        let scratch = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let log = scratch.appendingPathComponent("log").path
        let tmux = try Tmux(columns: 100, rows: 30)
        try tmux.run("env -u DBUS_SESSION_BUS_ADDRESS -u DISPLAY -u WAYLAND_DISPLAY XDG_RUNTIME_DIR=\(scratch.path) INSET_LOG=\(log) "
            + "\(try insetBinary()) \(samplePath("long_gop.mp4")) 2>\(scratch.path)/stderr; echo EX\"\"IT=$?")
        try tmux.waitFor(timeout: 10, "the file playing") { $0.text.contains("/ 0:30") }
        try tmux.keys("q")
        let end = try tmux.waitFor(timeout: 5, "the player's exit") { $0.text.contains("EXIT=") }
        #expect(end.text.contains("EXIT=0"))
        #expect((try? String(contentsOfFile: "\(scratch.path)/stderr", encoding: .utf8)) == "")
        let lines = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n")
        let bus = lines.filter { $0.contains("MPRIS") || $0.lowercased().contains("dbus") || $0.lowercased().contains("d-bus") }
        #expect(bus.count == 1, "\(bus)")
        #expect(bus.first?.contains("no session bus") == true, "\(bus)")
    }
}
