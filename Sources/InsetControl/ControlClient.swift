import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `inset ctl`'s side of the control socket: one request and its reply, or the events.
public final class ControlClient {
    private let fd: Int32
    private var input: [UInt8] = []
    /// How much of `input` is known to hold no newline, so a long line is scanned once.
    private var scanned = 0
    public let path: String
    /// The longest line read from the player: a reply or an event is a few hundred bytes; a
    /// socket that never ends its line is not a player's.
    public static let longestLine = 1 << 20

    public init(path: String) throws(ControlError) {
        self.path = path
        fd = try UnixSocket.make()
        let connected = try UnixSocket.withAddress(path) { connect(fd, $0, $1) }
        guard connected == 0 else {
            let code = errno
            close(fd)
            throw code == ENOENT || code == ECONNREFUSED ? .refused("no player is listening at \(path)") : .system("cannot connect to \(path)", code)
        }
    }

    deinit { close(fd) }

    /// Sends `words` as one request and waits (up to `timeout`) for its reply.
    public func request(_ words: [String], id: Int = 1, timeout: Duration = .seconds(5)) throws(ControlError) -> JSONValue {
        let request = JSONValue.object(["command": .array(words.map(JSONValue.string)), "id": .int(id)])
        try send(request.line + "\n")
        let deadline = ContinuousClock.now + timeout
        while true {
            guard let line = try nextLine(until: deadline) else { throw .refused("the player closed the connection") }
            guard let value = try? JSONValue(parsing: line) else { continue }
            if value["id"] == .int(id) { return value }
        }
    }

    /// Sends one request as it is (an mpv client's, with `request_id`); the replies and
    /// events are read with `nextLine`.
    public func send(_ request: JSONValue) throws(ControlError) {
        try send(line: request.line)
    }

    /// Sends one line as it is (an mpv text command, `loadfile 'a.mp4' append`).
    public func send(line: String) throws(ControlError) {
        try send(line + "\n")
    }

    /// The next line the player sends, nil at the end of the connection; waits for ever
    /// without a deadline.
    public func nextLine(until deadline: ContinuousClock.Instant? = nil) throws(ControlError) -> String? {
        while true {
            if let newline = input[scanned...].firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: input[..<newline], as: UTF8.self)
                input.removeSubrange(...newline)
                scanned = 0
                return line
            }
            scanned = input.count
            guard input.count <= ControlClient.longestLine else {
                throw .refused("the reply from \(path) is longer than \(ControlClient.longestLine >> 20) MiB without a line's end")
            }
            var timeoutMilliseconds: Int32 = -1
            if let deadline {
                let left = deadline - ContinuousClock.now
                guard left > .zero else { throw .refused("no reply from the player at \(path)") }
                timeoutMilliseconds = Int32(min(Double(Int32.max), (Double(left.components.seconds) + Double(left.components.attoseconds) / 1e18) * 1000 + 1))
            }
            var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, timeoutMilliseconds)
            if ready < 0 { if errno == EINTR { continue }; throw .system("cannot read from \(path)", errno) }
            if ready == 0 { continue }
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = read(fd, &buffer, buffer.count)
            // The player gone, in order or not, ends the conversation the same way.
            if count == 0 || (count < 0 && errno == ECONNRESET) { return nil }
            if count < 0 { if errno == EINTR { continue }; throw .system("cannot read from \(path)", errno) }
            input.append(contentsOf: buffer[0..<count])
        }
    }

    private func send(_ text: String) throws(ControlError) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { UnixSocket.send(fd, $0.baseAddress, $0.count) }
            if written < 0 { if errno == EINTR { continue }; throw .system("cannot write to \(path)", errno) }
            bytes = bytes.dropFirst(written)
        }
    }
}
