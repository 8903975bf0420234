import Foundation
import Testing

/// docs/using.md's table of commands, each form run as written (its placeholders filled: the
/// walk's movie for PATH, its folder for DIR), its output or screen checked against the words
/// of its description.
extension DocsWalkEndToEndTests {
    /// Forms the walk does not run, and where what they claim is checked instead; a form
    /// neither run nor listed here fails the walk.
    static let formsElsewhere = [
        "inset PATH PATH…": "plays files to their ends: PlaylistEndToEndTests",
        "inset LIST.m3u": "plays files to their ends: PlaylistEndToEndTests",
        "inset probe-terminal [--timeout MS]": "needs a terminal that answers: TerminalProbeEndToEndTests",
        "inset doctor": "needs a terminal that answers: DoctorEndToEndTests",
    ]
    /// Words of a description that name what the output shows, and how the output says them.
    static let outputWords = ["container": "container", "duration": "duration", "codec": "codec", "SAR": "SAR",
                              "rotation": "rotation", "fps": "fps", "audio layout": "layout", "frames/s": "frames/s",
                              "p50": "p50", "p99": "p99", "CPU per frame": "CPU ms/frame", "bytes per frame": "bytes/frame",
                              "peak RSS": "peak RSS"]

    @Test("docs/using.md's commands, run as written, print and show what their descriptions say")
    func usingCommands() throws {
        let using = try DocsWalk.document("docs/using.md")
        let rows = DocsWalk.commandRows(in: DocsWalk.section("## Commands", of: using))
        #expect(rows.count >= 6, "no command table in docs/using.md: \(rows)")
        let readme = try DocsWalk.document("README.md")
        let tenKeys = DocsWalk.keyRows(in: DocsWalk.section("## The ten keys to start with", of: readme))
        let home = try Home.make(for: [DocsWalk.CommandLine(command: "inset ~/Videos", claim: ""),
                                       DocsWalk.CommandLine(command: "inset movie.mp4", claim: "")])
        defer { try? FileManager.default.removeItem(at: home.root) }
        let movie = home.expand("movie.mp4").path
        let placeholders = ["PATH": movie, "DIR": home.workingDirectory.path]
        let options = ["--at": "1", "--size": "40x12", "--frames": "20"]
        var tmux: Tmux?
        func terminal() throws -> Tmux {
            if let tmux { return tmux }
            let made = try Tmux(environment: home.environment)
            try home.enter(made)
            tmux = made
            return made
        }
        for row in rows {
            for form in row.forms {
                if Self.formsElsewhere[form] != nil { continue }
                let command = DocsWalk.runnable(form, placeholders: placeholders, options: options)
                let words = command.split(separator: " ").map(String.init)
                // Run without a shell: `inset` as the PATH the docs assume would find it.
                let argv = [try insetBinary()] + words.dropFirst()
                switch words.dropFirst().first {
                case "probe":
                    let output = try runCommand(argv)
                    for (word, shown) in Self.outputWords where row.claim.contains(word) {
                        #expect(output.contains(shown), "\(command): no \(shown) (\(word)) in:\n\(output)")
                    }
                    if form.contains("--json") {
                        let json = try runCommand(argv + ["--json"])
                        #expect((try? JSONSerialization.jsonObject(with: Data(json.utf8))) != nil, "\(command) --json: \(json)")
                    }
                case "bench":
                    let output = try runCommand(argv)
                    for (word, shown) in Self.outputWords where row.claim.contains(word) {
                        #expect(output.contains(shown), "\(command): no \(shown) (\(word)) in:\n\(output)")
                    }
                case "cat":
                    let output = try runCommand(argv)
                    // "each frame one synchronized update": as many as the frames asked for.
                    #expect(output.components(separatedBy: "\u{1B}[?2026h").count - 1 == Int(options["--frames"]!),
                            "\(command): not one synchronized update a frame")
                    #expect(output.contains("▀") || output.contains("▄"), "\(command): no cells")
                case "keys":
                    let output = try runCommand(argv)
                    // Every key of the README's table is bound, by the name `inset keys` gives it:
                    // a binding's line is two blanks, its keys (`q, C-c`), two blanks, its command.
                    let bound = Set(output.split(separator: "\n").filter { $0.hasPrefix("  ") }.flatMap { line in
                        (line.dropFirst(2).components(separatedBy: "  ").first ?? "").components(separatedBy: ", ")
                    })
                    for key in tenKeys.flatMap(\.keys) {
                        #expect(bound.contains(DocsWalk.insetKey(key)), "\(command) lists no \(key)")
                    }
                case nil:
                    // `inset` alone, in the walk's folder (it holds movie.mp4): that folder's library.
                    #expect(row.claim.contains("current folder"))
                    try Self.library(try terminal(), command, showing: ["movie.mp4"])
                case let first? where first == home.workingDirectory.path:
                    try Self.library(try terminal(), command, showing: ["movie.mp4"])
                case let first? where first == movie:
                    let tmux = try terminal()
                    try tmux.run(command)
                    try tmux.waitFor(timeout: 8, "\(command): full screen") { $0.videoRows.count > 20 && $0.shownTime != nil }
                    try tmux.keys("q")
                    try tmux.waitFor(timeout: 4, "the terminal given back") { _ in (try? tmux.terminalState()) == "0 1" }
                default:
                    Issue.record("no check in the walk for docs/using.md's `\(form)`: run it here or list it in formsElsewhere")
                }
            }
        }
    }

    /// Types `command` and waits for the library listing `names`, then quits.
    static func library(_ tmux: Tmux, _ command: String, showing names: [String]) throws {
        try tmux.run(command)
        try tmux.waitFor(timeout: 6, "\(command): the library with \(names)") { screen in
            screen.text.contains("Library") && names.allSatisfy { screen.text.contains($0) }
        }
        try tmux.keys("q")
        try tmux.waitFor(timeout: 4, "the terminal given back") { _ in (try? tmux.terminalState()) == "0 1" }
    }
}
