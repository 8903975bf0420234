import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The control socket, as mpv's JSON IPC: clients connect to a Unix socket and write one
/// JSON request per line; each gets one reply line with its id. A client that asks to
/// `observe` also receives the events the player broadcasts (its state, the time each
/// second) until it disconnects.
///
/// Its own thread accepts, reads and writes; the player's loop takes the requests
/// (`takeRequests`, after `onRequest` woke it), answers each (`reply`) and broadcasts
/// events, none of which blocks on a client.
///
/// Every client is held to bounds, each enforced where the bytes arrive or are queued:
/// a line longer than `longestLine` drops the client as soon as that much has come without
/// a newline (a 156 MB line was once taken whole); replies and events waiting for a client
/// past `mostWaiting` drop it at the queueing (one that stopped reading piled up 144 MB);
/// a client whose requests wait unanswered past `mostPending` is not read until the loop
/// has taken them, and the loop takes at most `mostPerTurn` a turn, so a burst of requests
/// is served over a few turns instead of stalling the picture for one (4 MB of requests
/// froze it for 16 s); a client silent for `idleTimeout` that does not observe is
/// dropped, and when all `mostClients` places are taken a new client takes the place of
/// the one silent longest (32 idle connections locked `inset ctl` out).
public final class ControlServer: @unchecked Sendable {
    public let path: String
    private let listener: Int32
    private let wakePipe: (read: Int32, write: Int32)
    private let onRequest: @Sendable () -> Void
    private let lock = NSLock()
    // Guarded by `lock`.
    private var requests: [ControlRequest] = []
    private var outgoing: [Int: Outbox] = [:]
    private var observers: Set<Int> = []
    private var overflowing: Set<Int> = []
    private var pending: [Int: Int] = [:]
    private var stopping = false
    // The server thread's own.
    private var clients: [Int: Client] = [:]
    private var nextClient = 1
    private let finished = DispatchSemaphore(value: 0)

    private struct Client {
        let fd: Int32
        var input: [UInt8] = []
        /// How much of `input` is known to hold no newline.
        var scanned = 0
        /// When the client last sent anything (the monotonic clock, in seconds).
        var lastHeard: Double
    }

    /// What waits to be written to one client; `sent` bytes of `bytes` are gone already.
    private struct Outbox {
        var bytes: [UInt8] = []
        var sent = 0
        var waiting: Int { bytes.count - sent }
    }

    public static let longestLine = 64 * 1024
    public static let mostWaiting = 1 << 20
    public static let mostClients = 32
    public static let mostPending = 256
    public static let mostPerTurn = 64
    public static let idleTimeout = 60.0

    /// Serves at `path` (its directory must exist and be private): an old socket there is
    /// replaced. `onRequest` is called on the server's thread when requests wait (and by
    /// `takeRequests` when more wait than it took).
    public init(path: String, onRequest: @escaping @Sendable () -> Void) throws(ControlError) {
        self.path = path
        self.onRequest = onRequest
        let fd = try UnixSocket.make()
        var status = stat()
        if lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFSOCK { unlink(path) }
        // Made 0600 from the start, so no other user can connect between bind and chmod.
        let oldMask = umask(0o177)
        let bound = try UnixSocket.withAddress(path) { bind(fd, $0, $1) }
        let bindError = errno
        umask(oldMask)
        guard bound == 0 else { close(fd); throw .system("cannot serve \(path)", bindError) }
        guard listen(fd, 8) == 0 else { close(fd); unlink(path); throw .system("cannot listen on \(path)", errno) }
        _ = chmod(path, 0o600)
        UnixSocket.setNonBlocking(fd)
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else { close(fd); unlink(path); throw .system("cannot make a pipe", errno) }
        for end in pipeEnds { _ = fcntl(end, F_SETFD, FD_CLOEXEC); UnixSocket.setNonBlocking(end) }
        listener = fd
        wakePipe = (pipeEnds[0], pipeEnds[1])
        let thread = Thread { [self] in serve() }
        thread.name = "inset-control"
        thread.start()
    }

    /// The requests read since the last call, in order, at most `limit` of them; when more
    /// wait, `onRequest` is called again so the loop comes back for them next turn.
    public func takeRequests(limit: Int = ControlServer.mostPerTurn) -> [ControlRequest] {
        lock.lock()
        let taken = Array(requests.prefix(limit))
        requests.removeFirst(taken.count)
        let more = !requests.isEmpty
        for request in taken where pending[request.client] != nil { pending[request.client]! -= 1 }
        lock.unlock()
        if more { onRequest() }
        // A client held back for its pending requests may be read again.
        if !taken.isEmpty { wake() }
        return taken
    }

