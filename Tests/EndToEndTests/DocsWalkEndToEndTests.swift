import Foundation
import Testing
import InsetTestSupport

/// Issue 48's last part: the README's quick start and its ten keys, and docs/using.md's
/// commands, walked as a new user would, as written. The command lines, the keys, the figures
/// in their descriptions (15 s, 10%) and the names of the files are read from the docs
/// (`DocsWalk`); each claim ("full screen, with a control bar", "the library", "back to the
/// library (a playing video goes on in the window)") is matched to a check of what a person
/// sees in tmux, and a line or a key row no check matches fails the walk, so a claim added to
/// the docs needs a check here. The home is a new user's: `inset` on the PATH, the docs'
/// `movie.mp4` (a 40 s clip with sound, made here) in the docs' `~/Videos`, no config.
@Suite("Docs walk end to end", .serialized, .tags(.waits))
struct DocsWalkEndToEndTests {
    /// A scratch home laid out as the README's commands expect it.
    struct Home {
        var root: URL
        /// Where the commands are typed: the folder the README's library command names (so
        /// the movie played first shows as watched there), else the home.
        var workingDirectory: URL
        var environment: [String: String]

        /// The shell of `tmux` in the working directory with `inset` on its PATH (the README's
        /// "with .build/release/inset on your PATH"; tmux gives a new pane its client's PATH,
        /// whatever the session was given).
        func enter(_ tmux: Tmux) throws {
            try tmux.run("cd '\(workingDirectory.path)' && export PATH='\(environment["PATH"]!)' && clear")
            try tmux.waitFor(timeout: 3, "the shell in the walk's folder") { !$0.text.contains("export") }
        }

        /// `~/…` as the shell expands it here.
        func expand(_ path: String) -> URL {
            path.hasPrefix("~/") ? root.appendingPathComponent(String(path.dropFirst(2)))
                : workingDirectory.appendingPathComponent(path)
        }

        /// The file arguments of an `inset` line (not options, not URLs, not `-`).
        static func paths(of command: String) -> [String] {
            command.split(separator: " ").dropFirst().map(String.init).filter {
                !$0.hasPrefix("-") && !$0.contains("://") && !$0.hasPrefix("'")
            }
        }

        /// A folder for `lines`: each path they name made, a folder (no extension) holding
        /// the files, a file a 40 s clip with picture and sound of that name.
        static func make(for lines: [DocsWalk.CommandLine]) throws -> Home {
            let root = FileManager.default.temporaryDirectory.appendingPathComponent("inset-walk-\(UUID().uuidString.prefix(8))")
            let bin = root.appendingPathComponent(".local/bin")
            try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(atPath: bin.appendingPathComponent("inset").path,
                                                       withDestinationPath: try insetBinary())
            let named = lines.flatMap { paths(of: $0.command) }
            let folder = named.first { URL(fileURLWithPath: $0).pathExtension.isEmpty }
            var home = Home(root: root, workingDirectory: root, environment: [
                "HOME": root.path, "XDG_CONFIG_HOME": root.appendingPathComponent(".config").path,
                "PATH": bin.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"),
                "SHELL": "/bin/bash",
            ])
            if let folder { home.workingDirectory = home.expand(folder) }
            try FileManager.default.createDirectory(at: home.workingDirectory, withIntermediateDirectories: true)
            for file in named where !URL(fileURLWithPath: file).pathExtension.isEmpty {
                try FileManager.default.createDirectory(at: home.expand(file).deletingLastPathComponent(),
                                                        withIntermediateDirectories: true)
                _ = try runCommand(["ffmpeg", "-v", "error", "-nostdin", "-y",
                                    "-f", "lavfi", "-i", "testsrc2=size=320x180:rate=25:duration=40",
                                    "-f", "lavfi", "-i", "sine=frequency=440:duration=40",
                                    "-c:v", "libx264", "-preset", "ultrafast", "-g", "50", "-c:a", "aac", "-shortest",
                                    home.expand(file).path])
            }
            return home
        }
    }

    /// The seconds in the PiP window's title, or the bar's, whichever shows.
    static func time(_ screen: Screen) -> Int? { screen.pipTime ?? screen.shownTime?.position }

