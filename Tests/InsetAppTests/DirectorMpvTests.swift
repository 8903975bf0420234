import Foundation
import InsetControl
import InsetCore
import Testing
@testable import InsetApp
@testable import InsetPlayback

/// mpv's IPC through the director with no terminal: a real socket, mpv's requests and
/// events, the desk served once per turn as the loop serves it (docs/mpv.md).
@Suite("Director: mpv's IPC", .serialized)
struct DirectorMpvTests {
    static let clip = sample("clock_16x9_aac.mp4")
    static let other = sample("clock_4x3.mp4")

    /// An mpv client: what it sent and every line it heard, the desk turning meanwhile.
    final class MpvClient {
        let app: DirectorHarness
        let desk: ControlDesk
        let client: ControlClient
        var heard: [JSONValue] = []
        private var nextID = 1

        init(_ app: DirectorHarness) throws {
            self.app = app
            let directory = "/tmp/inset-mpv-\(UUID().uuidString.prefix(6))"
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            desk = ControlDesk(server: try ControlServer(path: directory + "/m.sock", onRequest: {}))
            client = try ControlClient(path: desk.server.path)
        }

        /// Sends `command` with a request_id and turns until its reply comes.
        func ask(_ command: [JSONValue]) throws -> JSONValue {
            let id = nextID
            nextID += 1
            try client.send(.object(["command": .array(command), "request_id": .int(id)]))
            var reply: JSONValue?
            try turn(until: { reply != nil }) { line in
                if line["request_id"] == .int(id) { reply = line } else if line["event"] != nil { heard.append(line) }
            }
            return try #require(reply)
        }

        /// Turns until an event named `name` (with `reason`, if given) is heard.
        @discardableResult
        func awaitEvent(_ name: String, timeout: Double = 8) throws -> JSONValue {
            var found: JSONValue?
            let known = heard.firstIndex { $0["event"] == .string(name) }
            if let known { return heard.remove(at: known) }
            try turn(timeout: timeout, until: { found != nil }) { line in
                if line["event"] == .string(name) && found == nil { found = line } else { heard.append(line) }
            }
            return try #require(found, "no \(name) event; heard \(heard)")
        }

        private func turn(timeout: Double = 5, until done: () -> Bool, _ take: (JSONValue) -> Void) throws {
            let deadline = Date(timeIntervalSinceNow: timeout)
            while !done(), Date() < deadline {
                _ = desk.serve(app.director, at: app.now)
                app.tick()
                while let line = try? client.nextLine(until: .now + .milliseconds(5)), let value = try? JSONValue(parsing: line) {
                    take(value)
                }
            }
        }

        func data(_ property: String) throws -> JSONValue? { try ask([.string("get_property"), .string(property)])["data"] }
    }

    @Test("loadfile append adds to the list; playlist-pos plays it: end-file (stop), start-file, file-loaded")
    func loadfileAndPlaylistPosition() throws {
        let app = try DirectorHarness(paths: [Self.clip])
        #expect(app.waitForPlayer())
        let mpv = try MpvClient(app)
        defer { mpv.desk.finish(app.director) }
        let loaded = try mpv.ask([.string("loadfile"), .string(Self.other), .string("append")])
        #expect(loaded == .object(["request_id": .int(1), "error": .string("success"), "data": .object(["playlist_entry_id": .int(2)])]))
        #expect(try mpv.data("playlist-count") == .int(2))
        #expect(try mpv.data("path") == .string(Self.clip), "append does not play it")
        #expect(try mpv.ask([.string("set_property"), .string("playlist-pos"), .int(1)])["error"] == .string("success"))
        let ended = try mpv.awaitEvent("end-file")
        #expect(ended["reason"] == .string("stop"))
        try mpv.awaitEvent("start-file")
        try mpv.awaitEvent("file-loaded")
        #expect(try mpv.data("path") == .string(Self.other))
        #expect(try mpv.data("playlist-pos") == .int(1))
        let past = try mpv.ask([.string("playlist-next")])
        #expect(past["error"] == .string("error running command"))
        #expect(past["reason"] == .string("this is the last file of the list"))
    }

    /// ytfzf's thumbnail viewer: `echo "loadfile '$thumb_path'" | socat - "$MPV_SOCKET"`.
    @Test("an mpv text command is carried out unanswered: loadfile replaces the file, end-file (stop) then file-loaded")
    func textCommandLoadfile() throws {
        let app = try DirectorHarness(paths: [Self.clip])
        #expect(app.waitForPlayer())
        let mpv = try MpvClient(app)
        defer { mpv.desk.finish(app.director) }
        try mpv.client.send(line: "loadfile '\(Self.other)'")
        #expect(try mpv.awaitEvent("end-file")["reason"] == .string("stop"))
        try mpv.awaitEvent("file-loaded")
        #expect(try mpv.data("path") == .string(Self.other))
        #expect(!mpv.heard.contains { $0["request_id"] != nil }, "a text command has no reply")
    }

    @Test("a seek by a key is a seek event too; a property observed is told at once and on each change")
    func seekEventsAndObservation() throws {
        let app = try DirectorHarness(paths: [Self.clip])
        #expect(app.waitForPlayer())
        let mpv = try MpvClient(app)
        defer { mpv.desk.finish(app.director) }
        #expect(try mpv.ask([.string("observe_property"), .int(3), .string("pause")])["error"] == .string("success"))
        let first = try mpv.awaitEvent("property-change")
        #expect(first == .object(["event": .string("property-change"), "id": .int(3), "name": .string("pause"), "data": .bool(false)]))
        app.key("Space")
        let paused = try mpv.awaitEvent("property-change")
        #expect(paused["data"] == .bool(true))
        app.key("Right")
        try mpv.awaitEvent("seek")
        try mpv.awaitEvent("playback-restart")
        // mpv's name for the key, through Inset's bindings: Space plays again.
        #expect(try mpv.ask([.string("keypress"), .string("SPACE")])["error"] == .string("success"))
        #expect(try mpv.awaitEvent("property-change")["data"] == .bool(false))
        #expect(try mpv.ask([.string("unobserve_property"), .int(3)])["error"] == .string("success"))
        #expect(try mpv.ask([.string("unobserve_property"), .int(3)])["error"] == .string("invalid parameter"))
    }

    /// (`--no-video` needs a sound to play: MpvEndToEndTests plays it, with its sound, in tmux.)
    @Test("--end ends the file there: end-file (eof), then shutdown; --title is its media-title")
    func endTitleAndNoVideo() throws {
        let app = try DirectorHarness(paths: [Self.clip]) { options in
            options.end = .seconds(1)
            options.mediaTitle = "Lecture 7"
        }
        #expect(app.waitForPlayer())
        let mpv = try MpvClient(app)
        #expect(try mpv.data("media-title") == .string("Lecture 7"))
        #expect(try mpv.data("vid") == .int(1))
        // The furthest the 10 s clip got before the player quit.
        var furthest = 0.0
        #expect(app.waitUntil(timeout: 8) {
            if let video = app.director.focusedVideo { furthest = max(furthest, video.masterTime(at: app.now).seconds) }
            return !app.director.isRunning
        }, "the player quits at --end")
        #expect(furthest >= 0.9 && furthest < 1.5, "ended at \(furthest) s")
        mpv.desk.finish(app.director)
        var lines: [JSONValue] = []
        while let line = try mpv.client.nextLine(until: .now + .seconds(5)) { lines.append(try JSONValue(parsing: line)) }
        #expect(lines.suffix(2) == [.object(["event": .string("end-file"), "reason": .string("eof")]),
                                    .object(["event": .string("shutdown")])], "\(lines)")
    }
}
