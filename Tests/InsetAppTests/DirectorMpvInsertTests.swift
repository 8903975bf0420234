import Foundation
import InsetControl
import InsetCore
import Testing
@testable import InsetApp

/// `loadfile URL insert-at INDEX` through the director (mpv 0.38): the file takes that place
/// in the list, the entry playing moves down with the rest and goes on playing.
@Suite("Director: loadfile insert-at", .serialized)
struct DirectorMpvInsertTests {
    @Test("insert-at 0 lists the file first; the playing file is entry 1 now, still playing")
    func insertBeforeThePlayingFile() throws {
        let app = try DirectorHarness(paths: [DirectorMpvTests.clip])
        #expect(app.waitForPlayer())
        let mpv = try DirectorMpvTests.MpvClient(app)
        defer { mpv.desk.finish(app.director) }
        let reply = try mpv.ask([.string("loadfile"), .string(DirectorMpvTests.other), .string("insert-at"), .int(0), .string("")])
        #expect(reply["error"] == .string("success"))
        #expect(try mpv.data("playlist-count") == .int(2))
        #expect(try mpv.data("playlist-pos") == .int(1), "the playing entry moved down")
        #expect(try mpv.data("path") == .string(DirectorMpvTests.clip), "and plays on")
        let list = try mpv.data("playlist")
        guard case .array(let entries)? = list else { Issue.record("no playlist: \(String(describing: list))"); return }
        #expect(entries.map { $0["filename"] } == [.string(DirectorMpvTests.other), .string(DirectorMpvTests.clip)])
        // playlist-pos 0 plays the inserted file.
        #expect(try mpv.ask([.string("set_property"), .string("playlist-pos"), .int(0)])["error"] == .string("success"))
        #expect(app.waitUntil(timeout: 8) { (try? mpv.data("path")) == .string(DirectorMpvTests.other) })
    }
}
