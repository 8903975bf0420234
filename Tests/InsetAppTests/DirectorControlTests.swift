import Foundation
import InsetControl
import InsetCore
import Testing
@testable import InsetApp
@testable import InsetPlayback

/// The control socket's requests through the director with no terminal: a real socket, a
/// real client, the desk the loop runs once per turn.
@Suite("Director: the control socket", .serialized)
struct DirectorControlTests {
    static let clip = sample("long_gop.mp4")

    /// A client's request answered as the loop would: the desk serves each turn until the
    /// reply comes.
    final class Turns: @unchecked Sendable {
        let app: DirectorHarness
        let desk: ControlDesk
        init(_ app: DirectorHarness, _ desk: ControlDesk) { self.app = app; self.desk = desk }

        func request(_ words: [String], over client: ControlClient) throws -> JSONValue {
            let reply = LockedReply()
            // The client is used by the asking thread alone until it has its reply.
            nonisolated(unsafe) let client = client
            let asker = Thread { reply.set(Result { try client.request(words, timeout: .seconds(5)) }) }
            asker.start()
            let deadline = Date(timeIntervalSinceNow: 5)
            while reply.value == nil, Date() < deadline {
                _ = desk.serve(app.director, at: app.now)
                app.tick()
                usleep(5_000)
            }
            return try #require(reply.value).get()
        }
    }

    static func turns(_ app: DirectorHarness) throws -> (Turns, ControlClient) {
        // Under /tmp, not TMPDIR: a socket's path has at most 107 bytes (104 on macOS).
        let directory = "/tmp/inset-desk-\(UUID().uuidString.prefix(6))"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let desk = ControlDesk(server: try ControlServer(path: directory + "/p.sock", onRequest: {}))
        return (Turns(app, desk), try ControlClient(path: desk.server.path))
    }

    @Test("pause, get, seek and window-move over the socket act on the video floating over the library, as its keys would")
    func commandsReachTheWindowsVideo() throws {
        let app = try DirectorHarness(paths: [Self.clip])
        #expect(app.waitForPlayer())
        app.key("p")
        #expect(app.waitForWindow())
        let (turns, client) = try Self.turns(app)
        defer { turns.desk.finish(turns.app.director) }
        #expect(try turns.request(["get", "pip"], over: client)["result"] == .bool(true))
        #expect(try turns.request(["get", "file"], over: client)["result"] == .string(Self.clip))
        #expect(try turns.request(["pause", "on"], over: client) == .object(["id": .int(1), "result": .null]))
        #expect(app.director.videos.window?.snapshot.isPlaying == false)
        #expect(try turns.request(["get", "paused"], over: client)["result"] == .bool(true))
        guard case .double(let before)? = try turns.request(["get", "time"], over: client)["result"] else {
            Issue.record("no time"); return
        }
        _ = try turns.request(["seek", "+2"], over: client)
        guard case .double(let after)? = try turns.request(["get", "time"], over: client)["result"] else {
            Issue.record("no time"); return
        }
        #expect(abs(after - before - 2) < 0.5, "seek +2 from \(before) gave \(after)")
        _ = try turns.request(["window-move", "top-left"], over: client)
        #expect(app.window?.layout.nearestCorner == .topLeft)
        // What the table does not know is refused with what would be valid.
        let refused = try turns.request(["dance"], over: client)
        #expect(refused["error"].map { "\($0)" }?.hasPrefix("unknown command 'dance'") == true)
        #expect(try turns.request(["get", "colour"], over: client)["error"] == .string(ControlDesk.expectedGet))
        _ = try turns.request(["quit"], over: client)
        #expect(!app.director.isRunning)
    }

    @Test("an observer hears the state when it changes and the time each second")
    func observerHearsStateAndTime() throws {
        let app = try DirectorHarness(paths: [Self.clip])
        #expect(app.waitForPlayer())
        let (turns, client) = try Self.turns(app)
        defer { turns.desk.finish(turns.app.director) }
        _ = try turns.request(["observe"], over: client)
        var lines: [String] = []
        let deadline = Date(timeIntervalSinceNow: 8)
        while Date() < deadline, lines.filter({ $0.contains("\"time\"") && $0.contains("event") }).count < 3 {
            _ = turns.desk.serve(app.director, at: app.now)
            app.tick()
            if let line = try? client.nextLine(until: .now + .milliseconds(20)) { lines.append(line) }
        }
        let first = try #require(lines.first)
        #expect(first.contains(#""event":"state""#) && first.contains(#""state":"playing""#) && first.contains(#""pip":false"#))
        let times = lines.compactMap { try? JSONValue(parsing: $0) }.filter { $0["event"] == .string("time") }
        #expect(times.count >= 3, "\(lines)")
        app.key("Space")
        var paused = false
        for _ in 0..<50 where !paused {
            _ = turns.desk.serve(app.director, at: app.now)
            if let line = try? client.nextLine(until: .now + .milliseconds(20)) { paused = line.contains(#""state":"paused""#) }
        }
        #expect(paused)
        // The player going is the last event, then the end of the connection.
        turns.desk.finish(turns.app.director)
        var last: [String] = []
        while let line = try client.nextLine(until: .now + .seconds(5)) { last.append(line) }
        #expect(last.last == #"{"event":"quit"}"#, "\(last)")
    }

    @Test("the window opens in the corner and at the size the config file gives")
    func windowOpensWhereConfigured() throws {
        let plain = try DirectorHarness(paths: [Self.clip])
        #expect(plain.waitForPlayer())
        plain.key("p")
        #expect(plain.waitForWindow())
        let defaultSize = try #require(plain.window?.layout.frame.size)
        let app = try DirectorHarness(paths: [Self.clip]) { options in
            options.windowCorner = .topLeft
            options.windowSizeSteps = 2
        }
        #expect(app.waitForPlayer())
        app.key("p")
        #expect(app.waitForWindow())
        #expect(app.window?.layout.nearestCorner == .topLeft)
        #expect(try #require(app.window?.layout.frame.size).columns == defaultSize.columns + 2 * 4)
    }
}

final class LockedReply: @unchecked Sendable {
    private let lock = NSLock()
    private var result: Result<JSONValue, any Error>?
    var value: Result<JSONValue, any Error>? { lock.lock(); defer { lock.unlock() }; return result }
    func set(_ value: Result<JSONValue, any Error>) { lock.lock(); result = value; lock.unlock() }
}
