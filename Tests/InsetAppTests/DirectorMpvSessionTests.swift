import Foundation
import InsetControl
import InsetCore
import Testing
@testable import InsetApp
@testable import InsetPlayback

/// mpv's session as invidtui runs it (its mediaplayer/mpv.go): `--idle --keep-open` with no
/// file, `keybind q ""`, `loadfile URL replace -1 "opt=val,…"`, its observed and polled
/// properties, `seek 0 absolute-percent` at the end, `quit CODE`; and the events raised
/// where they happen. Through the director with a real socket (docs/mpv.md).
@Suite("Director: mpv's session (idle, keep-open, loadfile's options, keybind, quit CODE)", .serialized)
struct DirectorMpvSessionTests {
    typealias MpvClient = DirectorMpvTests.MpvClient
    static let clip = DirectorMpvTests.clip
    static let other = DirectorMpvTests.other

    private func session(idle: Bool = true, keepOpen: Bool = true, paths: [String] = []) throws -> DirectorHarness {
        try DirectorHarness(paths: paths) { options in
            options.mpvSession = MpvSession(idle: idle, keepOpen: keepOpen, terminal: .none)
        }
    }

    @Test("--idle with no file stays up, idle; keybind q \"\" unbinds q; loadfile 0.38's form plays with its own title and start")
    func idleThenLoadfileWithOptions() throws {
        let app = try session()
        let mpv = try MpvClient(app)
        defer { mpv.desk.finish(app.director) }
        app.run(for: 0.5)
        #expect(app.director.isRunning, "--idle with nothing to play stays up")
        #expect(try mpv.data("idle-active") == .bool(true))
        #expect(try mpv.data("core-idle") == .bool(true))
        #expect(try mpv.ask([.string("get_property"), .string("time-pos")])["error"] == .string("property unavailable"))
        for key in ["q", "Ctrl+q", "Shift+q"] {
            #expect(try mpv.ask([.string("keybind"), .string(key), .string("")])["error"] == .string("success"))
        }
        app.key("q")
        #expect(app.director.isRunning, "q is unbound: invidtui's own q must not quit the player behind it")
        #expect(try mpv.ask([.string("observe_property"), .int(3), .string("seeking")])["error"] == .string("success"))
        let loaded = try mpv.ask([.string("loadfile"), .string(Self.clip), .string("replace"), .string("-1"),
                                  .string("length=10,force-media-title=Clock,start=3")])
        #expect(loaded["error"] == .string("success"), "\(loaded)")
        #expect(try mpv.awaitEvent("start-file")["playlist_entry_id"] == .int(1))
        try mpv.awaitEvent("file-loaded")
        try mpv.awaitEvent("playback-restart")
        #expect(try mpv.data("idle-active") == .bool(false))
        #expect(try mpv.data("media-title") == .string("Clock"))
        let time = try #require(try mpv.data("playback-time"))
        #expect((time.doubleValue ?? 0) >= 3, "started at its own start: \(time)")
        #expect(try mpv.data("core-idle") == .bool(false))
        #expect(try mpv.data("paused-for-cache") == .bool(false))
        #expect(try mpv.data("loop-file") == .bool(false))
        #expect(try mpv.data("video") == .int(1))
        let remaining = try #require(try mpv.data("playtime-remaining")?.doubleValue)
        #expect(remaining > 0 && remaining <= 7)
        #expect(mpv.heard.contains { $0["event"] == .string("property-change") && $0["name"] == .string("seeking") })
    }

    @Test("--keep-open: the end stays on the last frame, eof-reached and no end-file; seek 0 absolute-percent plays again")
    func keepOpenAndSeekBack() throws {
        let app = try session(idle: false, keepOpen: true, paths: [Self.clip])
        #expect(app.waitForPlayer())
        let mpv = try MpvClient(app)
        defer { mpv.desk.finish(app.director) }
        #expect(try mpv.ask([.string("observe_property"), .int(1), .string("eof-reached")])["error"] == .string("success"))
        #expect(try mpv.ask([.string("seek"), .int(95), .string("absolute-percent")])["error"] == .string("success"))
        try mpv.awaitEvent("seek")
        #expect(app.waitUntil(timeout: 10) { app.director.focusedVideo?.snapshot.isFinished == true })
        app.run(for: 0.5)
        #expect(app.director.isRunning, "kept open at the end")
        #expect(try mpv.data("eof-reached") == .bool(true))
        #expect(try mpv.data("core-idle") == .bool(true))
        #expect(try mpv.data("idle-active") == .bool(false))
        #expect(!mpv.heard.contains { $0["event"] == .string("end-file") }, "mpv says no end-file for a file kept open")
        // invidtui's TogglePaused at the end: `seek 0 absolute-percent`, then `cycle pause`.
        #expect(try mpv.ask([.string("seek"), .int(0), .string("absolute-percent")])["error"] == .string("success"))
        #expect(try mpv.ask([.string("cycle"), .string("pause")])["error"] == .string("success"))
        #expect(app.waitUntil { app.director.focusedVideo?.snapshot.isPlaying == true })
        #expect(try mpv.data("eof-reached") == .bool(false))
        let times = [try mpv.data("time-pos")?.doubleValue ?? -1]
        #expect(times[0] >= 0 && times[0] < 5, "playing again from the start: \(times)")
    }

