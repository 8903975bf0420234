import Foundation
import InsetControl
import InsetCore
import Testing
@testable import InsetApp

/// `inset ctl get/set` by Inset's names over the real socket (Inset's `id`, no
/// `request_id`): `set paused yes` pauses through the `pause` row, `get paused` reads it,
/// before, `set` knew mpv's names only (`property not found`).
@Suite("Director: inset ctl get and set by Inset's names", .serialized)
struct DirectorCtlInsetNamesTests {
    @Test("set paused yes, get paused, get time, set speed 2, get speed: Inset's names through the table's rows")
    func setAndGetByInsetNames() throws {
        let app = try DirectorHarness(paths: [DirectorMpvTests.clip])
        #expect(app.waitForPlayer())
        let mpv = try DirectorMpvTests.MpvClient(app)
        defer { mpv.desk.finish(app.director) }
        let ctl = try ControlClient(path: mpv.desk.server.path)
        var nextID = 1
        func ask(_ words: [String]) throws -> JSONValue? {
            let id = nextID
            nextID += 1
            try ctl.send(.object(["command": .array(words.map(JSONValue.string)), "id": .int(id)]))
            let deadline = Date(timeIntervalSinceNow: 5)
            while Date() < deadline {
                _ = mpv.desk.serve(app.director, at: app.now)
                app.tick()
                while let line = try? ctl.nextLine(until: .now + .milliseconds(5)), let value = try? JSONValue(parsing: line) {
                    if value["id"] == .int(id) { return value }
                }
            }
            return nil
        }
        let set = try ask(["set", "paused", "yes"])
        #expect(set?["error"] == nil, "\(String(describing: set))")
        #expect(app.director.focusedVideo?.snapshot.isPlaying == false)
        #expect(try ask(["get", "paused"])?["result"] == .bool(true))
        #expect(try ask(["get", "pause"])?["result"] == .bool(true), "mpv's name too")
        #expect(try ask(["set", "speed", "2"])?["error"] == nil)
        // A whole number comes back from JSON as an integer.
        let number = DirectorMpvKeyChangeTests.number
        #expect(try ask(["get", "speed"])?["result"].flatMap(number) == 2)
        #expect(try ask(["get", "time"])?["result"].flatMap(number).map { $0 >= 0 } == true)
        #expect(try ask(["get", "colour"])?["error"] == .string(ControlDesk.expectedGet))
    }
}
