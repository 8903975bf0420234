import Foundation
import InsetCore
import Testing
@testable import InsetApp

/// Issue 47: a script's OSD overlay (`mp.create_osd_overlay`) is a line on the bar until
/// the script removes it; its ASS is made text.
@Suite("Director: a script's OSD overlay on the bar (issue 47)", .serialized)
struct DirectorScriptOverlayTests {
    @Test("ASS events made one line: override blocks and drawings out, \\N as a space")
    func assText() {
        #expect(ScriptOverlayLines.text(ofAss: #"{\an7\fs30}Skip {\b1}intro{\b0}?\Npress y"#) == "Skip intro? press y")
        #expect(ScriptOverlayLines.text(ofAss: "{\\p1}m 0 0 l 10 0 10 10{\\p0}Chapter 2\nline two") == "Chapter 2 line two")
        #expect(ScriptOverlayLines.text(ofAss: "{\\an5}") == "")
    }

    @Test("overlays joined highest z first; hidden, none or empty takes one off; a script's end takes its own")
    func lines() {
        var lines = ScriptOverlayLines()
        lines.set(.init(script: "a", id: 1), format: "ass-events", data: "low", z: 0, hidden: false)
        lines.set(.init(script: "b", id: 1), format: "ass-events", data: "high", z: 5, hidden: false)
        #expect(lines.line == "high · low")
        lines.set(.init(script: "b", id: 1), format: "ass-events", data: "high", z: 5, hidden: true)
        #expect(lines.line == "low")
        lines.set(.init(script: "a", id: 2), format: "ass-events", data: "two", z: 0, hidden: false)
        lines.remove(script: "a")
        #expect(lines.line == nil)
    }

    @Test("an overlay's text is on the bar until remove(), then the bar is clear")
    func overlayOnTheBar() throws {
        let folder = try makeTemporaryDirectory("script-overlay")
        let script = folder.appendingPathComponent("overlay.lua").path
        try """
            local overlay = mp.create_osd_overlay('ass-events')
            mp.register_event('file-loaded', function()
                overlay.data = '{\\\\an7\\\\fs24}Skip intro? {\\\\b1}y{\\\\b0}'
                overlay:update()
            end)
            mp.register_script_message('gone', function() overlay:remove() end)
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
        #expect(served { app.message == "Skip intro? y" })
        // A message of its own on the bar goes, and the overlay comes back.
        app.director.show(message: "volume 50", for: .milliseconds(100), at: app.now)
        #expect(served { app.message == "volume 50" })
        #expect(served { app.message == "Skip intro? y" }, "back after the message")
        _ = desk.deliver(to: "overlay", ["gone"])
        #expect(served { app.message == nil })
    }
}
