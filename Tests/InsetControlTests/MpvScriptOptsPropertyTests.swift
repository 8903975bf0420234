import Foundation
import InsetCore
import Testing
@testable import InsetControl

/// `script-opts` as mpv has it: a live property, read as a map, set whole (`set`, as text or
/// as a map, under its name or `options/script-opts`) or edited (`change-list`); what the Lua
/// scripts' on_update follows (docs/scripts.md). And `working-directory`, `playlist-pos-1`
/// and `playback-abort`, which history scripts and mpv's autoload.lua read.
@Suite("mpv's script-opts property and change-list (issue 47)")
struct MpvScriptOptsPropertyTests {
    static let given: MpvState = {
        var state = MpvState()
        state.session.scriptOptions = [.init("skip-op_start", "0"), .init("skip-op_end", "85")]
        return state
    }()

    static func after(_ words: [String]) -> [SettingValue.KeyValue]? {
        guard case .setSession(.scriptOptions(let pairs)) = MpvIPC.translate(words.map(JSONValue.string), in: given) else {
            return nil
        }
        return pairs
    }

    @Test("read as mpv's native map, under its name and options/script-opts")
    func read() throws {
        let map = JSONValue.object(["skip-op_start": .string("0"), "skip-op_end": .string("85")])
        #expect(try MpvIPC.value(of: "script-opts", in: Self.given).get() == map)
        #expect(try MpvIPC.value(of: "options/script-opts", in: Self.given).get() == map)
    }

    @Test("set whole, as text or as a map, under either name; a value that is no list is refused")
    func set() {
        #expect(Self.after(["set", "script-opts", "a-x=1,a-y=\"2,3\""]) == [.init("a-x", "1"), .init("a-y", "2,3")])
        let map = MpvIPC.set("options/script-opts", to: .object(["b-k": .string("v")]), in: Self.given)
        #expect(map == .setSession(.scriptOptions([.init("b-k", "v")])))
        #expect(MpvIPC.set("script-opts", to: .bool(true), in: Self.given) == .fail(.propertyFormat))
        #expect(MpvIPC.set("script-opts", to: .string("novalue"), in: Self.given) == .fail(.propertyFormat))
    }

    @Test("change-list edits the live value (kept in key order): append replaces a key or adds it, add, remove, set, clr")
    func changeList() {
        #expect(Self.after(["change-list", "script-opts", "append", "skip-op_end=90"])
                == [.init("skip-op_end", "90"), .init("skip-op_start", "0")])
        #expect(Self.after(["change-list", "script-opts", "append", "skip-ed_end=1,2"])?.contains(.init("skip-ed_end", "1,2")) == true,
                "append takes its text whole, commas kept")
        #expect(Self.after(["change-list", "script-opts", "add", "a-x=1,a-y=2"])?.count == 4)
        #expect(Self.after(["change-list", "options/script-opts", "remove", "skip-op_start"]) == [.init("skip-op_end", "85")])
        #expect(Self.after(["change-list", "script-opts", "set", "c-z=3"]) == [.init("c-z", "3")])
        #expect(Self.after(["change-list", "script-opts", "clr", ""]) == [])
    }

    @Test("change-list of a name mpv lacks, a bad operation, or a list option Inset does not play by")
    func changeListRefusals() {
        #expect(MpvIPC.translate(["change-list", "colour", "append", "x"].map(JSONValue.string), in: Self.given) == .fail(.propertyNotFound))
        #expect(MpvIPC.translate(["change-list", "script-opts", "dance", "x=1"].map(JSONValue.string), in: Self.given) == .fail(.invalidParameter))
        #expect(MpvIPC.translate(["change-list", "script-opts", "append", "novalue"].map(JSONValue.string), in: Self.given) == .fail(.invalidParameter))
        #expect(MpvIPC.translate(["change-list", "glsl-shaders", "toggle", "a.glsl"].map(JSONValue.string), in: Self.given) == .run([], data: .null),
                "checked, then nothing changes, as set of an option Inset ignores")
    }

    @Test("a path into a property: playlist/N/filename, playlist/count, metadata/by-key/KEY; unavailable past the end")
    func items() throws {
        var state = MpvState()
        state.idle = false
        state.playlist = ["/v/a.mp4", "/v/b.mp4"]
        state.playlistCount = 2
        state.playlistPosition = 1
        state.tags = MediaTags(title: "Film")
        #expect(try MpvIPC.value(of: "playlist/1/filename", in: state).get() == .string("/v/b.mp4"))
        #expect(try MpvIPC.value(of: "playlist/1/current", in: state).get() == .bool(true))
        #expect(try MpvIPC.value(of: "playlist/count", in: state).get() == .int(2))
        #expect(MpvIPC.value(of: "playlist/2/filename", in: state) == .failure(.propertyUnavailable))
        #expect(MpvIPC.value(of: "playlist/x", in: state) == .failure(.propertyUnavailable))
        let title = try MpvIPC.value(of: "metadata", in: state).get()
        if case .object(let fields) = title, let key = fields.keys.first {
            #expect(try MpvIPC.value(of: "metadata/by-key/\(key)", in: state).get() == fields[key])
        } else {
            Issue.record("metadata is no map: \(title)")
        }
        #expect(MpvIPC.value(of: "colour/1", in: state) == .failure(.propertyNotFound), "no property: read as an option, not found")
    }

    @Test("working-directory is the folder the player runs in; playlist-pos-1 counts from 1; playback-abort while nothing plays")
    func readOnlyRows() throws {
        #expect(try MpvIPC.value(of: "working-directory", in: MpvState()).get() == .string(FileManager.default.currentDirectoryPath))
        var state = MpvState()
        #expect(try MpvIPC.value(of: "playlist-pos-1", in: state).get() == .int(0), "mpv's 0: no entry")
        #expect(try MpvIPC.value(of: "playback-abort", in: state).get() == .bool(true))
        state.idle = false
        state.playlistPosition = 2
        #expect(try MpvIPC.value(of: "playlist-pos-1", in: state).get() == .int(3))
        #expect(try MpvIPC.value(of: "playback-abort", in: state).get() == .bool(false))
    }
}
