import Foundation
import InsetCore
import InsetTestSupport
import Testing
@testable import InsetApp

/// Issue 47: the scripts of Tests/Fixtures/scripts, written to mpv's API as the small public
/// ones are, run by Inset's director (ScriptDesk served as the loop serves it) and by the
/// real mpv (`--vo=null --ao=null`, same script, same options, same file): both write the
/// same report. The expected report is mpv's, recorded here by running it; without mpv, the
/// report mpv 0.35.1 wrote. ScriptsEndToEndTests keeps what a terminal's keys drive.
@Suite("Director: mpv's scripts end as in mpv (issue 47)", .serialized)
struct DirectorScriptsVersusMpvTests {
    /// Inset's report: the director plays `file` with the scripts until they wrote `count`
    /// lines; `act` does what a person would, once the player plays.
    static func insetReport(scripts: [String], options: [String] = [], file: String, count: Int,
                            act: (DirectorHarness, ScriptDesk, MpvScriptReference) -> Void = { _, _, _ in }) throws -> [String] {
        let run = try MpvScriptReference()
        defer { try? FileManager.default.removeItem(atPath: run.folder) }
        var appOptions = AppOptions(paths: [file])
        appOptions.scripts = scripts.map { MpvScriptReference.fixtures + "/" + $0 }
        appOptions.scriptOptions = run.options(options).map { MpvMappedOptions.Pair($0.key, $0.value) }
        appOptions.loadsConfigFolderScripts = false
        appOptions.soundDevice = false
        let app = try DirectorHarness(appOptions)
        let desk = try #require(ScriptDesk.start(options: appOptions, director: app.director))
        defer { desk.finish(app.director) }
        _ = app.waitUntil { _ = desk.serve(app.director, at: app.now); return app.director.focusedVideo?.snapshot.isPlaying == true }
        act(app, desk, run)
        var lines: [String] = []
        _ = app.waitUntil(timeout: 15) {
            _ = desk.serve(app.director, at: app.now)
            lines = run.lines(count, within: 0)
            return lines.count >= count
        }
        return lines
    }

    static func expected(_ mpv: [String]?, else recorded: [String]) -> [String] { mpv ?? recorded }

    @Test("ani-skip's options skip the opening: both players jump from 0 to 5 s")
    func skipOpening() throws {
        let scripts = ["skip.lua", "report.lua"], options = ["skip-op_start=0", "skip-op_end=5"]
        let file = sample("clock_16x9_aac.mp4")
        let mpv = try MpvScriptReference.report(scripts: scripts, options: options, file: file, count: 1)
        let inset = try Self.insetReport(scripts: scripts, options: options, file: file, count: 1)
        #expect(inset == Self.expected(mpv, else: ["position 5"]))
    }

    @Test("the chapter titled Opening is skipped: both land at the next chapter")
    func skipChapterByTitle() throws {
        let clip = try ChapteredClip.make(from: sample("clock_16x9_aac.mp4"))
        let scripts = ["skip-chapters.lua", "report.lua"], options = ["skip_chapters-titles=^Open"]
        let mpv = try MpvScriptReference.report(scripts: scripts, options: options, file: clip, count: 1)
        let inset = try Self.insetReport(scripts: scripts, options: options, file: clip, count: 1)
        #expect(inset == Self.expected(mpv, else: ["position 3"]))
    }

    @Test("the folder's other videos are loaded as the playlist, in name order")
    func autoloadFolder() throws {
        let videos = try makeTemporaryDirectory("autoload").path
        defer { try? FileManager.default.removeItem(atPath: videos) }
        for name in ["b.mp4", "a.mp4", "c.mkv"] {
            try FileManager.default.copyItem(atPath: sample("clock_16x9_aac.mp4"), toPath: videos + "/" + name)
        }
        FileManager.default.createFile(atPath: videos + "/notes.txt", contents: Data("not a video".utf8))
        let scripts = ["autoload-folder.lua", "report.lua"]
        let mpv = try MpvScriptReference.report(scripts: scripts, file: videos + "/b.mp4", count: 4)
        let inset = try Self.insetReport(scripts: scripts, file: videos + "/b.mp4", count: 4)
        #expect(inset == Self.expected(mpv, else: ["playlist 3", "entry b.mp4", "entry a.mp4", "entry c.mkv"]))
    }
}
