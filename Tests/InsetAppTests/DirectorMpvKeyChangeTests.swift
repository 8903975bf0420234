import Foundation
import InsetControl
import InsetCore
import Testing
@testable import InsetApp

/// A change made by a key is raised where it happens, as a set through mpv's IPC is
/// (issue 43): the command (`Director.execute`) raises its rows, the playback machine's
/// `pause`/`play` raises `pause`, and the desk tells only what was raised (or moves, or
/// follows the player). Before, the desk read and compared every observed property on every
/// turn (`MpvDesk.sendEvents` → `MpvObservation.changes` with nothing raised); with that
/// comparison gone and no raise, a key's pause is never told.
@Suite("Director: mpv property changes made by keys raised where they happen", .serialized)
struct DirectorMpvKeyChangeTests {
    /// What the client hears from one serve of the desk.
    static func serveOnce(_ mpv: DirectorMpvTests.MpvClient) -> [JSONValue] {
        _ = mpv.desk.serve(mpv.app.director, at: mpv.app.now)
        var lines: [JSONValue] = []
        while let line = try? mpv.client.nextLine(until: .now + .milliseconds(20)), let value = try? JSONValue(parsing: line) {
            lines.append(value)
        }
        return lines
    }

    static func number(_ value: JSONValue) -> Double? {
        switch value {
        case .double(let number): number
        case .int(let number): Double(number)
        default: nil
        }
    }

    static func changes(of id: Int, in lines: [JSONValue]) -> [JSONValue] {
        lines.filter { $0["event"] == .string("property-change") && $0["id"] == .int(id) }
    }

    @Test("Space and ]: pause and speed each told once, in the turn of the key; nothing more in the next turns")
    func keyChangesToldOnceInTheirTurn() throws {
        let app = try DirectorHarness(paths: [DirectorMpvTests.clip])
        #expect(app.waitForPlayer())
        let mpv = try DirectorMpvTests.MpvClient(app)
        defer { mpv.desk.finish(app.director) }
        #expect(try mpv.ask([.string("observe_property"), .int(7), .string("pause")])["error"] == .string("success"))
        #expect(try mpv.ask([.string("observe_property"), .int(8), .string("speed")])["error"] == .string("success"))
        // Untimed, the harness has no sound device, so no volume to step: the speed key instead.
        let speedBefore = try #require(try mpv.data("speed").flatMap(Self.number))
        _ = Self.serveOnce(mpv)
        app.key("Space")
        let turn = Self.serveOnce(mpv)
        #expect(Self.changes(of: 7, in: turn).map { $0["data"] } == [.bool(true)], "heard \(turn)")
        app.key("]")
        let speedTurn = Self.serveOnce(mpv)
        let told = Self.changes(of: 8, in: speedTurn)
        #expect(told.count == 1, "heard \(speedTurn)")
        #expect(told.first?["data"].flatMap(Self.number).map { $0 > speedBefore } == true, "\(told) after \(speedBefore)")
        var later: [JSONValue] = []
        for _ in 0..<5 { app.tick(); later += Self.serveOnce(mpv) }
        #expect(Self.changes(of: 7, in: later).isEmpty && Self.changes(of: 8, in: later).isEmpty, "told again: \(later)")
    }

    @Test("keypress SPACE through mpv's IPC: the pause's change before the reply, then nothing more")
    func keypressChangeBeforeItsReply() throws {
        let app = try DirectorHarness(paths: [DirectorMpvTests.clip])
        #expect(app.waitForPlayer())
        let mpv = try DirectorMpvTests.MpvClient(app)
        defer { mpv.desk.finish(app.director) }
        #expect(try mpv.ask([.string("observe_property"), .int(7), .string("pause")])["error"] == .string("success"))
        _ = Self.serveOnce(mpv)
        try mpv.client.send(.object(["command": .array([.string("keypress"), .string("SPACE")]), "request_id": .int(41)]))
        var lines: [JSONValue] = []
        let deadline = Date(timeIntervalSinceNow: 5)
        while !lines.contains(where: { $0["request_id"] == .int(41) }), Date() < deadline { lines += Self.serveOnce(mpv) }
        let reply = lines.firstIndex { $0["request_id"] == .int(41) }
        let change = lines.firstIndex { $0["event"] == .string("property-change") && $0["id"] == .int(7) }
        #expect(reply != nil && change != nil, "heard \(lines)")
        if let reply, let change { #expect(change < reply, "the key's change came after the reply") }
        for _ in 0..<3 { app.tick(); lines += Self.serveOnce(mpv) }
        #expect(Self.changes(of: 7, in: lines).count == 1, "heard \(lines)")
    }

    /// The file's end raises every property: `eof-reached` observed flips with `--keep-open`,
    /// which no command and no `end-file` event raises.
    @Test("--keep-open: eof-reached told true at the end, raised by the file's end")
    func endOfFileRaised() throws {
        let app = try DirectorHarness(paths: [DirectorMpvTests.clip]) { $0.mpvSession.keepOpen = true }
        #expect(app.waitForPlayer())
        let mpv = try DirectorMpvTests.MpvClient(app)
        defer { mpv.desk.finish(app.director) }
        #expect(try mpv.ask([.string("observe_property"), .int(5), .string("eof-reached")])["error"] == .string("success"))
        #expect(try mpv.ask([.string("seek"), .int(-1), .string("absolute")])["error"] == .string("success"))
        var lines: [JSONValue] = []
        let deadline = Date(timeIntervalSinceNow: 8)
        while !Self.changes(of: 5, in: lines).contains(where: { $0["data"] == .bool(true) }), Date() < deadline {
            app.tick()
            lines += Self.serveOnce(mpv)
        }
        #expect(Self.changes(of: 5, in: lines).contains { $0["data"] == .bool(true) }, "heard \(lines)")
    }
}
