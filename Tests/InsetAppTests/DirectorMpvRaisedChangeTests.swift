import Foundation
import InsetControl
import InsetCore
import Testing
@testable import InsetApp

/// A property set through mpv's IPC is told to its observers where it is set, before the
/// reply, not found later by the turn's comparison (issue 43): the observer of `pause`
/// hears `property-change` ahead of the `set_property`'s own success.
@Suite("Director: mpv property changes raised where set", .serialized)
struct DirectorMpvRaisedChangeTests {
    @Test("set_property pause: the observer's property-change comes before the reply, in one serve")
    func pauseChangeBeforeTheReply() throws {
        let app = try DirectorHarness(paths: [DirectorMpvTests.clip])
        #expect(app.waitForPlayer())
        let mpv = try DirectorMpvTests.MpvClient(app)
        defer { mpv.desk.finish(app.director) }
        #expect(try mpv.ask([.string("observe_property"), .int(7), .string("pause")])["error"] == .string("success"))
        _ = try mpv.awaitEvent("property-change")
        try mpv.client.send(.object(["command": .array([.string("set_property"), .string("pause"), .bool(true)]), "request_id": .int(99)]))
        var lines: [JSONValue] = []
        let deadline = Date(timeIntervalSinceNow: 5)
        while !lines.contains(where: { $0["request_id"] == .int(99) }), Date() < deadline {
            _ = mpv.desk.serve(app.director, at: app.now)
            while let line = try? mpv.client.nextLine(until: .now + .milliseconds(5)), let value = try? JSONValue(parsing: line) {
                lines.append(value)
            }
        }
        let reply = lines.firstIndex { $0["request_id"] == .int(99) }
        let change = lines.firstIndex { $0["event"] == .string("property-change") && $0["id"] == .int(7) && $0["data"] == .bool(true) }
        #expect(reply != nil && change != nil, "heard \(lines)")
        if let reply, let change { #expect(change < reply, "the change was told after the reply: found by a later comparison") }
    }

    /// `inset ctl set NAME VALUE` and `inset ctl cycle NAME` (Inset's `id`, no `request_id`):
    /// mpv's `set` and `cycle` through the rows, answered in Inset's shape.
    @Test("inset ctl set loop-file inf, then cycle loop-file: each answered with its id, the value read back")
    func ctlSetsAndCyclesARow() throws {
        let app = try DirectorHarness(paths: [DirectorMpvTests.clip])
        #expect(app.waitForPlayer())
        let mpv = try DirectorMpvTests.MpvClient(app)
        defer { mpv.desk.finish(app.director) }
        let ctl = try ControlClient(path: mpv.desk.server.path)
        func ask(_ words: [String], id: Int) throws -> JSONValue? {
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
        let set = try ask(["set", "loop-file", "inf"], id: 1)
        #expect(set?["error"] == nil && set?["id"] == .int(1), "\(String(describing: set))")
        #expect(try mpv.data("loop-file") == .string("inf"))
        let cycled = try ask(["cycle", "loop-file"], id: 2)
        #expect(cycled?["error"] == nil, "\(String(describing: cycled))")
        #expect(try mpv.data("loop-file") == .bool(false), "inf → no: yes, the next word, is inf too")
    }
}
