import Foundation
import InsetTestSupport
import Testing

/// Issue 47, what a terminal's keys drive: a script's key pressed in tmux, its OSD message on
/// Inset's bar, Space writing a history line, each run by Inset and by the installed mpv (`--vo=null --ao=null`, same
/// script, same file, also in tmux so that keys reach it the same way), both ending with
/// the same lines; a failing and an endless script beside the player's keys. The scripts
/// whose end state is all they show (the skips, the playlist) run in the
/// director beside the real mpv (DirectorScriptsVersusMpvTests); the host's own checks
/// (errors, loops, options, the queue) are unit tests (InsetScriptsTests).
@Suite("mpv's Lua scripts in Inset and in mpv", .serialized, .tags(.waits))
struct ScriptsEndToEndTests {
    static let scripts = repositoryRoot.appendingPathComponent("Tests/Fixtures/scripts").path
    static let hasMpv = (try? runCommand(["sh", "-c", "command -v mpv"]))?.isEmpty == false

    enum Player: CaseIterable { case inset, mpv }

    /// A scratch folder: an empty config folder (no user's scripts), the report file.
    struct Run {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("inset-lua-\(UUID().uuidString.prefix(8))").path
        var report: String { folder + "/report.txt" }
        init() { try? FileManager.default.createDirectory(atPath: folder + "/config", withIntermediateDirectories: true) }

        /// The command line for `player` with these scripts (fixture names) and script options.
        func commandLine(_ player: Player, scripts: [String], options: [String], file: String) throws -> String {
            let scriptWords = scripts.map { "--script=\(ScriptsEndToEndTests.scripts)/\($0)" }.joined(separator: " ")
            // REPORT in an option is the report file's path.
            let given = options.map { $0.replacingOccurrences(of: "REPORT", with: report) }
            let optionWord = "--script-opts=" + (given + ["report-file=\(report)"]).joined(separator: ",")
            switch player {
            case .inset: return "XDG_CONFIG_HOME=\(folder)/config \(try insetBinary()) \(scriptWords) \(optionWord) \(file)"
            case .mpv: return "mpv --no-config --vo=null --ao=null \(scriptWords) \(optionWord) \(file)"
            }
        }

        /// The report's lines once it has `count` of them, waiting up to `seconds`.
        func lines(_ count: Int, within seconds: Double = 15) -> [String] {
            var lines: [String] = []
            _ = Tmux.eventually(timeout: seconds) {
                lines = ((try? String(contentsOfFile: report, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
                return lines.count >= count
            }
            return lines
        }
    }

    static var players: [Player] { hasMpv ? [.inset, .mpv] : [.inset] }

    /// Runs the scripts in each player and returns each one's report of `count` lines;
    /// `act` does what a person would in that player's terminal, once it is playing.
    static func reports(scripts: [String], options: [String] = [], file: String, count: Int,
                        act: (Tmux, Run, Player) throws -> Void = { _, _, _ in }) throws -> [Player: [String]] {
        var reports: [Player: [String]] = [:]
        for player in players {
            let run = Run()
            defer { try? FileManager.default.removeItem(atPath: run.folder) }
            let tmux = try Tmux()
            try tmux.run(try run.commandLine(player, scripts: scripts, options: options, file: file))
            try act(tmux, run, player)
            reports[player] = run.lines(count)
            try? tmux.keys("q")
        }
        return reports
    }

    @Test("a key bound by a script shows its OSD message and runs its function")
    func keyBindingWithMessage() throws {
        let reports = try Self.reports(scripts: ["key-osd.lua"],
                                       file: samplePath("clock_16x9_aac.mp4"), count: 1) { tmux, _, player in
            // Playing (Inset's bar, or mpv's status line), then the key.
            try tmux.waitFor(timeout: 10, "playing") { $0.text.contains("0:0") }
            try tmux.keys("k")
            // mpv with --vo=null shows no OSD in the terminal; Inset shows it on its bar.
            if player == .inset { try tmux.waitFor(timeout: 5, "the OSD message") { $0.text.contains("hello from lua") } }
        }
        #expect(reports[.inset] == ["key k pressed at clock_16x9_aac.mp4"])
        if Self.hasMpv { #expect(reports[.mpv] == reports[.inset]) }
    }

    @Test("pausing writes a history line, as it does in mpv")
    func pauseHistory() throws {
        let reports = try Self.reports(scripts: ["pause-history.lua"], options: ["pause_history-file=REPORT"],
                                       file: samplePath("clock_16x9_aac.mp4"), count: 2) { tmux, run, _ in
            _ = Tmux.eventually(timeout: 10) { ((try? String(contentsOfFile: run.report, encoding: .utf8)) ?? "").contains("pause no") }
            try tmux.keys("Space")
        }
        #expect(reports[.inset] == ["pause no clock_16x9_aac.mp4", "pause yes clock_16x9_aac.mp4"])
        if Self.hasMpv { #expect(reports[.mpv] == reports[.inset]) }
    }

    @Test("a script that fails and one that never returns: the player plays on and takes its keys")
    func failingAndBusyScripts() throws {
        let run = Run()
        defer { try? FileManager.default.removeItem(atPath: run.folder) }
        let failing = run.folder + "/failing.lua", busy = run.folder + "/busy.lua"
        FileManager.default.createFile(atPath: failing, contents: Data("error('broken on purpose')".utf8))
        FileManager.default.createFile(atPath: busy, contents: Data("local n = 0\nwhile true do n = n + 1 end".utf8))
        let tmux = try Tmux()
        try tmux.run("INSET_LOG=\(run.folder)/log XDG_CONFIG_HOME=\(run.folder)/config \(try insetBinary()) --loop "
                     + "--script=\(failing) --script=\(busy) \(samplePath("clock_16x9_aac.mp4"))")
        try tmux.waitFor(timeout: 10, "the failure said on the bar") { $0.text.contains("broken on purpose") }
        try tmux.keys("Space")
        let first = try #require(try tmux.waitFor(timeout: 3, "paused by the key") { $0.text.contains("▶") }.shownTime).position
        // Three seconds of playing beside the busy script: the time goes on (two at least on
        // this loaded machine), and the key pauses again.
        try tmux.keys("Space")
        Thread.sleep(forTimeInterval: 3)
        try tmux.keys("Space")
        try tmux.waitFor(timeout: 3, "paused again, two seconds on") { screen in
            screen.text.contains("▶") && (screen.shownTime?.position ?? 0) >= first + 2
        }
        try tmux.keys("q")
        // Out at once, though one script never returns: its hook stops it at quit.
        try tmux.waitFor(timeout: 3, "shell back") { _ in (try? tmux.terminalState()) == "0 1" }
        let log = (try? String(contentsOfFile: run.folder + "/log", encoding: .utf8)) ?? ""
        #expect(log.split(separator: "\n").filter { $0.contains("script failing:") }.count == 1, "one line: \(log)")
    }
}
