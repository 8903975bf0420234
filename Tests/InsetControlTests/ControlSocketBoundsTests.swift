import Foundation
import Testing
@testable import InsetControl

/// The control socket's bounds, each against a client that breaks it (issue 28, low 6):
/// what was once accepted (a 156 MB line, 144 MB of replies for a client that stopped
/// reading, a burst that froze the picture, 32 idle connections that locked `inset ctl`
/// out) and the folder `inset ctl` trusts (medium 4).
@Suite("Control socket bounds", .serialized)
struct ControlSocketBoundsTests {
    let directory: String

    init() throws {
        // Under /tmp, not TMPDIR: a socket's path has at most 107 bytes.
        directory = "/tmp/inset-bounds-\(getpid())-\(UInt32.random(in: 0...UInt32.max))/inset"
        try FileManager.default.createDirectory(atPath: (directory as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        try ControlPaths.prepareDirectory(directory)
    }

    private func connect(_ path: String) throws -> Int32 {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        let connected = try UnixSocket.withAddress(path) { Glibc.connect(fd, $0, $1) }
        #expect(connected == 0)
        UnixSocket.noSignalOnWrite(fd)
        return fd
    }

    @Test("a line that grows past 64 KiB without its end drops the client at once, not after the whole line")
    func longLine() throws {
        let server = try ControlServer(path: directory + "/1.sock", onRequest: {})
        defer { server.stop() }
        let fd = try connect(server.path)
        defer { close(fd) }
        // 64 MB without a newline: the server must close before taking much of it.
        let chunk = [UInt8](repeating: UInt8(ascii: "x"), count: 64 * 1024)
        var accepted = 0
        while accepted < 64 << 20 {
            let written = chunk.withUnsafeBytes { UnixSocket.send(fd, $0.baseAddress, $0.count) }
            if written <= 0 { break }
            accepted += written
        }
        #expect(accepted < 2 << 20, "\(accepted) bytes of one line were taken")
    }

    @Test("a client that stops reading is dropped once a megabyte waits for it")
    func stopsReading() throws {
        let server = try ControlServer(path: directory + "/2.sock", onRequest: {})
        defer { server.stop() }
        let fd = try connect(server.path)
        defer { close(fd) }
        _ = #"{"command": ["observe"], "id": 1}"#.appending("\n").withCString { write(fd, $0, strlen($0)) }
        let deadline = Date().addingTimeInterval(5)
        while !server.hasObservers && Date() < deadline { usleep(5_000) }
        #expect(server.hasObservers)
        let event = JSONValue.object(["event": .string("padding"), "text": .string(String(repeating: "y", count: 10_000))])
        for _ in 0..<400 where server.hasObservers {
            server.broadcast(event)
            usleep(1_000)
        }
        while server.hasObservers && Date() < deadline { usleep(5_000) }
        #expect(!server.hasObservers, "a client that reads nothing still observes after 4 MB of events")
    }

    @Test("a burst of requests from one client does not hold up another's, and the loop takes at most 64 a turn")
    func burst() throws {
        let server = try ControlServer(path: directory + "/3.sock", onRequest: {})
        defer { server.stop() }
        let flooding = try connect(server.path)
        defer { close(flooding) }
        // The player's side: each request costs a millisecond of the loop.
        let done = LockedFlag()
        let largestTurn = LockedCount()
        let loop = Thread {
            while !done.value {
                let taken = server.takeRequests()
                largestTurn.raise(to: taken.count)
                for request in taken {
                    usleep(1_000)
                    server.reply(to: request, result: .string("ok"))
                }
                usleep(1_000)
            }
        }
        loop.start()
        defer { done.set() }
        // 4 MB of requests, written as fast as the socket takes them.
        let line = Array(#"{"command": ["pause"], "id": 9}"#.utf8) + [UInt8(ascii: "\n")]
        let burst = [UInt8]((0..<(4 << 20) / line.count).flatMap { _ in line })
        let writer = Thread {
            var offset = 0
            while offset < burst.count {
                let written = burst.withUnsafeBytes { UnixSocket.send(flooding, $0.baseAddress! + offset, burst.count - offset) }
                if written <= 0 { break }
                offset += written
            }
        }
        writer.start()
        usleep(200_000)
        let other = try ControlClient(path: server.path)
        let started = ContinuousClock.now
        let reply = try other.request(["get", "time"], id: 2, timeout: .seconds(10))
        let waited = ContinuousClock.now - started
        #expect(reply["result"] == .string("ok"))
        #expect(waited < .seconds(2), "another client's request waited \(waited) behind the burst")
        #expect(largestTurn.value <= ControlServer.mostPerTurn)
    }

    @Test("when every place is taken by an idle client, a new one takes the place of the one silent longest")
    func idleClientsDoNotLockOut() throws {
        let server = try ControlServer(path: directory + "/4.sock", onRequest: {})
        defer { server.stop() }
        let done = LockedFlag()
        let loop = Thread {
            while !done.value {
                for request in server.takeRequests() { server.reply(to: request, result: .string("ok")) }
                usleep(2_000)
            }
        }
        loop.start()
        defer { done.set() }
        let idle = try (0..<ControlServer.mostClients).map { _ in try connect(server.path) }
        defer { idle.forEach { close($0) } }
        usleep(100_000)
        let client = try ControlClient(path: server.path)
        #expect(try client.request(["pause"], timeout: .seconds(5))["result"] == .string("ok"))
    }

    // MARK: - The folder `inset ctl` trusts

    @Test("a folder of another user's is not trusted, nor is a link to a folder, and nothing in it is swept")
    func untrustedFolders() throws {
        let parent = (directory as NSString).deletingLastPathComponent + "-other"
        let folder = parent + "/inset"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: parent) }
        // A file that looks like a dead player's socket: a sweep through a folder it should
        // not trust would delete it.
        let bait = folder + "/999999.sock"
        FileManager.default.createFile(atPath: bait, contents: Data("keep".utf8))
        // Through a symbolic link.
        let linked = (directory as NSString).deletingLastPathComponent + "-linked"
        try FileManager.default.createDirectory(atPath: linked, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: linked) }
        try FileManager.default.createSymbolicLink(atPath: linked + "/inset", withDestinationPath: folder)
        #expect(throws: ControlError.self) { try ControlPaths.newestSocket(environment: ["XDG_RUNTIME_DIR": linked]) }
        #expect(FileManager.default.fileExists(atPath: bait), "the sweep deleted a file through a link")
        // Owned by another user (root can give it away; others cannot make one).
        guard getuid() == 0 else {
            print("skipped: a folder of another user's needs root to make (chown)")
            return
        }
        _ = chmod(folder, 0o777)
        #expect(chown(folder, 65534, 65534) == 0)
        do {
            _ = try ControlPaths.newestSocket(environment: ["XDG_RUNTIME_DIR": parent])
            Issue.record("a folder of another user's was trusted")
        } catch {
            #expect("\(error)".contains("belongs to another user"), "\(error)")
        }
        #expect(FileManager.default.fileExists(atPath: bait))
    }

