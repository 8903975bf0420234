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
}
