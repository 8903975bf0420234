import Foundation
import InsetControl
import InsetCore
import Testing
@testable import InsetApp
@testable import InsetPlayback

/// Every request `inset ctl` sends is answered with its `id`, error or not, at once; a
/// request in mpv's shape is still answered in mpv's (issue 48 item 3). Through a real
/// socket and the client `inset ctl` uses, the desk served as the loop serves it.
@Suite("Director: each request answered in its own shape", .serialized)
struct DirectorControlShapesTests {
    static let clip = sample("long_gop.mp4")

    @Test("issue 48 item 3: inset ctl's requests of a name mpv shares (seek 1:00, seek, seek abc, screenshot, quit with bad words) get Inset's error with their id, in well under a second")
    func sharedNamesAnsweredWithTheirID() throws {
        let app = try DirectorHarness(paths: [Self.clip])
        #expect(app.waitForPlayer())
        let (turns, client) = try DirectorControlTests.turns(app)
        defer { turns.desk.finish(turns.app.director) }
        let asked: [[String]] = [["seek", "1:00"], ["seek"], ["seek", "abc"], ["screenshot", "every", "frame"], ["quit", "now"]]
        for words in asked {
            let start = ContinuousClock.now
            // Before the fix these waited the client's 5 s: the reply carried mpv's `request_id`.
            let reply = try turns.request(words, over: client)
            let took = ContinuousClock.now - start
            #expect(reply["id"] == .int(1), "\(words): \(reply.line)")
            #expect(reply["request_id"] == nil, "\(words): \(reply.line)")
            guard case .string(let error)? = reply["error"] else { Issue.record("\(words): no error in \(reply.line)"); continue }
            #expect(error.hasPrefix(words[0]) || error.contains(words[0]), "\(words): \(error)")
            #expect(took < .seconds(1), "\(words) answered after \(took)")
        }
        #expect(try turns.request(["seek", "1:00"], over: client)["error"].map { "\($0)" }?.contains("'1:00' has no + or -") == true)
        #expect(app.director.isRunning, "quit with a word it does not take quits nothing")
    }

    @Test("issue 48 item 3: one of mpv's own commands sent by inset ctl is carried out and answered with its id")
    func mpvCommandFromCtlAnsweredWithID() throws {
        let app = try DirectorHarness(paths: [Self.clip])
        #expect(app.waitForPlayer())
        let (turns, client) = try DirectorControlTests.turns(app)
        defer { turns.desk.finish(turns.app.director) }
        #expect(try turns.request(["get_property", "pause"], over: client) == .object(["id": .int(1), "result": .bool(false)]))
        let unknown = try turns.request(["get_property", "colour"], over: client)
        #expect(unknown["id"] == .int(1) && unknown["request_id"] == nil, "\(unknown.line)")
        #expect(unknown["error"].map { "\($0)" }?.contains("property not found") == true, "\(unknown.line)")
    }

    @Test("issue 48 item 3: the same words in mpv's shape (request_id, or no id) still get mpv's reply")
    func mpvShapeStillMpvs() throws {
        let app = try DirectorHarness(paths: [Self.clip])
        #expect(app.waitForPlayer())
        let (turns, client) = try DirectorControlTests.turns(app)
        defer { turns.desk.finish(turns.app.director) }
        func mpvReply(_ line: String) throws -> JSONValue? {
            try client.send(line: line)
            let deadline = Date(timeIntervalSinceNow: 5)
            while Date() < deadline {
                _ = turns.desk.serve(app.director, at: app.now)
                app.tick()
                if let text = try? client.nextLine(until: .now + .milliseconds(20)),
                   let value = try? JSONValue(parsing: text), value["event"] == nil { return value }
            }
            return nil
        }
        let withID = try #require(try mpvReply(#"{"command": ["seek", "abc"], "request_id": 4}"#))
        #expect(withID["request_id"] == .int(4) && withID["error"] == .string("invalid parameter"), "\(withID.line)")
        let plain = try #require(try mpvReply(#"{"command": ["seek", "abc"]}"#))
        #expect(plain["request_id"] == .int(0) && plain["id"] == nil, "\(plain.line)")
        let seek = try #require(try mpvReply(#"{"command": ["seek", "2", "absolute"], "request_id": 5}"#))
        #expect(seek == .object(["request_id": .int(5), "error": .string("success"), "data": .null]), "\(seek.line)")
    }
}
