import Foundation
import InsetControl
import Testing
@testable import InsetScripts

/// mp.options.read_options as mpv's options.lua reads: the defaults, then
/// `script-opts/NAME.conf` in the config folder, then `--script-opts=NAME-KEY=VALUE`, each
/// value typed as the default is; a value of the wrong type keeps the default.
@Suite("mp.options.read_options reads the conf file and --script-opts (issue 47)")
struct ScriptOptionsTests {
    static let reader = """
        local options = { op_start = 0, op_end = 0, title = 'none', enabled = false, ratio = 1.5 }
        require('mp.options').read_options(options, 'skip')
        mp.commandv('script-message', 'options', tostring(options.op_start), tostring(options.op_end), options.title,
            tostring(options.enabled), tostring(options.ratio))
        """

    @Test("--script-opts win over the conf file, which wins over the defaults")
    func layers() throws {
        let folder = ScriptFolder()
        defer { folder.remove() }
        _ = folder.write("script-opts/skip.conf", "# ani-skip's opening\nop_start=10\nop_end = 20\ntitle=from the file\nenabled=yes\n")
        let player = RecordingPlayer()
        let host = folder.host([("skip.lua", Self.reader)],
                               options: [("skip-op_end", "85.5"), ("other-op_end", "1"), ("skip-title", "a=b, c")], player: player)
        #expect(player.message("options") == ["10", "85.5", "a=b, c", "true", "1.5"])
        #expect(host.stop().isEmpty)
    }

    @Test("a value that is not of the default's type keeps the default; an unknown key is skipped")
    func wrongTypes() throws {
        let folder = ScriptFolder()
        defer { folder.remove() }
        let player = RecordingPlayer()
        let host = folder.host([("skip.lua", Self.reader)],
                               options: [("skip-op_start", "soon"), ("skip-enabled", "maybe"), ("skip-nonesuch", "1")], player: player)
        #expect(player.message("options") == ["0", "0", "none", "false", "1.5"])
        #expect(host.stop().isEmpty)
    }
}

/// The queue between the player's loop and a script's thread.
@Suite("A script's event queue (issue 47)")
struct ScriptQueueTests {
    @Test("bounded: past its capacity the oldest events go")
    func bounded() {
        let queue = ScriptQueue(capacity: 3)
        for index in 1...5 { queue.post(.int(index)) }
        #expect(queue.dropped == 2)
        #expect(queue.take(timeout: 0) == .int(3))
    }

    @Test("take waits for an event, up to its timeout; a closed queue wakes its taker")
    func waits() {
        let queue = ScriptQueue()
        let start = Date()
        #expect(queue.take(timeout: 0.05) == nil)
        #expect(Date().timeIntervalSince(start) >= 0.04)
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.05) { queue.post(.string("later")) }
        #expect(queue.take(timeout: 5) == .string("later"))
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.05) { queue.close() }
        #expect(queue.take(timeout: -1) == nil)
        #expect(!queue.post(.null), "nothing is posted once closed")
    }

    @Test("script names as mpv gives them, and which scripts load")
    func sources() {
        #expect(ScriptIdentity.name(of: "/a/ani-skip/skip.lua") == "skip")
        #expect(ScriptIdentity.name(of: "/a/scripts/autoload/main.lua") == "autoload")
        #expect(ScriptIdentity.name(of: "/a/pause-history.lua") == "pause_history", "as mpv names it")
        let folder = ScriptFolder()
        defer { folder.remove() }
        try? FileManager.default.createDirectory(atPath: folder.path + "/scripts/b", withIntermediateDirectories: true)
        let a = folder.write("scripts/a.lua", ""), b = folder.write("scripts/b/main.lua", "")
        _ = folder.write("scripts/c.js", "")
        let given = folder.write("given.lua", "")
        let found = ScriptSources.paths(given: [given + ":" + folder.path + "/missing.lua"], configFolder: folder.path, loadFolder: true)
        #expect(found.paths == [a, b, given])
        #expect(found.skipped.count == 2, "the .js and the missing file: \(found.skipped)")
        #expect(ScriptSources.paths(given: [], configFolder: folder.path, loadFolder: false).paths.isEmpty)
    }
}
