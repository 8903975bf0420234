import Foundation
import InsetControl
import InsetCore
import Testing
@testable import InsetApp

/// A setting that is one row of the table plus the code that uses it: mpv's
/// `--playlist-start=N` (`Setting.Use.value`), read by the command line, the config file and
/// mpv's IPC (`options/playlist-start`) through the row alone.
@Suite("Director: --playlist-start", .serialized)
struct DirectorPlaylistStartTests {
    @Test("--playlist-start=1 plays the second file first; options/playlist-start says 1")
    func startsAtTheEntry() throws {
        let app = try DirectorHarness(paths: [DirectorMpvTests.clip, DirectorMpvTests.other]) { options in
            options.settings.set("playlist-start", .integer(1))
        }
        #expect(app.waitForPlayer())
        #expect(app.director.videos.fullScreen?.path == DirectorMpvTests.other)
        let mpv = try DirectorMpvTests.MpvClient(app)
        defer { mpv.desk.finish(app.director) }
        #expect(try mpv.data("playlist-pos") == .int(1))
        #expect(try mpv.data("options/playlist-start") == .int(1))
        #expect(try mpv.data("playlist-start") == .int(1))
    }

    @Test("an entry the list does not have: the first plays")
    func pastTheList() throws {
        let app = try DirectorHarness(paths: [DirectorMpvTests.clip]) { options in
            options.settings.set("playlist-start", .integer(5))
        }
        #expect(app.waitForPlayer())
        #expect(app.director.videos.fullScreen?.path == DirectorMpvTests.clip)
    }
}
