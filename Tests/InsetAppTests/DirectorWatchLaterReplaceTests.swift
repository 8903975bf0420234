import Foundation
import InsetControl
import InsetCore
import Testing
@testable import InsetApp

/// `loadfile URL replace` with `--save-position-on-quit`: the file it replaces gets its
/// watch_later entry, as mpv 0.35 writes one there as at quit (player/loadfile.c).
@Suite("Director: loadfile replace writes watch_later", .serialized)
struct DirectorWatchLaterReplaceTests {
    @Test("the replaced file's position is written; append writes nothing")
    func replaceWritesTheReplacedFile() throws {
        let folder = try makeTemporaryDirectory("watch-later-replace")
        let clip = DirectorWatchLaterTests.clip
        let file = DirectorWatchLaterTests.file(folder)
        let app = try DirectorWatchLaterTests.player(folder) { $0.watchLater?.savesOnQuit = true }
        #expect(app.waitForPlayer())
        try app.command("seek-to 12")
        #expect(app.waitUntil { app.director.videos.fullScreen.map { abs($0.snapshot.position.seconds - 12) < 0.5 } == true })
        let mpv = try DirectorMpvTests.MpvClient(app)
        defer { mpv.desk.finish(app.director) }
        #expect(try mpv.ask([.string("loadfile"), .string(DirectorMpvTests.clip), .string("append")])["error"] == .string("success"))
        #expect(!FileManager.default.fileExists(atPath: file), "append replaces nothing")
        #expect(try mpv.ask([.string("loadfile"), .string(DirectorMpvTests.other), .string("replace")])["error"] == .string("success"))
        let text = try String(contentsOfFile: file, encoding: .utf8)
        let start = try #require(WatchLaterEntry.parse(text)?.start, "\(text)")
        #expect(abs(start.seconds - 12) < 1, "\(clip): \(text)")
    }

    @Test("stop with --idle writes the stopped file's position, as mpv does")
    func stopWritesTheStoppedFile() throws {
        let folder = try makeTemporaryDirectory("watch-later-stop")
        let app = try DirectorWatchLaterTests.player(folder) { options in
            options.watchLater?.savesOnQuit = true
            options.mpvSession = MpvSession(idle: true, keepOpen: false, terminal: .none)
        }
        #expect(app.waitForPlayer())
        try app.command("seek-to 12")
        #expect(app.waitUntil { app.director.videos.fullScreen.map { abs($0.snapshot.position.seconds - 12) < 0.5 } == true })
        let mpv = try DirectorMpvTests.MpvClient(app)
        defer { mpv.desk.finish(app.director) }
        #expect(try mpv.ask([.string("stop")])["error"] == .string("success"))
        #expect(try mpv.data("idle-active") == .bool(true), "the player waits, nothing played")
        let text = try String(contentsOfFile: DirectorWatchLaterTests.file(folder), encoding: .utf8)
        let start = try #require(WatchLaterEntry.parse(text)?.start, "\(text)")
        #expect(abs(start.seconds - 12) < 1, "\(text)")
    }
}
