import Foundation
import Testing
@testable import InsetConfig

/// Issue 48 item 5: one check for the screenshot folder, wherever it was set. Before, the
/// config took any text (config.md's own `~/Pictures`, missing, made the first `s` fail)
/// while the same folder as `--screenshot-dir` stopped the player. Now both use
/// `ScreenshotFolder.problem`: a missing folder that can be made is accepted (made on the
/// first screenshot); one that can never hold a screenshot is said at start.
@Suite("Config: the screenshot folder (issue 48 item 5)")
struct ScreenshotFolderTests {
    static func scratch() throws -> String {
        let path = NSTemporaryDirectory() + "inset-shots-\(getpid())-\(UInt32.random(in: 0 ... .max))"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test("issue 48 item 5: a missing folder that can be made is taken, by the check and by the config")
    func missingIsTaken() throws {
        let base = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: base) }
        let missing = base + "/Pictures/inset"
        #expect(ScreenshotFolder.problem(missing) == nil)
        #expect(ScreenshotFolder.problem(base) == nil)
        let config = ConfigReader.read(path: "config", text: "screenshot-dir = \"\(missing)\"\n")
        #expect(config.problems.isEmpty && config.screenshotDirectory == missing)
    }

    @Test("issue 48 item 5: a file, or a folder under a file, is a config problem on its line, in the flag's words")
    func fileIsAProblem() throws {
        let base = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: base) }
        let file = base + "/notes.txt"
        try Data("x".utf8).write(to: URL(fileURLWithPath: file))
        let why = try #require(ScreenshotFolder.problem(file))
        #expect(why == "not a folder: a file is there")
        #expect(ScreenshotFolder.problem(file + "/shots") == "missing, and \(file) is a file")
        let config = ConfigReader.read(path: "config", text: "volume = 50\nscreenshot-dir = \"\(file)\"\n")
        #expect(config.screenshotDirectory == nil, "unused: screenshots go to the current directory")
        let problem = try #require(config.problems.first)
        #expect(problem.line == 2 && problem.message == "screenshot-dir: '\(file)' \(why)", "\(problem)")
    }

    @Test("issue 48 item 5: a folder this user cannot write in is said at start", .enabled(if: getuid() != 0))
    func unwritable() throws {
        let base = try Self.scratch()
        defer { chmod(base, 0o755); try? FileManager.default.removeItem(atPath: base) }
        chmod(base, 0o555)
        #expect(ScreenshotFolder.problem(base) == "a folder this user cannot write to")
        #expect(ScreenshotFolder.problem(base + "/new") == "missing, and this user cannot create it in \(base)")
    }
}
