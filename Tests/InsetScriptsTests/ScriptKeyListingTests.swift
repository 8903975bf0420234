import Foundation
import Testing
@testable import InsetScripts

/// `inset keys` lists the keys the user's scripts bind, as `?` does while playing.
@Suite("The keys scripts bind, for inset keys (issue 47)")
struct ScriptKeyListingTests {
    @Test("each script's keys, in the order bound, without running its shutdown handlers")
    func listsBindings() throws {
        let folder = ScriptFolder()
        defer { folder.remove() }
        let witness = folder.path + "/shutdown-ran"
        let first = folder.write("first.lua", """
            mp.add_key_binding('k', 'say-hello', function() end)
            mp.add_forced_key_binding('Ctrl+s', 'skip-now', function() end)
            mp.add_key_binding(nil, 'only-by-name', function() end)
            mp.add_key_binding('x', 'gone', function() end)
            mp.remove_key_binding('gone')
            mp.register_event('shutdown', function() io.open('\(witness)', 'w'):close() end)
            """)
        let second = folder.write("second.lua", "mp.add_key_binding('F2', 'toggle', function() end)")
        let bindings = ScriptKeyListing.bindings(paths: [first, second], settings: ScriptSettings(configFolder: folder.path))
        // Each script's in the order it bound them; the two scripts load side by side, on
        // threads of their own, so their keys may come interleaved.
        let listed = bindings.map { "\($0.script):\($0.key):\($0.name)" }
        #expect(listed.filter { $0.hasPrefix("first:") } == ["first:k:say-hello", "first:Ctrl+s:skip-now"])
        #expect(listed.filter { !$0.hasPrefix("first:") } == ["second:F2:toggle"])
        #expect(!FileManager.default.fileExists(atPath: witness))
    }
}