    @Test("--idle without --keep-open: the end is end-file (eof) then idle, and the player waits; stop says end-file (stop)")
    func idleAtEndAndStop() throws {
        let app = try session(idle: true, keepOpen: false, paths: [Self.clip])
        #expect(app.waitForPlayer())
        let mpv = try MpvClient(app)
        defer { mpv.desk.finish(app.director) }
        #expect(try mpv.ask([.string("seek"), .double(-0.5), .string("absolute")])["error"] == .string("success"))
        #expect(try mpv.awaitEvent("end-file", timeout: 10)["reason"] == .string("eof"))
        try mpv.awaitEvent("idle")
        #expect(app.director.isRunning)
        #expect(try mpv.data("idle-active") == .bool(true))
        #expect(try mpv.ask([.string("loadfile"), .string(Self.other)])["error"] == .string("success"))
        try mpv.awaitEvent("file-loaded")
        #expect(try mpv.ask([.string("stop")])["error"] == .string("success"))
        #expect(try mpv.awaitEvent("end-file")["reason"] == .string("stop"))
        try mpv.awaitEvent("idle")
        #expect(app.director.isRunning && app.director.focusedVideo == nil)
    }

    @Test("one seek is one seek event, then playback-restart at its first frame; seeking is observed true, then false")
    func seekEventsRaisedOnce() throws {
        let app = try session(idle: false, keepOpen: false, paths: [Self.clip])
        #expect(app.waitForPlayer())
        let mpv = try MpvClient(app)
        defer { mpv.desk.finish(app.director) }
        #expect(try mpv.ask([.string("set_property"), .string("pause"), .bool(true)])["error"] == .string("success"))
        #expect(try mpv.ask([.string("observe_property"), .int(3), .string("seeking")])["error"] == .string("success"))
        try mpv.awaitEvent("property-change")
        mpv.heard.removeAll()
        // Paused, nothing moves but the seek: no jump for a guess to see, the seek is said all the same.
        #expect(try mpv.ask([.string("seek"), .double(0.2), .string("relative")])["error"] == .string("success"))
        try mpv.awaitEvent("seek")
        try mpv.awaitEvent("playback-restart")
        app.run(for: 0.5)
        _ = try mpv.data("pid")
        #expect(!mpv.heard.contains { $0["event"] == .string("seek") }, "said once: \(mpv.heard)")
        let seeking = mpv.heard.filter { $0["name"] == .string("seeking") }.map { $0["data"] }
        #expect(seeking.last == .bool(false), "\(seeking)")
    }

    @Test("quit CODE: end-file (quit), shutdown, and the exit status is CODE")
    func quitWithCode() throws {
        let app = try session(idle: true, keepOpen: true, paths: [Self.clip])
        #expect(app.waitForPlayer())
        let mpv = try MpvClient(app)
        #expect(try mpv.ask([.string("quit"), .int(7)])["error"] == .string("success"))
        #expect(!app.director.isRunning)
        #expect(app.director.exitStatus.status == 7)
        mpv.desk.finish(app.director)
        var lines: [JSONValue] = []
        while let line = try mpv.client.nextLine(until: .now + .seconds(2)) { lines.append(try JSONValue(parsing: line)) }
        let events = (mpv.heard + lines).compactMap { $0["event"] }
        #expect(events.suffix(2) == [.string("end-file"), .string("shutdown")], "\(events)")
        #expect((mpv.heard + lines).contains { $0["reason"] == .string("quit") })
    }

    @Test("loop-file set while playing loops the file playing; loop-playlist reads back")
    func loopFileWhilePlaying() throws {
        let app = try session(idle: false, keepOpen: false, paths: [Self.clip])
        #expect(app.waitForPlayer())
        let mpv = try MpvClient(app)
        defer { mpv.desk.finish(app.director) }
        #expect(try mpv.ask([.string("set_property"), .string("loop-file"), .string("yes")])["error"] == .string("success"))
        #expect(try mpv.data("loop-file") == .string("inf"))
        #expect(try mpv.ask([.string("set_property"), .string("loop-playlist"), .string("yes")])["error"] == .string("success"))
        #expect(try mpv.data("loop-playlist") == .string("inf"))
        #expect(try mpv.ask([.string("seek"), .double(-0.5), .string("absolute")])["error"] == .string("success"))
        var looped = false
        #expect(app.waitUntil(timeout: 10) {
            if let video = app.director.focusedVideo, video.masterTime(at: app.now).seconds < 3 { looped = true }
            return looped
        })
        #expect(app.director.isRunning && app.director.focusedVideo?.snapshot.isFinished == false, "looped, not ended")
    }
}

extension JSONValue {
    /// A number of mpv's replies, whole or not.
    var doubleValue: Double? {
        switch self {
        case .double(let number): number
        case .int(let number): Double(number)
        default: nil
        }
    }
}
