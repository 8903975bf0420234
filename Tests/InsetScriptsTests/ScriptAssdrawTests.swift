import Foundation
import InsetControl
import Testing
@testable import InsetScripts

/// `require 'mp.assdraw'` on a real LuaJIT state: mpv's builder gives mpv's text for the
/// same calls, and what a script builds goes to the player as an overlay's data.
@Suite("require 'mp.assdraw' builds mpv's ASS text (issue 47)")
struct ScriptAssdrawTests {
    /// What mpv 0.35.1's assdraw.lua made of these calls (run with mpv --vo=null --ao=null).
    static let mpvText = #"{\an7}Skip{\p4} m 8 16 l 24 16 l 24 32 l 8 32 m 40 0 l 762 0 b 785 0 802 18 802 40 l 802 280 b 802 303 785 320 762 320 l 40 320 b 18 320 0 303 0 280 l 0 40 b 0 18 18 0 40 0{\p0}"#

    @Test("a box and a rounded box, in mpv's drawing units, set as the OSD's ASS")
    func builds() throws {
        let folder = ScriptFolder()
        defer { folder.remove() }
        let player = RecordingPlayer()
        let script = """
            local assdraw = require 'mp.assdraw'
            local ass = assdraw.ass_new()
            ass:an(7)
            ass:append('Skip')
            ass:draw_start()
            ass:rect_cw(1, 2, 3, 4)
            ass:round_rect_cw(0, 0, 100.25, 40, 5)
            ass:draw_stop()
            mp.commandv('script-message', 'ass', ass.text)
            mp.set_osd_ass(1280, 720, ass.text)
            """
        let host = folder.host([("box.lua", script)], player: player)
        #expect(player.message("ass") == [Self.mpvText])
        let overlay = try #require(player.request(startingWith: [.string("osd-overlay")]))
        #expect(overlay.count == 8 && overlay[2] == .string("ass-events") && overlay[3] == .string(Self.mpvText))
        #expect(overlay[4] == .string("1280") && overlay[5] == .string("720"))
        #expect(host.stop().isEmpty)
    }

    @Test("a script that does not require it is not given it: package.loaded holds no assdraw until asked")
    func loadedOnDemand() throws {
        let folder = ScriptFolder()
        defer { folder.remove() }
        let player = RecordingPlayer()
        let script = """
            local before = package.loaded['mp.assdraw'] == nil
            local ass = require('mp.assdraw').ass_new()
            mp.commandv('script-message', 'loaded', tostring(before), tostring(package.loaded['mp.assdraw'] ~= nil), ass.text)
            """
        let host = folder.host([("lazy.lua", script)], player: player)
        #expect(player.message("loaded") == ["true", "true", ""])
        #expect(host.stop().isEmpty)
    }
}
