import Foundation
import InsetControl
import InsetCore
import InsetTestSupport
import Testing
@testable import InsetApp

/// Issue 47: `script-opts` is a live property, as in mpv: set over the control socket (mpv's
/// `set`, `change-list script-opts append`) while a script runs, the script's
/// `mp.options.read_options` on_update hears the keys that changed; and mpv itself, given
/// the same script and the same change, writes the same report.
@Suite("Director: a script's on_update follows script-opts set while playing (issue 47)", .serialized)
struct DirectorScriptOptionsUpdateTests {
    @Test("change-list append and set over the socket reach the script's on_update with the keys changed")
    func overTheSocket() throws {
        let folder = try makeTemporaryDirectory("script-options-update")
        let script = folder.appendingPathComponent("follow.lua").path
        try """
            local options = { op_end = 0, title = 'none' }
            require('mp.options').read_options(options, 'follow', function(changed)
                local keys = {}
                for key in pairs(changed) do keys[#keys + 1] = key end
                table.sort(keys)
                mp.osd_message('changed ' .. table.concat(keys, ',') .. ' op_end=' .. options.op_end .. ' title=' .. options.title, 30)
            end)
            """.write(toFile: script, atomically: true, encoding: .utf8)
        var options = AppOptions(paths: [sample("long_gop.mp4")])
        options.scripts = [script]
        options.scriptOptions = [.init("follow-op_end", "5")]
        options.loadsConfigFolderScripts = false
        options.soundDevice = false
        let app = try DirectorHarness(options)
        let scripts = try #require(ScriptDesk.start(options: options, director: app.director))
        defer { scripts.finish(app.director) }
        #expect(app.waitForPlayer())
        let (turns, client) = try DirectorControlTests.turns(app)
        defer { turns.desk.finish(turns.app.director) }
        func served(_ condition: @escaping () -> Bool) -> Bool {
            app.waitUntil {
                _ = scripts.serve(app.director, at: app.now)
                return condition()
            }
        }
        // The script observes options/script-opts before anything changes.
        #expect(served { scripts.observations["follow"]?.values.contains { $0.name == "options/script-opts" } == true })
        #expect(served { scripts.observations["follow"]?.values.allSatisfy { $0.last != nil } == true })
        let appended = try turns.request(["change-list", "script-opts", "append", "follow-op_end=9"], over: client)
        #expect(appended["error"] == nil, "\(appended.line)")
        #expect(served { app.message == "changed op_end op_end=9 title=none" }, "\(app.message ?? "no message")")
        let set = try turns.request(["set", "script-opts", "follow-op_end=9,follow-title=two"], over: client)
        #expect(set["error"] == nil, "\(set.line)")
        #expect(served { app.message == "changed title op_end=9 title=two" }, "\(app.message ?? "no message")")
        let now = try turns.request(["get_property", "options/script-opts"], over: client)
        #expect(now["result"] == .object(["follow-op_end": .string("9"), "follow-title": .string("two")]), "\(now.line)")
    }

    @Test("the same script and the same change-list in mpv and in Inset write the same report")
    func versusMpv() throws {
        let scripts = ["options-update.lua"], given = ["options_update-file=REPORT", "options_update-op_end=5"]
        let change = ["change-list", "script-opts", "append", "options_update-op_end=9"]
        let file = sample("clock_16x9_aac.mp4")
        // The change goes once the script has read its options (its `ready`).
        let mpv = try MpvScriptReference.report(scripts: scripts, options: given, file: file, count: 2) { run in
            _ = run.lines(1)
            run.send(change)
        }
        let inset = try DirectorScriptsVersusMpvTests.insetReport(scripts: scripts, options: given, file: file, count: 2) { app, _, run in
            _ = run.lines(1)
            let state = app.director.mpvState(at: app.now)
            guard case .setSession(let setting) = MpvIPC.translate(change.map(JSONValue.string), in: state) else {
                Issue.record("change-list script-opts is no setting of the session")
                return
            }
            app.director.setSession(setting)
        }
        #expect(inset == DirectorScriptsVersusMpvTests.expected(mpv, else: ["ready", "changed op_end op_end 9 title none"]))
    }
}