    @Test("a reply that never ends its line is refused past a megabyte")
    func endlessReply() throws {
        let path = directory + "/5.sock"
        let listener = try UnixSocket.make()
        _ = try UnixSocket.withAddress(path) { bind(listener, $0, $1) }
        listen(listener, 1)
        defer { close(listener); unlink(path) }
        let talker = Thread {
            let fd = accept(listener, nil, nil)
            guard fd >= 0 else { return }
            UnixSocket.noSignalOnWrite(fd)
            let chunk = [UInt8](repeating: UInt8(ascii: "z"), count: 64 * 1024)
            for _ in 0..<1024 where chunk.withUnsafeBytes({ UnixSocket.send(fd, $0.baseAddress, $0.count) }) > 0 {}
            close(fd)
        }
        talker.start()
        let client = try ControlClient(path: path)
        do {
            _ = try client.request(["pause"], timeout: .seconds(20))
            Issue.record("an endless reply was taken")
        } catch {
            #expect("\(error)".contains("longer than 1 MiB"), "\(error)")
        }
    }
}

final class LockedCount: @unchecked Sendable {
    private let lock = NSLock()
    private var largest = 0
    var value: Int { lock.withLock { largest } }
    func raise(to count: Int) { lock.withLock { largest = max(largest, count) } }
}
