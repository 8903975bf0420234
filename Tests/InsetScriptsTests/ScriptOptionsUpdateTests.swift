import Foundation
import InsetControl
import Testing
@testable import InsetScripts

/// mp.options.read_options's third argument, as mpv's options.lua has it: the script
/// observes `options/script-opts`, and each time it changes the options are read again over
/// the defaults and the conf file; those whose value changed are copied into the script's
/// table and given to `on_update` as a set of keys. On a real LuaJIT state.
@Suite("mp.options.read_options follows script-opts changed while playing (issue 47)")
struct ScriptOptionsUpdateTests {
    static let follower = """
        local options = { op_end = 0, title = 'none', enabled = false }
        require('mp.options').read_options(options, 'skip', function(changed)
            local keys = {}
            for key in pairs(changed) do keys[#keys + 1] = key end
            table.sort(keys)
            mp.commandv('script-message', 'updated', table.concat(keys, ','), tostring(options.op_end), options.title,
                tostring(options.enabled))
        end)
        mp.commandv('script-message', 'read', tostring(options.op_end), options.title)
        """

    /// The id the script observes `options/script-opts` by.
    static func observationID(_ player: RecordingPlayer) -> Int? {
        let request = player.request(startingWith: [.string("observe_property")])
        guard let request, request.count == 3, request[2] == .string("options/script-opts"),
              case .int(let id) = request[1] else { return nil }
        return id
    }

    static func change(_ host: ScriptHost, id: Int, _ options: [String: String]) {
        let value = JSONValue.object(options.mapValues(JSONValue.string))
        host.scripts[0].queue.post(MpvIPC.propertyChange(id: id, name: "options/script-opts", value: value))
    }

    @Test("on_update hears the keys that changed, with the table already holding the new values")
    func changedKeys() throws {
        let folder = ScriptFolder()
        defer { folder.remove() }
        _ = folder.write("script-opts/skip.conf", "title=from the file\n")
        let player = RecordingPlayer()
        let host = folder.host([("skip.lua", Self.follower)], options: [("skip-op_end", "5")], player: player)
        #expect(player.message("read") == ["5", "from the file"])
        let id = try #require(Self.observationID(player), "read_options with on_update observes options/script-opts")
        // The first value, as the player tells it at once: nothing changed, on_update is not called.
        Self.change(host, id: id, ["skip-op_end": "5"])
        Self.change(host, id: id, ["skip-op_end": "9", "other-op_end": "1"])
        #expect(player.message("updated") == ["op_end", "9", "from the file", "false"])
        #expect(host.stop().isEmpty)
    }

    @Test("a key taken out goes back to the conf file's value, then the default's; a wrong type keeps the value")
    func removedKeys() throws {
        let folder = ScriptFolder()
        defer { folder.remove() }
        _ = folder.write("script-opts/skip.conf", "title=from the file\n")
        let player = RecordingPlayer()
        let host = folder.host([("skip.lua", Self.follower)], options: [("skip-title", "given"), ("skip-enabled", "yes")], player: player)
        let id = try #require(Self.observationID(player))
        Self.change(host, id: id, ["skip-op_end": "later"])
        #expect(player.message("updated") == ["enabled,title", "0", "from the file", "false"],
                "the wrong number changes nothing; title and enabled back to the file's and the default")
        #expect(host.stop().isEmpty)
    }

    @Test("without on_update nothing is observed")
    func noCallbackNoObservation() throws {
        let folder = ScriptFolder()
        defer { folder.remove() }
        let player = RecordingPlayer()
        let script = """
            local options = { op_end = 0 }
            require('mp.options').read_options(options, 'skip')
            mp.commandv('script-message', 'read', tostring(options.op_end))
            """
        let host = folder.host([("skip.lua", script)], options: [("skip-op_end", "3")], player: player)
        #expect(player.message("read") == ["3"])
        #expect(player.request(startingWith: [.string("observe_property")], within: 0.2) == nil)
        #expect(host.stop().isEmpty)
    }
}

/// mp.get_opt reads `script-opts` as it is now, as mpv's defaults.lua does.
@Suite("mp.get_opt reads script-opts live (issue 47)")
struct ScriptGetOptTests {
    @Test("the player's value when it answers, the given one when it does not, the default for a key not there")
    func live() throws {
        let folder = ScriptFolder()
        defer { folder.remove() }
        let player = RecordingPlayer()
        player.properties["options/script-opts"] = .object(["skip-op_end": .string("9")])
        let script = """
            mp.commandv('script-message', 'opt', tostring(mp.get_opt('skip-op_end')), mp.get_opt('skip-nonesuch', 'def'))
            """
        let host = folder.host([("skip.lua", script)], options: [("skip-op_end", "5")], player: player)
        #expect(player.message("opt") == ["9", "def"])
        #expect(host.stop().isEmpty)
        let silent = RecordingPlayer()
        let other = folder.host([("skip.lua", script)], options: [("skip-op_end", "5")], player: silent)
        #expect(silent.message("opt") == ["5", "def"])
        #expect(other.stop().isEmpty)
    }
}
