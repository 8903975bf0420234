import Foundation
import InsetControl
import InsetCore
import Testing
@testable import InsetApp

/// `loadfile URL insert-next` through the director (mpv 0.38): the file is listed right
/// after the playing one, before the rest, and the playing one plays on.
@Suite("Director: loadfile insert-next", .serialized)
struct DirectorMpvInsertNextTests {
    @Test("insert-next between the playing file and the next: the list is playing, inserted, next")
    func insertAfterThePlayingFile() throws {
        let app = try DirectorHarness(paths: [DirectorMpvTests.clip])
        #expect(app.waitForPlayer())
        let mpv = try DirectorMpvTests.MpvClient(app)
        defer { mpv.desk.finish(app.director) }
        #expect(try mpv.ask([.string("loadfile"), .string(DirectorMpvTests.other), .string("append")])["error"] == .string("success"))
        let inserted = sample("long_gop.mp4")
        #expect(try mpv.ask([.string("loadfile"), .string(inserted), .string("insert-next")])["error"] == .string("success"))
        let list = try mpv.data("playlist")
        guard case .array(let entries)? = list else { Issue.record("no playlist: \(String(describing: list))"); return }
        #expect(entries.map { $0["filename"] } == [.string(DirectorMpvTests.clip), .string(inserted), .string(DirectorMpvTests.other)])
        #expect(try mpv.data("playlist-pos") == .int(0), "the playing entry stays")
        #expect(try mpv.data("path") == .string(DirectorMpvTests.clip))
    }
}