    /// Answers a request: its result, or why it was refused.
    public func reply(to request: ControlRequest, result: JSONValue? = nil, error: String? = nil) {
        send(.reply(id: request.id, result: result, error: error), to: request.client)
    }

    /// Sends an event to every client that asked to observe.
    public func broadcast(_ event: JSONValue) {
        lock.lock()
        let targets = observers
        lock.unlock()
        for client in targets { send(event, to: client) }
    }

    public var hasObservers: Bool {
        lock.lock(); defer { lock.unlock() }
        return !observers.isEmpty
    }

    /// Stops serving: the thread ends, every connection closes, the socket file goes.
    public func stop() {
        lock.lock()
        let already = stopping
        stopping = true
        lock.unlock()
        guard !already else { return }
        wake()
        finished.wait()
        // Closed here, after the thread has ended, so that no wake writes to a closed pipe.
        close(wakePipe.read)
        close(wakePipe.write)
        unlink(path)
    }

    deinit { stop() }

    private func send(_ value: JSONValue, to client: Int) {
        let line = Array((value.line + "\n").utf8)
        lock.lock()
        // After stop, the pipe is closed: nothing more is sent.
        guard !stopping else { return lock.unlock() }
        // A client that has gone has no queue: what was meant for it is dropped. One that
        // does not read is dropped by the server thread once too much waits for it.
        if outgoing[client] != nil {
            if outgoing[client]!.waiting + line.count > ControlServer.mostWaiting {
                overflowing.insert(client)
            } else {
                outgoing[client]!.bytes.append(contentsOf: line)
            }
        }
        lock.unlock()
        wake()
    }

    private func wake() {
        var byte: UInt8 = 1
        _ = write(wakePipe.write, &byte, 1)
    }
}

extension ControlServer {
    private func serve() {
        var descriptors: [pollfd] = []
        var order: [Int] = []
        while true {
            lock.lock()
            let stop = stopping
            let writable = Set(outgoing.filter { $0.value.waiting > 0 }.keys)
            let dropped = overflowing
            overflowing.removeAll()
            let heldBack = Set(pending.filter { $0.value >= ControlServer.mostPending }.keys)
            lock.unlock()
            if stop { break }
            dropped.forEach { disconnect($0, forced: true) }
            dropIdle()
            descriptors.removeAll(keepingCapacity: true)
            order.removeAll(keepingCapacity: true)
            descriptors.append(pollfd(fd: wakePipe.read, events: Int16(POLLIN), revents: 0))
            descriptors.append(pollfd(fd: listener, events: Int16(POLLIN), revents: 0))
            for (id, client) in clients {
                order.append(id)
                let reads = heldBack.contains(id) ? 0 : Int16(POLLIN)
                let events = reads | (writable.contains(id) ? Int16(POLLOUT) : 0)
                descriptors.append(pollfd(fd: client.fd, events: events, revents: 0))
            }
            // Woken at least once a second to find the idle.
            guard poll(&descriptors, nfds_t(descriptors.count), 1000) >= 0 || errno == EINTR else { break }
            if descriptors[0].revents != 0 { drainWakePipe() }
            if descriptors[1].revents & Int16(POLLIN) != 0 { accept() }
            for (index, id) in order.enumerated() {
                let revents = descriptors[index + 2].revents
                if revents & Int16(POLLOUT) != 0 { flush(id) }
                if revents & (Int16(POLLIN) | Int16(POLLHUP) | Int16(POLLERR)) != 0 { read(id) }
            }
        }
        // What was said last (the quit event) goes out if the client can take it now.
        for id in Array(clients.keys) {
            flush(id)
            disconnect(id, forced: false)
        }
        close(listener)
        finished.signal()
    }

    private static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// Drops the clients silent for `idleTimeout` that do not observe.
    private func dropIdle() {
        let now = ControlServer.now()
        let watching = lock.withLock { observers }
        for (id, client) in clients where now - client.lastHeard > ControlServer.idleTimeout && !watching.contains(id) {
            disconnect(id, forced: true)
        }
    }

    private func drainWakePipe() {
        var buffer = [UInt8](repeating: 0, count: 64)
        while readBytes(wakePipe.read, &buffer, buffer.count) > 0 {}
    }