    /// Presses `key` and waits until the time shown has stood still for 1.1 s (paused).
    static func expectStill(_ tmux: Tmux, _ what: String) throws -> Int {
        let before = try tmux.waitFor(timeout: 2, what) { time($0) != nil }
        Thread.sleep(forTimeInterval: 1.1)
        let after = try tmux.capture()
        #expect(time(after) == time(before), "\(what): the time moved from \(time(before) ?? -1) to \(time(after) ?? -1)")
        return time(after) ?? -1
    }

    @Test("the README's quick start and ten keys, typed as written, show what the README says")
    func readme() throws {
        let readme = try DocsWalk.document("README.md")
        let lines = DocsWalk.commandLines(in: DocsWalk.section("## Quick start", of: readme))
        let keySection = DocsWalk.section("## The ten keys to start with", of: readme)
        let keys = DocsWalk.keyRows(in: keySection)
        #expect(lines.count >= 3, "no inset lines in the README's quick start")
        #expect(keys.count >= 8, "no key table in the README: \(keys)")
        let home = try Home.make(for: lines)
        defer { try? FileManager.default.removeItem(at: home.root) }
        let tmux = try Tmux(environment: home.environment)
        try home.enter(tmux)
        var walked: [String] = []
        for line in lines {
            if line.command.contains("://") {
                continue  // a page of a video site: the network and yt-dlp (SiteSyncEndToEndTests serve one locally)
            } else if line.claim.contains("full screen") && line.claim.contains("control bar") {
                try tmux.run(line.command)
                try tmux.waitFor(timeout: 8, "\(line.command): full screen with a control bar") {
                    $0.videoRows.count > 20 && $0.shownTime != nil
                }
                try tmux.waitFor(timeout: 4, "\(line.command): the time moving") { ($0.shownTime?.position ?? 0) >= 1 }
                try Self.walkKeys(keys, notes: keySection, in: tmux)
            } else if line.claim.contains("the library") {
                try tmux.run(line.command)
                let folder = home.expand(Home.paths(of: line.command)[0])
                let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
                _ = try tmux.waitFor(timeout: 6, "\(line.command): the library of \(files)") { screen in
                    screen.text.contains("Library") && files.allSatisfy { screen.text.contains($0) }
                }
                if line.claim.contains("how far each was watched") {
                    // The walk above left the movie part-way through with q. The row's details
                    // come when the library has probed the file ("…" until then).
                    func row(_ screen: Screen) -> String {
                        String(screen.text.split(separator: "\n").first { $0.contains(files[0]) } ?? "")
                    }
                    _ = try tmux.waitFor(timeout: 10, "the watched share in the row") {
                        row($0).range(of: #"\d+%"#, options: .regularExpression) != nil
                    }
                }
                try Self.quit(tmux, keys)
            } else if line.claim.contains("$SHELL") && line.claim.contains("window") {
                try tmux.run(line.command)
                let window = try tmux.settledWindow(timeout: 8, "\(line.command): the video in the window")
                let start = try tmux.waitFor(timeout: 3, "the window's time") { $0.pipTime != nil }
                try tmux.waitFor(timeout: 4, "the window's video playing") { ($0.pipTime ?? 0) > (start.pipTime ?? 0) }
                // The shell's prompt, full screen behind the window.
                let shell = try tmux.capture()
                #expect(shell.line(0).contains("$") || shell.line(0).contains("#"),
                        "no shell prompt behind the window at \(window):\n\(shell.text)")
                // Quit through the prefix chord the README names ("the prefix chord (Ctrl-])").
                let chord = try #require(readme.firstMatch(of: /prefix chord \(Ctrl-(.)\)/)?.output.1)
                try tmux.keys("C-\(chord)")
                try Self.quit(tmux, keys)
            } else {
                Issue.record("no check in the walk for the README's quick start line `\(line.command)  # \(line.claim)`")
                continue
            }
            walked.append(line.command)
        }
        #expect(walked.count == lines.filter { !$0.command.contains("://") }.count)
    }

    /// Presses the quit row's key and waits for the terminal to be given back.
    static func quit(_ tmux: Tmux, _ keys: [DocsWalk.KeyRow]) throws {
        let quit = try #require(keys.first { $0.claim == "quit" }, "no quit key in the README's table")
        try tmux.keys(DocsWalk.tmuxKey(quit.keys[0]))
        try tmux.waitFor(timeout: 4, "the terminal given back after \(quit.keys[0])") { _ in (try? tmux.terminalState()) == "0 1" }
    }
}
