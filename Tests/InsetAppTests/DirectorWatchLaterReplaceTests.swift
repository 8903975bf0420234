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
}