    private func accept() {
        while true {
            let fd = acceptConnection(listener)
            guard fd >= 0 else { return }
            if clients.count >= ControlServer.mostClients, let quietest = clients.min(by: { $0.value.lastHeard < $1.value.lastHeard }) {
                disconnect(quietest.key, forced: true)
            }
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            UnixSocket.setNonBlocking(fd)
            UnixSocket.noSignalOnWrite(fd)
            let id = nextClient
            nextClient += 1
            clients[id] = Client(fd: fd, lastHeard: ControlServer.now())
            lock.lock(); outgoing[id] = Outbox(); lock.unlock()
        }
    }

    /// Reads what the client sent, a chunk at a time, taking each whole line as it comes; a
    /// line that grows past `longestLine` drops the client at once, and a client with
    /// `mostPending` requests waiting is read no further this time.
    private func read(_ id: Int) {
        guard var client = clients[id] else { return }
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        var ended = false
        while true {
            let count = readBytes(client.fd, &buffer, buffer.count)
            if count > 0 {
                client.input.append(contentsOf: buffer[0..<count])
                client.lastHeard = ControlServer.now()
                takeLines(id, &client)
                if client.input.count > ControlServer.longestLine { return disconnect(id, forced: true) }
                if lock.withLock({ pending[id, default: 0] >= ControlServer.mostPending }) { break }
                continue
            }
            if count == 0 || (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) { ended = true }
            break
        }
        if ended { return disconnect(id, forced: false) }
        clients[id] = client
    }

    /// Each whole line becomes a request, or an error reply at once.
    private func takeLines(_ id: Int, _ client: inout Client) {
        var taken: [ControlRequest] = []
        var start = 0
        let newline = UInt8(ascii: "\n")
        var index = max(client.scanned, 0)
        while let end = client.input[index...].firstIndex(of: newline) {
            let line = String(decoding: client.input[start..<end], as: UTF8.self)
            start = end + 1
            index = start
            if line.allSatisfy({ $0 == " " || $0 == "\r" || $0 == "\t" }) { continue }
            switch ControlRequest.parse(Substring(line), client: id) {
            case .success(let request):
                if request.words == ["observe"] {
                    lock.lock(); observers.insert(id); lock.unlock()
                    send(.reply(id: request.id, result: .null, error: nil), to: id)
                } else {
                    taken.append(request)
                }
            case .failure(let refusal):
                send(.reply(id: refusal.id, result: nil, error: refusal.message), to: id)
            }
        }
        if start > 0 { client.input.removeFirst(start) }
        client.scanned = client.input.count
        guard !taken.isEmpty else { return }
        lock.lock()
        requests += taken
        pending[id, default: 0] += taken.count
        lock.unlock()
        onRequest()
    }

    private func flush(_ id: Int) {
        guard let client = clients[id] else { return }
        lock.lock()
        guard let box = outgoing[id], box.waiting > 0 else { return lock.unlock() }
        let written = box.bytes.withUnsafeBytes { writeBytes(client.fd, $0.baseAddress! + box.sent, box.waiting) }
        let failed = written < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR
        if written > 0 {
            outgoing[id]!.sent += written
            // Written bytes are let go of in one go once they are most of the buffer.
            if outgoing[id]!.sent * 2 >= outgoing[id]!.bytes.count {
                outgoing[id]!.bytes.removeFirst(outgoing[id]!.sent)
                outgoing[id]!.sent = 0
            }
        }
        lock.unlock()
        if failed { disconnect(id, forced: false) }
    }

    /// Closes the connection. A client that ended it keeps its requests (a command sent
    /// and the connection closed at once, as `socat` does, is still carried out); one dropped
    /// for a bound (`forced`) does not.
    private func disconnect(_ id: Int, forced: Bool) {
        guard let client = clients.removeValue(forKey: id) else { return }
        close(client.fd)
        lock.lock()
        outgoing[id] = nil
        observers.remove(id)
        pending[id] = nil
        if forced { requests.removeAll { $0.client == id } }
        lock.unlock()
    }
}

// The C calls under names the methods above do not shadow.
private func readBytes(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int { read(fd, buffer, count) }
private func writeBytes(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int { UnixSocket.send(fd, buffer, count) }
private func acceptConnection(_ fd: Int32) -> Int32 { accept(fd, nil, nil) }
