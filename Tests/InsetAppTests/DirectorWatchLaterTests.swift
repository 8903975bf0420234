import Foundation
import InsetCore
import Testing
@testable import InsetApp
@testable import InsetPlayback

/// mpv's watch_later folder through the director: read and removed when a file starts,
/// written at quit with `--save-position-on-quit` (not at a file's end), `--start` and
/// `--no-resume-playback` as in mpv 0.35 (player/configfiles.c, player/command.c).
@Suite("Director: mpv's watch_later files", .serialized)
struct DirectorWatchLaterTests {
    static let clip = sample("long_gop.mp4")  // 30 s

    /// A director playing `clip` with mpv's folder at `folder` and no positions file of Inset's.
    static func player(_ folder: URL, configure: (inout AppOptions) -> Void = { _ in }) throws -> DirectorHarness {
        try DirectorHarness(paths: [clip]) { options in
            options.watchLater = WatchLaterStore(directory: folder.path)
            configure(&options)
        }
    }

    static func file(_ folder: URL) -> String {
        folder.appendingPathComponent(WatchLaterEntry.fileName(for: clip, currentDirectory: "/")).path
    }

    static func startTime(_ app: DirectorHarness) -> Double? {
        guard app.waitForPlayer() else { return nil }
        return app.director.videos.fullScreen.map { $0.snapshot.position.seconds }
    }

    @Test("a file mpv wrote: the play starts at its start= and says so, and the file is removed as mpv removes it")
    func readsMpvsFile() throws {
        let folder = try makeTemporaryDirectory("watch-later")
        try "# \(Self.clip)\nstart=12.000000\nvolume=50.000000\n".write(toFile: Self.file(folder), atomically: true, encoding: .utf8)
        let app = try Self.player(folder)
        let start = try #require(Self.startTime(app))
        #expect(abs(start - 12) < 1, "started at \(start)")
        #expect(app.message == "resumed at 0:12")
        #expect(!FileManager.default.fileExists(atPath: Self.file(folder)))
    }

    @Test("quit part-way with --save-position-on-quit: mpv's file, '# PATH' first, start with six decimals")
    func writesAtQuit() throws {
        let folder = try makeTemporaryDirectory("watch-later")
        let app = try Self.player(folder) { $0.watchLater?.savesOnQuit = true; $0.watchLater?.writesFileName = true }
        #expect(app.waitForPlayer())
        try app.command("seek-to 12")
        #expect(app.waitUntil { app.director.videos.fullScreen.map { abs($0.snapshot.position.seconds - 12) < 0.5 } == true })
        _ = app.director.finish(at: app.now)
        let text = try String(contentsOfFile: Self.file(folder), encoding: .utf8)
        let lines = text.split(separator: "\n")
        #expect(lines.first == "# \(Self.clip)" && lines.count == 2, "\(text)")
        #expect(lines.last?.wholeMatch(of: /start=\d+\.\d{6}/) != nil, "\(text)")
        let start = try #require(WatchLaterEntry.parse(text)?.start)
        #expect(abs(start.seconds - 12) < 0.5, "\(text)")
        // And read back by the next play.
        let next = try Self.player(folder)
        #expect(abs(try #require(Self.startTime(next)) - 12) < 1)
    }

    @Test("nothing is written without --save-position-on-quit, nor for a file played to its end")
    func writesOnlyWhenAsked() throws {
        let folder = try makeTemporaryDirectory("watch-later")
        let unasked = try Self.player(folder)
        #expect(unasked.waitForPlayer())
        try unasked.command("seek-to 12")
        #expect(unasked.waitUntil { unasked.director.videos.fullScreen.map { $0.snapshot.position.seconds > 11.5 } == true })
        _ = unasked.director.finish(at: unasked.now)
        #expect(!FileManager.default.fileExists(atPath: Self.file(folder)))
        let ended = try Self.player(folder) { $0.watchLater?.savesOnQuit = true }
        #expect(ended.waitForPlayer())
        try ended.command("seek-to 29")
        #expect(ended.waitUntil(timeout: 15) { !ended.isRunning }, "the list ran out")
        _ = ended.director.finish(at: ended.now)
        #expect(!FileManager.default.fileExists(atPath: Self.file(folder)))
    }

    @Test("--no-resume-playback leaves the file unread and in place; --start wins and the file goes, as in mpv")
    func overrides() throws {
        let folder = try makeTemporaryDirectory("watch-later")
        try "start=12.000000\n".write(toFile: Self.file(folder), atomically: true, encoding: .utf8)
        let fresh = try Self.player(folder) { $0.resumes = false }
        #expect(try #require(Self.startTime(fresh)) < 1)
        #expect(FileManager.default.fileExists(atPath: Self.file(folder)))
        _ = fresh.director.finish(at: fresh.now)
        let asked = try Self.player(folder) { $0.start = .seconds(5) }
        #expect(abs(try #require(Self.startTime(asked)) - 5) < 1)
        #expect(!FileManager.default.fileExists(atPath: Self.file(folder)))
    }
}
