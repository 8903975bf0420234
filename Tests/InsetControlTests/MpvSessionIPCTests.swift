import InsetCore
import Testing
@testable import InsetControl

/// mpv's commands and properties of a session a program runs (invidtui's, read from its
/// mediaplayer/mpv.go), as mpv 0.35 and 0.38 take and give them.
@Suite struct MpvSessionIPCTests {
    private func translate(_ words: JSONValue..., in state: MpvState = MpvState()) -> MpvAction {
        MpvIPC.translate(words, in: state)
    }

    private func value(_ name: String, _ state: MpvState) -> Result<JSONValue, MpvIPC.Failure> {
        MpvIPC.value(of: name, in: state)
    }

    @Test("loadfile in mpv 0.35's form (options third) and 0.38's (an index, then options)")
    func loadfileForms() throws {
        var options = MpvFileOptions()
        options.audioFile = "http://127.0.0.1/a.m4a"
        options.length = "212"
        // invidtui: `loadfile URL replace -1 "length=212,audio-file=URL2"`.
        #expect(translate("loadfile", "http://v", "replace", "-1", "length=212,audio-file=http://127.0.0.1/a.m4a")
                == .load("http://v", append: false, options: options))
        #expect(translate("loadfile", "http://v", "replace", .int(-1), "length=212,audio-file=http://127.0.0.1/a.m4a")
                == .load("http://v", append: false, options: options))
        #expect(translate("loadfile", "http://v", "replace", "length=212,audio-file=http://127.0.0.1/a.m4a")
                == .load("http://v", append: false, options: options), "0.35: the options third")
        var timed = MpvFileOptions()
        timed.start = .seconds(30)
        timed.end = .seconds(45)
        timed.title = "Talk, part 2"
        #expect(translate("loadfile", "/a.mp4", "append", #"start=30,end=0:45,force-media-title="Talk, part 2""#)
                == .load("/a.mp4", append: true, options: timed), "a quoted value keeps its comma")
        #expect(translate("loadfile", "/a.mp4", "replace", "-1", "") == .load("/a.mp4", append: false, options: MpvFileOptions()))
        // invidtui's audio-only load has an empty audio-file.
        #expect(translate("loadfile", "/a.mp4", "replace", "-1", "audio-file=") == .load("/a.mp4", append: false, options: MpvFileOptions()))
        var fromOne = MpvFileOptions()
        fromOne.start = .seconds(1)
        #expect(translate("loadfile", "/a.mp4", "replace", "2", "start=1") == .load("/a.mp4", append: false, options: fromOne),
                "mpv 0.38 reads the index for insert-at only")
        #expect(translate("loadfile", "/a.mp4", "replace", "start=x") == .fail(.invalidParameter))
        #expect(translate("loadfile", "/a.mp4", "replace", "start") == .fail(.invalidParameter))
        #expect(translate("loadfile", "/a.mp4", "sideways") == .fail(.invalidParameter))
    }

    @Test("mpv's %N% form holds any bytes in a per-file value")
    func lengthPrefixedValue() throws {
        let options = try MpvFileOptions(parsing: "audio-file=%9%a,b=c.m4a,start=5")
        #expect(options.audioFile == "a,b=c.m4a" && options.start == .seconds(5))
        #expect(throws: MpvIPC.Failure.self) { try MpvFileOptions(parsing: "audio-file=%90%short") }
    }

    @Test("keybind: an empty command unbinds, an mpv or Inset command binds; quit CODE; stop")
    func keybindQuitStop() {
        #expect(translate("keybind", "q", "") == .bind(KeyPress(.character("q")), nil))
        #expect(translate("keybind", "Ctrl+q", "") == .bind(KeyPress(.character("q"), .control), nil))
        #expect(translate("keybind", "Shift+q", "ignore") == .bind(KeyPress(name: "S-q")!, nil))
        #expect(translate("keybind", "x", "cycle pause") == .bind(KeyPress(.character("x")), .pause(nil)))
        #expect(translate("keybind", "x", "quit") == .bind(KeyPress(.character("x")), .quit))
        #expect(translate("keybind", "x", "pip") == .bind(KeyPress(.character("x")), .pip), "Inset's own command")
        #expect(translate("keybind", "x", "frobnicate") == .fail(.invalidParameter))
        #expect(translate("keybind", "x") == .fail(.invalidParameter))
        #expect(translate("quit", 3) == .quit(code: 3))
        #expect(translate("quit", "4") == .quit(code: 4))
        #expect(translate("quit", "x") == .fail(.invalidParameter))
        #expect(translate("quit", .double(1e12)) == .fail(.invalidParameter), "past an exit status")
        #expect(translate("stop") == .stop)
    }

    @Test("seek N absolute-percent lands on that share of the file; unavailable with no duration")
    func seekAbsolutePercent() {
        var state = MpvState()
        state.idle = false
        state.duration = 200
        #expect(translate("seek", 0, "absolute-percent", in: state) == .run([.seekTo(.zero)], data: .null))
        #expect(translate("seek", 25, "absolute-percent", in: state) == .run([.seekTo(.seconds(50))], data: .null))
        state.duration = nil
        #expect(translate("seek", 25, "absolute-percent", in: state) == .fail(.commandFailed))
    }

    @Test("core-idle, paused-for-cache, seeking, cache-buffering-state, demuxer-cache-duration as mpv gives them")
    func playingProperties() {
        var state = MpvState()
        #expect(value("core-idle", state) == .success(.bool(true)), "idle")
        #expect(value("paused-for-cache", state) == .failure(.propertyUnavailable))
        #expect(value("seeking", state) == .failure(.propertyUnavailable))
        #expect(value("demuxer-cache-duration", state) == .failure(.propertyUnavailable))
        state.idle = false
        state.time = 30
        state.duration = 100
        state.speed = 2
        state.session.cachedAhead = 0.25
        #expect(value("core-idle", state) == .success(.bool(false)), "playing")
        #expect(value("paused-for-cache", state) == .success(.bool(false)))
        #expect(value("cache-buffering-state", state) == .success(.int(100)))
        #expect(value("demuxer-cache-duration", state) == .success(.double(0.25)))
        #expect(value("playtime-remaining", state) == .success(.double(35)), "time left at the speed")
        #expect(value("playback-time", state) == .success(.double(30)))
        state.session.buffering = true
        #expect(value("core-idle", state) == .success(.bool(true)), "waiting for its input")
        #expect(value("paused-for-cache", state) == .success(.bool(true)))
        #expect(value("cache-buffering-state", state) == .success(.int(25)), "a quarter of the second mpv waits for")
        state.session.buffering = false
        state.session.seeking = true
        #expect(value("core-idle", state) == .success(.bool(true)))
        #expect(value("seeking", state) == .success(.bool(true)))
        state.session.seeking = false
        state.eof = true
        #expect(value("core-idle", state) == .success(.bool(true)), "at the end, kept open")
    }

    @Test("loop-file, loop-playlist, video/vid read and set as mpv's values")
    func settings() {
        var state = MpvState()
        #expect(value("loop-file", state) == .success(.bool(false)))
        state.session.loopFile = .max
        #expect(value("loop-file", state) == .success(.string("inf")))
        state.session.loopFile = 2
        #expect(value("loop-file", state) == .success(.int(2)))
        #expect(value("loop-playlist", state) == .success(.bool(false)))
        state.session.loopPlaylist = true
        #expect(value("loop-playlist", state) == .success(.string("inf")))
        #expect(value("video", state) == .success(.string("auto")), "idle, pictures on")
        state.idle = false
        #expect(value("video", state) == .success(.int(1)) && value("vid", state) == .success(.int(1)))
        state.hasVideo = false
        #expect(value("vid", state) == .success(.bool(false)))
        // invidtui's repeat modes and its audio-only loads.
        #expect(translate("set_property", "loop-file", "yes") == .setSession(.loopFile(.max)))
        #expect(translate("set_property", "loop-file", "no") == .setSession(.loopFile(nil)))
        #expect(translate("set_property", "loop-file", 3) == .setSession(.loopFile(3)))
        #expect(translate("set_property", "loop-file", "many") == .fail(.propertyFormat))
        #expect(translate("set_property", "loop-playlist", "yes") == .setSession(.loopPlaylist(true)))
        #expect(translate("set_property", "video", "0") == .setSession(.video(false)))
        #expect(translate("set_property", "video", "1") == .setSession(.video(true)))
        #expect(translate("set_property", "vid", "no") == .setSession(.video(false)))
        #expect(translate("set_property", "core-idle", true) == .fail(.propertyError), "read only")
        for name in ["core-idle", "paused-for-cache", "seeking", "cache-buffering-state", "demuxer-cache-duration",
                     "loop-file", "loop-playlist", "video", "vid", "playtime-remaining"] {
            #expect(MpvIPC.properties.contains(name), "\(name) listed")
        }
    }
}
