import Foundation
import Testing
@testable import InsetControl

/// The server and the client over a real Unix socket, the player's side played by the
/// test: it takes the requests and answers them as the loop does.
@Suite struct ControlSocketTests {
    let directory: String

    init() throws {
        // Under /tmp, not TMPDIR: a socket's path has at most 107 bytes (104 on macOS), and
        // a deep TMPDIR left too few for these.
        directory = "/tmp/inset-control-\(getpid())-\(UInt32.random(in: 0...UInt32.max))/inset"
        try FileManager.default.createDirectory(atPath: (directory as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
    }

    /// Answers every request the server has with `answer`, until `stop` is set.
    private func answering(_ server: ControlServer, _ answer: @escaping @Sendable (ControlRequest) -> (JSONValue?, String?)) -> () -> Void {
        let done = LockedFlag()
        let thread = Thread {
            while !done.value {
                for request in server.takeRequests() {
                    let (result, error) = answer(request)
                    server.reply(to: request, result: result, error: error)
                }
                usleep(2_000)
            }
        }
        thread.start()
        return { done.set() }
    }

    @Test func aRequestGetsItsReplyWithItsId() throws {
        try ControlPaths.prepareDirectory(directory)
        let server = try ControlServer(path: directory + "/1.sock", onRequest: {})
        defer { server.stop() }
        let stop = answering(server) { request in
            request.words == ["get", "time"] ? (.double(12.5), nil) : (nil, "unknown command '\(request.words[0])'")
        }
        defer { stop() }
        let client = try ControlClient(path: server.path)
        let reply = try client.request(["get", "time"], id: 7)
        #expect(reply == .object(["id": .int(7), "result": .double(12.5)]))
        let refused = try client.request(["dance"], id: 8)
        #expect(refused["error"] == .string("unknown command 'dance'"))
        #expect(refused["id"] == .int(8))
    }

    @Test func whatIsNotARequestIsRefusedAndTheConnectionStays() throws {
        try ControlPaths.prepareDirectory(directory)
        let server = try ControlServer(path: directory + "/2.sock", onRequest: {})
        defer { server.stop() }
        let stop = answering(server) { _ in (.string("ok"), nil) }
        defer { stop() }
        let fd = try rawConnection(server.path)
        defer { close(fd) }
        let lines = exchange(fd, "this is not json\n{\"id\": 3}\n{\"command\": \"pause\", \"request_id\": \"a\"}\n", replies: 3)
        #expect(lines.count == 3)
        #expect(lines[0].contains("\"error\":\"not JSON"))
        #expect(lines[1] == #"{"error":"no \"command\"; expected {\"command\": [\"pause\"]}","id":3}"#)
        #expect(lines[2] == #"{"id":"a","result":"ok"}"#)
    }

    /// A client that quits before its reply (`inset ctl` killed, a script's timeout): the
    /// reply's write finds the connection gone, which must be an error, not a SIGPIPE that
    /// ends the player (here, the test process). CI met it once.
    @Test func aClientGoneBeforeItsReplyDoesNotEndTheServer() throws {
        try ControlPaths.prepareDirectory(directory)
        let server = try ControlServer(path: directory + "/6.sock", onRequest: {})
        defer { server.stop() }
        // A reply larger than the socket holds, so the server is still writing it when the
        // client, having read its first bytes, goes.
        let stop = answering(server) { _ in (.string(String(repeating: "x", count: 900_000)), nil) }
        defer { stop() }
        for _ in 0..<3 {
            let fd = try rawConnection(server.path)
            _ = "{\"command\": [\"pause\"], \"id\": 1}\n".withCString { write(fd, $0, strlen($0)) }
            var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            #expect(poll(&descriptor, 1, 5000) == 1)
            var buffer = [UInt8](repeating: 0, count: 1024)
            _ = read(fd, &buffer, buffer.count)
            close(fd)
            usleep(50_000)
        }
        let client = try ControlClient(path: server.path)
        #expect(try client.request(["pause"])["result"].map { "\($0)".count } == 900_000)
    }

    @Test func observersReceiveEventsOthersDoNot() throws {
        try ControlPaths.prepareDirectory(directory)
        let server = try ControlServer(path: directory + "/3.sock", onRequest: {})
        defer { server.stop() }
        let observer = try ControlClient(path: server.path)
        let bystander = try ControlClient(path: server.path)
        _ = try observer.request(["observe"])
        #expect(server.hasObservers)
        server.broadcast(.object(["event": .string("time"), "time": .int(3)]))
        #expect(try observer.nextLine(until: .now + .seconds(5)) == #"{"event":"time","time":3}"#)
        #expect(throws: ControlError.self) { try bystander.nextLine(until: .now + .milliseconds(200)) }
    }

    @Test func theDirectoryIsPrivateAndTheSocketTheUsersOnly() throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o755])
        try ControlPaths.prepareDirectory(directory)
        let server = try ControlServer(path: directory + "/4.sock", onRequest: {})
        defer { server.stop() }
        #expect(mode(directory) == 0o700)
        #expect(mode(server.path) == 0o600)
    }

    @Test func theNewestLivePlayerIsFoundAndDeadOnesSwept() throws {
        try ControlPaths.prepareDirectory(directory)
        let environment = ["XDG_RUNTIME_DIR": (directory as NSString).deletingLastPathComponent]
        // A PID that is not running: a process that has exited.
        let gone = Process()
        gone.executableURL = URL(fileURLWithPath: "/bin/true")
        try gone.run()
        gone.waitUntilExit()
        let dead = try ControlServer(path: directory + "/\(gone.processIdentifier).sock", onRequest: {})
        defer { dead.stop() }
        usleep(20_000)
        let live = try ControlServer(path: ControlPaths.socketPath(environment: environment), onRequest: {})
        defer { live.stop() }
        #expect(try ControlPaths.newestSocket(environment: environment) == live.path)
        #expect(!FileManager.default.fileExists(atPath: dead.path), "a dead player's socket is removed")
    }

    @Test func stoppingRemovesTheSocket() throws {
        try ControlPaths.prepareDirectory(directory)
        let server = try ControlServer(path: directory + "/5.sock", onRequest: {})
        let client = try ControlClient(path: server.path)
        server.stop()
        #expect(!FileManager.default.fileExists(atPath: server.path))
        #expect(try client.nextLine(until: .now + .seconds(5)) == nil, "the connection ends")
        #expect(throws: ControlError.self) { try ControlClient(path: server.path) }
    }

    private func mode(_ path: String) -> mode_t {
        var status = stat()
        _ = lstat(path, &status)
        return status.st_mode & 0o777
    }

    private func rawConnection(_ path: String) throws -> Int32 {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        _ = try UnixSocket.withAddress(path) { connect(fd, $0, $1) }
        return fd
    }

    private func exchange(_ fd: Int32, _ text: String, replies: Int) -> [String] {
        _ = text.withCString { write(fd, $0, strlen($0)) }
        var received = ""
        var buffer = [UInt8](repeating: 0, count: 4096)
        let deadline = Date().addingTimeInterval(5)
        while received.filter({ $0 == "\n" }).count < replies, Date() < deadline {
            var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, 100) > 0 else { continue }
            let count = read(fd, &buffer, buffer.count)
            if count <= 0 { break }
            received += String(decoding: buffer[0..<count], as: UTF8.self)
        }
        return received.split(separator: "\n").map(String.init)
    }
}

final class LockedFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var flag = false
    var value: Bool { lock.lock(); defer { lock.unlock() }; return flag }
    func set() { lock.lock(); flag = true; lock.unlock() }
}
