import Foundation
import Testing
import InsetTestSupport

/// A new user's first minute (issue 46): `inset` alone, in a folder with videos and in one
/// without, and `inset --help`. Which folder opens the library is a unit test
/// (InsetAppTests/NoFileGivenTests); here, what the real program does with it.
@Suite("The first minute: inset alone, inset --help", .serialized, .tags(.waits))
struct FirstMinuteEndToEndTests {
    func folder(_ label: String) throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("inset-first-\(label)-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    /// `inset arguments` run in `directory`, with no terminal; its status and outputs.
    func inset(_ arguments: [String], in directory: URL) throws -> (status: Int32, stdout: String, stderr: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try insetBinary())
        process.arguments = arguments
        process.currentDirectoryURL = directory
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let errors = LockedData()
        let reader = Thread { errors.set(err.fileHandleForReading.readDataToEndOfFile()) }
        reader.start()
        let output = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        while !errors.isSet { Thread.sleep(forTimeInterval: 0.01) }
        return (process.terminationStatus, String(decoding: output, as: UTF8.self), String(decoding: errors.value, as: UTF8.self))
    }

    @Test("inset alone in a folder with a video: that folder's library, the video probed")
    func libraryOfTheFolder() throws {
        let dir = try folder("media")
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.copyItem(atPath: samplePath("long_gop.mp4"), toPath: dir.appendingPathComponent("Film.mp4").path)
        let tmux = try Tmux()
        try tmux.run("cd '\(dir.path)' && clear && \(try insetBinary())")
        try tmux.waitFor(timeout: 8, "the folder's library, Film.mp4 probed") { screen in
            screen.text.contains("Library") && screen.text.contains("Film.mp4") && screen.text.contains("0:30")
        }
        try tmux.keys("q")
        try tmux.waitFor(timeout: 4, "the terminal given back") { _ in (try? tmux.terminalState()) == "0 1" }
    }

    @Test("inset alone in a folder with no media: the usage screen on standard output, exit 0, nothing about samples")
    func usageInAnEmptyFolder() throws {
        let dir = try folder("empty")
        defer { try? FileManager.default.removeItem(at: dir) }
        FileManager.default.createFile(atPath: dir.appendingPathComponent("notes.txt").path, contents: Data("notes".utf8))
        let run = try inset([], in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.isEmpty, "\(run.stderr)")
        #expect(run.stdout.contains("inset movie.mkv") && run.stdout.contains("Space") && run.stdout.contains("man inset"), "\(run.stdout)")
        #expect(!run.stdout.lowercased().contains("sample") && !run.stdout.contains(dir.path), "\(run.stdout)")
    }

    @Test("inset --help: the play options in five groups, each option as inset help play describes it, then the commands")
    func helpGroups() throws {
        let dir = try folder("help")
        defer { try? FileManager.default.removeItem(at: dir) }
        let help = try inset(["--help"], in: dir)
        #expect(help.status == 0 && help.stderr.isEmpty)
        let page = help.stdout
        let headings = ["PICTURE:", "SOUND:", "SUBTITLES:", "NETWORK:", "CONTROL:", "SUBCOMMANDS:"]
        let places = headings.map { page.range(of: "\n" + $0 + "\n")?.lowerBound }
        #expect(places.allSatisfy { $0 != nil }, "\(page)")
        #expect(places.compactMap { $0 } == places.compactMap { $0 }.sorted(), "the groups in order, then the commands")
        for option in ["--graphics <graphics>", "--mute", "--sub-lang <lang>", "--ytdl-format", "--start <time>"] {
            #expect(page.contains("  " + option), "no \(option) in:\n\(page)")
        }
        for command in ["probe", "cat", "keys", "ctl"] { #expect(page.contains("\n  \(command) "), "no \(command)") }
        // The whole list stays one command away, and has what the first page left out; the
        // first page is under half of it (83 lines against 192 when written).
        let whole = try inset(["help", "play"], in: dir)
        #expect(whole.status == 0 && whole.stdout.contains("--pip-saver") && !page.contains("--pip-saver"))
        let (pageLines, wholeLines) = (page.split(separator: "\n").count, whole.stdout.split(separator: "\n").count)
        #expect(pageLines < 100 && pageLines * 2 < wholeLines, "\(pageLines) lines, the whole list \(wholeLines)")
        #expect(whole.stdout.contains("--sub-lang <lang>") && whole.stdout.contains("--graphics <graphics>"))
    }
}
