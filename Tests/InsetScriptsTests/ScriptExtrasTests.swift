import Foundation
import InsetControl
import Testing
@testable import InsetScripts

/// The small calls popular scripts make beside the main API (po5's sponsorblock.lua,
/// hacel's recent.lua), on a real LuaJIT state: `mp.find_config_file`, `expand-path`,
/// `mp.command_native_async` with its callback from the event loop, `mp.utils.get_env_list`.
@Suite("mpv's smaller calls that popular scripts use (issue 47)")
struct ScriptExtrasTests {
    @Test("find_config_file finds a file of the config folder, nil for one not there; expand-path names the folders")
    func configFolder() throws {
        let folder = ScriptFolder()
        defer { folder.remove() }
        _ = folder.write("history.log", "")
        let player = RecordingPlayer()
        let script = """
            mp.commandv('script-message', 'found', tostring(mp.find_config_file('history.log')),
                tostring(mp.find_config_file('nonesuch.log')),
                mp.command_native({ 'expand-path', '~~home/scripts' }), mp.command_native({ name = 'expand-path', path = '~/x' }))
            """
        let host = folder.host([("recent.lua", script)], player: player)
        let home = ProcessInfo.processInfo.environment["HOME"] ?? ""
        #expect(player.message("found") == [folder.path + "/history.log", "nil", folder.path + "/scripts", home + "/x"])
        #expect(host.stop().isEmpty)
    }

    @Test("command_native_async answers through its callback after the script's chunk returns, unless aborted")
    func async() throws {
        let folder = ScriptFolder()
        defer { folder.remove() }
        let player = RecordingPlayer()
        player.properties["pid"] = .int(42)
        let script = """
            local order = {}
            mp.command_native_async({ 'get_property', 'pid' }, function(ok, result, problem)
                order[#order + 1] = 'callback'
                mp.commandv('script-message', 'async', tostring(ok), tostring(result), tostring(problem), table.concat(order, ','))
            end)
            local aborted = mp.command_native_async({ 'get_property', 'pid' }, function() mp.commandv('script-message', 'aborted') end)
            mp.abort_async_command(aborted)
            order[#order + 1] = 'chunk'
            """
        let host = folder.host([("sponsorblock.lua", script)], player: player)
        #expect(player.message("async") == ["true", "42", "nil", "chunk,callback"])
        #expect(player.request(startingWith: [.string("script-message"), .string("aborted")], within: 0.3) == nil)
        #expect(host.stop().isEmpty)
    }

    @Test("mp.utils.get_env_list holds the environment as NAME=VALUE")
    func environment() throws {
        let folder = ScriptFolder()
        defer { folder.remove() }
        let player = RecordingPlayer()
        let script = """
            local path
            for _, entry in ipairs(mp.utils.get_env_list()) do if entry:match('^PATH=') then path = entry end end
            mp.commandv('script-message', 'env', tostring(path))
            """
        let host = folder.host([("env.lua", script)], player: player)
        #expect(player.message("env") == ["PATH=" + (ProcessInfo.processInfo.environment["PATH"] ?? "")])
        #expect(host.stop().isEmpty)
    }
}
