import Foundation
import InsetCore
import Testing
@testable import InsetApp

/// Issue 47: a script's requests are answered on the player's loop (`ScriptDesk.serve`,
/// once a turn) with mpv's IPC functions over the director; its key is taken beside
/// Inset's and listed by `?`; with no script there is no desk at all.
@Suite("Director: mpv's Lua scripts through ScriptDesk (issue 47)", .serialized)
struct DirectorScriptsTests {
    @Test("a script pauses the video at file-loaded, binds a key, and its OSD message names the file")
    func scriptDrivesTheDirector() throws {
        let folder = try makeTemporaryDirectory("scripts")
        let script = folder.appendingPathComponent("drive.lua").path
        try """
            mp.register_event('file-loaded', function()
                mp.set_property_bool('pause', true)
                mp.add_key_binding('k', 'hello', function() mp.osd_message('hello from ' .. mp.get_property('filename'), 3) end)
            end)
            """.write(toFile: script, atomically: true, encoding: .utf8)
        var options = AppOptions(paths: [sample("long_gop.mp4")])
        options.scripts = [script]
        options.loadsConfigFolderScripts = false
        let app = try DirectorHarness(options)
        let desk = try #require(ScriptDesk.start(options: options, director: app.director))
        defer { desk.finish(app.director) }
        func served(_ condition: @escaping () -> Bool) -> Bool {
            app.waitUntil {
                _ = desk.serve(app.director, at: app.now)
                return condition()
            }
        }
        #expect(app.waitForPlayer())
        #expect(served { app.director.focusedVideo?.snapshot.isPlaying == false }, "paused by the script")
        #expect(served { !desk.bindings.isEmpty })
        #expect(app.director.overlays.scriptKeys.map(\.0) == ["k"], "listed by ?")
        #expect(desk.takeKey(KeyPress(.character("k")), app.director))
        #expect(!desk.takeKey(KeyPress(.character("j")), app.director), "a key no script bound stays Inset's")
        #expect(served { app.director.overlays.message?.text.contains("hello from long_gop.mp4") == true })
    }

    @Test("no script given and none in the config folder: no desk, no thread")
    func noScriptNoDesk() throws {
        var options = AppOptions(paths: [sample("long_gop.mp4")])
        options.loadsConfigFolderScripts = false
        let app = try DirectorHarness(options)
        #expect(ScriptDesk.start(options: options, director: app.director) == nil)
    }
}
