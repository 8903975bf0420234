import Testing
@testable import InsetControl

/// Issue 47: what mpv's socket may ask of the Lua scripts. Messages reach the scripts the
/// user loaded; `load-script` never loads one.
@Suite("mpv's script commands on the socket (issue 47)")
struct MpvScriptCommandTests {
    func translated(_ words: [String]) -> MpvAction {
        MpvIPC.translate(words.map(JSONValue.string), in: MpvState())
    }

    @Test("script-message to all, script-message-to one, script-binding by name")
    func messages() {
        #expect(translated(["script-message", "skip-now", "5"]) == .scriptMessage(target: nil, arguments: ["skip-now", "5"]))
        #expect(translated(["script-message-to", "skip", "go"]) == .scriptMessage(target: "skip", arguments: ["go"]))
        #expect(translated(["script-binding", "key-osd/say-hello"])
                == .scriptMessage(target: "key-osd", arguments: ["key-binding", "say-hello", "p-", ""]))
        #expect(translated(["script-message"]) == .fail(.invalidParameter))
        #expect(MpvIPC.speaksMpv(fields: [:], words: ["script-message", "x"]), "answered in mpv's shape")
    }

    @Test("load-script from the socket is refused, in one line")
    func loadScriptRefused() {
        guard case .refused(let why) = translated(["load-script", "/tmp/evil.lua"]) else {
            Issue.record("load-script was not refused")
            return
        }
        #expect(why.contains("only the user loads a script"))
        #expect(MpvIPC.textCommand("load-script /tmp/evil.lua") == ["load-script", "/tmp/evil.lua"])
    }
}
