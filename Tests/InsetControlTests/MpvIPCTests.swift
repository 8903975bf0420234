import InsetCore
import Testing
@testable import InsetControl

/// mpv's requests read into Inset's commands, and mpv's replies and property values, as
/// mpv 0.35 gives them (its replies were taken from `mpv --input-ipc-server` for the same
/// requests; MpvEndToEndTests compares the two players live).
@Suite struct MpvIPCTests {
    private var playing: MpvState {
        var state = MpvState()
        state.idle = false
        state.time = 12.5
        state.duration = 50
        state.path = "/videos/clock.mp4"
        state.playlist = ["/videos/clock.mp4", "/videos/other.mp4"]
        state.playlistCount = 2
        state.playlistPosition = 0
        state.volume = 80
        state.audioTracks = [.init(title: "English"), .init(title: "French")]
        state.audioSelected = 0
        state.subtitleTracks = [.init(language: "en"), .init(language: "fr")]
        state.chapters = [.init(title: "One", time: 0), .init(title: "Two", time: 10), .init(title: "Three", time: 30)]
        return state
    }

    private func request(_ line: String) -> ControlRequest? {
        try? ControlRequest.parse(Substring(line), client: 1).get()
    }

    @Test func whichShapeAnswersWhichRequest() {
        #expect(request(#"{"command": ["get_property", "pause"], "request_id": 1}"#)?.dialect == .mpv)
        #expect(request(#"{"command": ["get_property", "pause"]}"#)?.dialect == .mpv, "mpv's command, no id")
        #expect(request(#"{"command": ["seek", 10, "absolute"]}"#)?.dialect == .mpv, "not a command of Inset's table")
        #expect(request(#"{"command": ["pause"], "request_id": 3}"#)?.dialect == .mpv, "request_id is mpv's")
        #expect(request(#"{"command": ["seek", "+15"], "id": 1}"#)?.dialect == .inset)
        #expect(request(#"{"command": ["quit"]}"#)?.dialect == .inset, "Inset's command, no request_id")
        #expect(request(#"{"command": "pause", "request_id": "a"}"#)?.dialect == .inset, "a string command is Inset's")
        let set = request(#"{"command": ["set_property", "pause", true], "request_id": 5}"#)
        #expect(set?.arguments == [.string("set_property"), .string("pause"), .bool(true)])
        #expect(set?.id == .int(5))
    }

    @Test("issue 48 item 3: a name both tables have, sent with Inset's id, is Inset's; mpv's own command with it is answered in Inset's shape")
    func insetsIDDecidesTheShape() {
        for line in [#"{"command": ["seek", "1:00"], "id": 1}"#, #"{"command": ["seek"], "id": 1}"#,
                     #"{"command": ["seek", "abc"], "id": 1}"#, #"{"command": ["screenshot", "x"], "id": 1}"#,
                     #"{"command": ["quit", "now"], "id": 1}"#] {
            #expect(request(line)?.dialect == .inset, "\(line)")
            #expect(request(line)?.replyShape == .inset, "\(line)")
        }
        // The same words as mpv's clients send them stay mpv's, in mpv's shape.
        for line in [#"{"command": ["seek", "1:00"]}"#, #"{"command": ["seek", "abc"], "request_id": 2}"#,
                     #"{"command": ["screenshot", "x"]}"#, #"{"command": ["quit", "now"], "request_id": 3}"#] {
            #expect(request(line)?.dialect == .mpv, "\(line)")
            #expect(request(line)?.replyShape == .mpv, "\(line)")
        }
        let property = request(#"{"command": ["get_property", "pause"], "id": 1}"#)
        #expect(property?.dialect == .mpv && property?.replyShape == .inset)
    }

    /// ytfzf's thumbnail viewer: `echo "loadfile '$thumb_path'" | socat - "$MPV_SOCKET"`.
    @Test func mpvsTextCommandsAreCarriedOutUnanswered() {
        let text = request("loadfile '/tmp/a b.jpg' append")
        #expect(text?.words == ["loadfile", "/tmp/a b.jpg", "append"])
        #expect(text?.dialect == .mpv && text?.silent == true)
        #expect(request(#"seek "-5" relative"#)?.words == ["seek", "-5", "relative"])
        #expect(request("this is not json") == nil, "not one of mpv's commands: Inset's error, as before")
    }

    @Test func repliesHaveMpvsShape() {
        #expect(MpvIPC.reply(id: .int(1), data: .double(1.5), error: nil).line == #"{"data":1.5,"error":"success","request_id":1}"#)
        #expect(MpvIPC.reply(id: nil, data: nil, error: "property not found").line == #"{"error":"property not found","request_id":0}"#)
        #expect(MpvIPC.reply(id: .int(8), data: .null, error: nil).line == #"{"data":null,"error":"success","request_id":8}"#)
        #expect(MpvIPC.propertyChange(id: 7, name: "pause", value: .bool(true)).line
            == #"{"data":true,"event":"property-change","id":7,"name":"pause"}"#)
        #expect(MpvIPC.propertyChange(id: 2, name: "duration", value: nil).line == #"{"event":"property-change","id":2,"name":"duration"}"#)
    }

    @Test func propertiesReadAsMpvGivesThem() throws {
        let state = playing
        #expect(try MpvIPC.value(of: "time-pos", in: state).get() == .double(12.5))
        #expect(try MpvIPC.value(of: "percent-pos", in: state).get() == .double(25))
        #expect(try MpvIPC.value(of: "filename", in: state).get() == .string("clock.mp4"))
        #expect(try MpvIPC.value(of: "media-title", in: state).get() == .string("clock.mp4"))
        #expect(try MpvIPC.value(of: "volume", in: state).get() == .double(80))
        #expect(try MpvIPC.value(of: "chapters", in: state).get() == .int(3), "mpv's chapters is a count")
        #expect(try MpvIPC.value(of: "chapter", in: state).get() == .int(1))
        #expect(try MpvIPC.value(of: "aid", in: state).get() == .int(1))
        #expect(try MpvIPC.value(of: "sid", in: state).get() == .bool(false))
        #expect(try MpvIPC.value(of: "playlist-count", in: state).get() == .int(2))
        let list = try MpvIPC.value(of: "playlist", in: state).get()
        #expect(list == .array([.object(["filename": .string("/videos/clock.mp4"), "id": .int(1), "current": .bool(true), "playing": .bool(true)]),
                                .object(["filename": .string("/videos/other.mp4"), "id": .int(2)])]))
        guard case .array(let tracks) = try MpvIPC.value(of: "track-list", in: state).get() else { Issue.record("not a list"); return }
        #expect(tracks.count == 5)
        #expect(tracks[0]["type"] == .string("video"))
        #expect(tracks[3]["lang"] == .string("en") && tracks[3]["selected"] == .bool(false))
        #expect(MpvIPC.value(of: "estimated-vf-fps", in: state) == .failure(.propertyNotFound))
        #expect(MpvIPC.value(of: "time-pos", in: MpvState()) == .failure(.propertyUnavailable), "nothing plays")
        #expect(try MpvIPC.value(of: "idle-active", in: MpvState()).get() == .bool(true))
        #expect(MpvIPC.text(of: .bool(false)) == "no")
        #expect(MpvIPC.text(of: .double(5)) == "5.000000")
    }

    @Test func commandsBecomeInsetsCommands() {
        let state = playing
        func translate(_ words: JSONValue...) -> MpvAction { MpvIPC.translate(words, in: state) }
        #expect(translate("set_property", "pause", true) == .run([.pause(true)], data: nil))
        #expect(translate("set_property", "pause", "no") == .run([.pause(false)], data: nil))
        #expect(translate("cycle", "pause") == .run([.pause(nil)], data: .null))
        #expect(translate("add", "volume", -10) == .run([.volume(.by(-10))], data: .null))
        #expect(translate("set_property", "volume", 40) == .run([.volume(.to(40))], data: nil))
        #expect(translate("set_property", "volume", "abc") == .fail(.propertyFormat))
        #expect(translate("add", "audio-delay", .double(-0.1)) == .run([.audioDelay(.by(.milliseconds(-100)))], data: .null))
        #expect(translate("set_property", "audio-delay", .double(0.25)) == .run([.audioDelay(.to(.milliseconds(250)))], data: nil))
        #expect(translate("set_property", "audio-delay", 30) == .fail(.propertyFormat))
        #expect(translate("set_property", "duration", 1) == .fail(.propertyError), "read only, as in mpv")
        #expect(translate("set_property", "nonexistent", 1) == .fail(.propertyNotFound))
        #expect(translate("seek", 5) == .run([.seek(by: .seconds(5))], data: .null))
        #expect(translate("seek", "-5") == .run([.seek(by: .seconds(-5))], data: .null))
        #expect(translate("seek", 20, "absolute") == .run([.seekTo(.seconds(20))], data: .null))
        #expect(translate("seek", 10, "absolute-percent") == .run([.seekTo(.seconds(5))], data: .null))
        #expect(translate("seek", -10, "absolute+exact") == .run([.seekTo(.seconds(40))], data: .null))
        #expect(translate("seek", "abc") == .fail(.invalidParameter))
        #expect(translate("set_property", "time-pos", 30) == .run([.seekTo(.seconds(30))], data: nil))
        #expect(translate("set_property", "chapter", 2) == .run([.seekTo(.seconds(30))], data: nil))
        #expect(translate("loadfile", "/videos/b.mp4") == .load("/videos/b.mp4", append: false, options: MpvFileOptions()))
        #expect(translate("loadfile", "/videos/b.mp4", "append") == .load("/videos/b.mp4", append: true, options: MpvFileOptions()))
        var ignored = MpvFileOptions()
        ignored.ignored = ["volume=30"]
        #expect(translate("loadfile", "/videos/b.mp4", "append", "volume=30") == .load("/videos/b.mp4", append: true, options: ignored),
                "a per-file option Inset does not take is accepted, as by mpv 0.35, and logged")
        #expect(translate("set_property", "playlist-pos", 1) == .playEntry(1))
        #expect(translate("playlist-next") == .run([.playlist(.next)], data: .null))
        #expect(translate("playlist-prev") == .run([.playlist(.previous)], data: .null))
        #expect(translate("observe_property", 3, "time-pos") == .observe(id: 3, name: "time-pos", asString: false))
        #expect(translate("unobserve_property", 3) == .unobserve(id: 3))
        #expect(translate("keypress", "SPACE") == .key(KeyPress(.character(" "))))
        #expect(translate("keypress", "Ctrl+x") == .key(KeyPress(.character("x"), .control)))
        #expect(translate("quit") == .quit(code: 0))
        #expect(translate("screenshot") == .run([.screenshot], data: .null))
        #expect(translate("bogus") == .fail(.invalidParameter), "mpv's answer to a command it lacks")
        #expect(translate("get_property") == .fail(.invalidParameter))
        #expect(translate("set_property", "inset-window-corner", "top-left") == .run([.windowMove(.topLeft)], data: nil))
        #expect(translate("set_property", "inset-pip", true) == .run([.pip], data: nil))
    }

    @Test func tracksAreChosenByStepping() {
        var state = playing
        #expect(MpvIPC.translate(["set_property", "aid", 2], in: state) == .run([.audio(.next)], data: nil))
        #expect(MpvIPC.translate(["set_property", "aid", 1], in: state) == .run([], data: nil))
        #expect(MpvIPC.translate(["set_property", "sid", 2], in: state) == .run([.subtitles(.next), .subtitles(.next)], data: nil),
                "off, then the first, then the second")
        state.subtitleSelected = 1
        #expect(MpvIPC.translate(["set_property", "sid", 1], in: state) == .run([.subtitles(.next), .subtitles(.next)], data: nil))
        #expect(MpvIPC.translate(["set_property", "sid", "no"], in: state) == .run([.subtitles(.off)], data: nil))
        #expect(MpvIPC.translate(["set_property", "sid", 3], in: state) == .fail(.propertyError))
    }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByBooleanLiteral {
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .int(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
}
