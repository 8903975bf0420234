import Foundation
import InsetCore
import InsetTestSupport
import Testing
@testable import InsetApp

/// Issue 47: mpv's own autoload.lua, as Debian's mpv package ships it, unchanged: it reads
/// `playlist-pos-1` and the list one item at a time (`playlist/N/filename`), which Inset
/// answered with nothing, so the script stopped with an error at its first file. Now it runs
/// and lists the folder's other videos, sorting them around the one playing with
/// `playlist-move` as in mpv (before that command, a.mp4 was listed after b.mp4).
@Suite("Director: mpv's own autoload.lua (issue 47)", .serialized)
struct DirectorMpvAutoloadTests {
    static let shipped = "/usr/share/doc/mpv/examples/lua/autoload.lua"

    @Test("the folder's other videos are listed, the script still running", .enabled(if: FileManager.default.fileExists(atPath: shipped)))
    func listsTheFolder() throws {
        let videos = try makeTemporaryDirectory("mpv-autoload").path
        defer { try? FileManager.default.removeItem(atPath: videos) }
        for name in ["b.mp4", "a.mp4", "c.mkv"] {
            try FileManager.default.copyItem(atPath: sample("clock_16x9_aac.mp4"), toPath: videos + "/" + name)
        }
        FileManager.default.createFile(atPath: videos + "/notes.txt", contents: Data("not a video".utf8))
        var options = AppOptions(paths: [videos + "/b.mp4"])
        options.scripts = [Self.shipped]
        options.loadsConfigFolderScripts = false
        options.soundDevice = false
        // As the app: the scripts are made before the director opens the file, so the script
        // hears its start-file.
        let app = try DirectorHarness(options, starts: false)
        let desk = try #require(ScriptDesk.start(options: options, director: app.director))
        defer { desk.finish(app.director) }
        app.start()
        func names() -> [String] { app.director.catalog.entries.map { ($0.path as NSString).lastPathComponent } }
        #expect(app.waitUntil(timeout: 15) {
            _ = desk.serve(app.director, at: app.now)
            return app.director.catalog.count >= 3
        }, "listed: \(names())")
        #expect(app.waitUntil(timeout: 5) {
            _ = desk.serve(app.director, at: app.now)
            return names() == ["a.mp4", "b.mp4", "c.mkv"]
        }, "mpv's order, by its playlist-move: \(names())")
        #expect(app.director.playlist.current == 1, "b.mp4 is still the entry playing")
        // Appended while b.mp4 was still opening, a.mp4 went ahead of it and played instead.
        #expect(app.waitForPlayer())
        #expect(app.director.focusedVideo?.path == videos + "/b.mp4", "\(app.director.focusedVideo?.path ?? "nothing") plays")
        #expect(desk.host.scripts.allSatisfy { !$0.join(within: 0) }, "the script runs on: \(desk.host.scripts.map(\.failure))")
    }

    @Test("a script observing a path into the list (playlist/0/filename) is told the entry's file")
    func observesAnItemOfTheList() throws {
        let folder = try makeTemporaryDirectory("observe-playlist-item")
        let script = folder.appendingPathComponent("first.lua").path
        try """
            mp.observe_property('playlist/0/filename', 'string', function(_, name) mp.osd_message('first ' .. tostring(name), 30) end)
            """.write(toFile: script, atomically: true, encoding: .utf8)
        var options = AppOptions(paths: [sample("long_gop.mp4")])
        options.scripts = [script]
        options.loadsConfigFolderScripts = false
        let app = try DirectorHarness(options)
        let desk = try #require(ScriptDesk.start(options: options, director: app.director))
        defer { desk.finish(app.director) }
        #expect(app.waitUntil {
            _ = desk.serve(app.director, at: app.now)
            return app.message == "first " + sample("long_gop.mp4")
        }, "\(app.message ?? "no message")")
    }
}
