import Foundation
import InsetControl
import Testing
@testable import InsetScripts

/// Issue 47, the API left: mpv's hooks, OSD overlays and complex key bindings, on the
/// prelude's side (the requests a script makes, the order its functions run in); the
/// player's side is DirectorScriptOverlayTests.
@Suite("mpv's hooks, OSD overlays and complex key bindings in a script (issue 47)")
struct ScriptHooksTests {
    @Test("hooks run around their events in priority order, each continuing when it returns or at cont()")
    func hooksAroundEvents() throws {
        let folder = ScriptFolder()
        defer { folder.remove() }
        let player = RecordingPlayer()
        let host = folder.host([("hooks.lua", """
            local seen = {}
            local function note(text) seen[#seen + 1] = text end
            mp.add_hook('on_load', 60, function() note('load60') end)
            mp.add_hook('on_load', 10, function() note('load10') end)
            mp.add_hook('on_preloaded', 50, function(hook) hook:defer(); note('preloaded'); hook:cont() end)
            mp.add_hook('on_unload', 50, function() note('unload') end)
            for _, name in ipairs({ 'start-file', 'file-loaded', 'end-file' }) do
                mp.register_event(name, function() note(name) end)
            end
            mp.register_script_message('tell', function() mp.commandv('script-message', 'order', table.concat(seen, ',')) end)
            """)], player: player)
        let queue = try #require(host.script(named: "hooks")?.queue)
        for name in ["start-file", "file-loaded", "end-file"] { queue.post(MpvIPC.event(name)) }
        queue.post(MpvIPC.event("client-message", ["args": .array([.string("tell")])]))
        #expect(player.message("order") == ["start-file,load10,load60,preloaded,file-loaded,unload,end-file"])
        #expect(host.stop().isEmpty)
    }

    @Test("an OSD overlay is sent as mpv's osd-overlay command on update, and with format none on remove")
    func overlayRequests() throws {
        let folder = ScriptFolder()
        defer { folder.remove() }
        let player = RecordingPlayer()
        let host = folder.host([("overlay.lua", """
            local overlay = mp.create_osd_overlay('ass-events')
            overlay.data = '{\\\\an7}Skip intro? {\\\\b1}y{\\\\b0}'
            overlay.z = 3
            overlay:update()
            overlay:remove()
            mp.set_osd_ass(1280, 720, 'legacy')
            """)], player: player)
        let words = ["osd-overlay", "1", "ass-events", #"{\an7}Skip intro? {\b1}y{\b0}"#, "0", "720", "3", "no"]
        #expect(player.request(startingWith: words.map(JSONValue.string)) != nil)
        #expect(player.request(startingWith: ["osd-overlay", "1", "none", ""].map(JSONValue.string)) != nil)
        #expect(player.request(startingWith: ["osd-overlay", "2", "ass-events", "legacy", "1280", "720"].map(JSONValue.string)) != nil)
        #expect(host.stop().isEmpty)
    }

    @Test("a complex binding is told mpv's event for each state: press from a terminal, down, up, repeat")
    func complexBindingEvents() throws {
        let folder = ScriptFolder()
        defer { folder.remove() }
        let player = RecordingPlayer()
        let host = folder.host([("complex.lua", """
            mp.add_key_binding('x', 'held', function(event)
                mp.commandv('script-message', 'held-' .. event.event, event.key_name, tostring(event.key_text), tostring(event.is_mouse))
            end, { complex = true })
            """)], player: player)
        #expect(player.request(startingWith: [.string("inset-bind"), .string("x"), .string("held")]) != nil)
        let queue = try #require(host.script(named: "complex")?.queue)
        for state in ["p-", "d-", "u-", "r-"] {
            queue.post(MpvIPC.event("client-message", ["args": .array(["key-binding", "held", state, "x"].map(JSONValue.string))]))
        }
        for event in ["press", "down", "up", "repeat"] { #expect(player.message("held-\(event)") == ["x", "x", "false"]) }
        #expect(host.stop().isEmpty)
    }
}
