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
    let listener: Int32
    let wakePipe: (read: Int32, write: Int32)
    let onRequest: @Sendable () -> Void
    let lock = NSLock()
    // Guarded by `lock` (internal only for the connections' extension, in its own file).
    var requests: [ControlRequest] = []
    var outgoing: [Int: Outbox] = [:]
    var observers: Set<Int> = []
    /// The clients that have spoken mpv's protocol: they hear mpv's events and are never
    /// dropped for being silent (an mpv client waits for events as long as it likes).
    var mpvClients: Set<Int> = []
    var overflowing: Set<Int> = []
    var pending: [Int: Int] = [:]
    var stopping = false
    // The server thread's own.
    var clients: [Int: Client] = [:]
    var nextClient = 1
    let finished = DispatchSemaphore(value: 0)

    struct Client {
        let fd: Int32
        var input: [UInt8] = []
        /// How much of `input` is known to hold no newline.
        var scanned = 0
        /// When the client last sent anything (the monotonic clock, in seconds).
        var lastHeard: Double
    }

    /// What waits to be written to one client; `sent` bytes of `bytes` are gone already.
    struct Outbox {
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

    /// The requests read since the last call, at most `limit` of them, shared out among the
    /// clients waiting (one of each in turn, each client's in its order), so one client's
    /// burst does not hold another's request back for turns; when more wait, `onRequest`
    /// is called again so the loop comes back for them next turn.
    public func takeRequests(limit: Int = ControlServer.mostPerTurn) -> [ControlRequest] {
        lock.lock()
        let chosen = ControlServer.fairShare(of: requests.map(\.client), limit: limit)
        let taken = chosen.map { requests[$0] }
        for index in chosen.reversed() { requests.remove(at: index) }
        let more = !requests.isEmpty
        for request in taken where pending[request.client] != nil { pending[request.client]! -= 1 }
        lock.unlock()
        if more { onRequest() }
        // A client held back for its pending requests may be read again.
        if !taken.isEmpty { wake() }
        return taken
    }

    /// Which of the waiting requests (by their clients, in arrival order) a turn takes: the
    /// first of each client, then the second of each, until `limit`; their indices, in
    /// arrival order. Taken first come first served, 12,000 of one client's requests kept
    /// another's waiting for seconds.
    static func fairShare(of clients: [Int], limit: Int) -> [Int] {
        guard clients.count > limit else { return Array(clients.indices) }
        var queues: [Int: [Int]] = [:]
        var order: [Int] = []
        for (index, client) in clients.enumerated() {
            if queues[client] == nil { order.append(client) }
            queues[client, default: []].append(index)
        }
        var chosen: [Int] = []
        var round = 0
        while chosen.count < limit {
            var any = false
            for client in order where round < queues[client]!.count && chosen.count < limit {
                chosen.append(queues[client]![round])
                any = true
            }
            if !any { break }
            round += 1
        }
        return chosen.sorted()
    }

    /// Answers a request in its own protocol's shape: its result, or why it was refused.
    public func reply(to request: ControlRequest, result: JSONValue? = nil, error: String? = nil) {
        if request.silent { return }
        switch request.replyShape {
        case .inset: send(.reply(id: request.id, result: result, error: error), to: request.client)
        case .mpv: send(MpvIPC.reply(id: request.id, data: result, error: error), to: request.client)
        }
    }

    /// Answers an mpv request with one of mpv's error words, and Inset's reason beside it.
    public func reply(to request: ControlRequest, failure: MpvIPC.Failure, reason: String? = nil) {
        if request.silent { return }
        guard request.replyShape == .mpv else {
            let error = reason.map { "\(failure.rawValue): \($0)" } ?? failure.rawValue
            return send(.reply(id: request.id, result: nil, error: error), to: request.client)
        }
        send(MpvIPC.reply(id: request.id, data: nil, error: failure.rawValue, reason: reason), to: request.client)
    }

    /// Sends an mpv event to every client that speaks mpv's protocol.
    public func broadcastToMpvClients(_ event: JSONValue) {
        for client in lock.withLock({ mpvClients }) { send(event, to: client) }
    }

    /// Sends one line to one client (a `property-change` it observes); dropped if it has gone.
    public func send(event: JSONValue, to client: Int) { send(event, to: client) }

    /// The clients connected now, for dropping what was kept for those gone.
    public var connectedClients: Set<Int> {
        lock.withLock { Set(outgoing.keys) }
    }

    public var hasMpvClients: Bool {
        lock.withLock { !mpvClients.isEmpty }
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

    func send(_ value: JSONValue, to client: Int) {
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

    func wake() {
        var byte: UInt8 = 1
        _ = write(wakePipe.write, &byte, 1)
    }
}
