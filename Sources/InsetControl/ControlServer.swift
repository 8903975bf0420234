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
/// events, none of which blocks on a client. A client that stops reading is dropped once
/// a megabyte waits for it.
public final class ControlServer: @unchecked Sendable {
    public let path: String
    private let listener: Int32
    private let wakePipe: (read: Int32, write: Int32)
    private let onRequest: @Sendable () -> Void
    private let lock = NSLock()
    // Guarded by `lock`.
    private var requests: [ControlRequest] = []
    private var outgoing: [Int: [UInt8]] = [:]
    private var observers: Set<Int> = []
    private var stopping = false
    // The server thread's own.
    private var clients: [Int: Client] = [:]
    private var nextClient = 1
    private let finished = DispatchSemaphore(value: 0)

    private struct Client {
        let fd: Int32
        var input: [UInt8] = []
    }

    static let longestLine = 64 * 1024
    static let mostWaiting = 1 << 20
    static let mostClients = 32

    /// Serves at `path` (its directory must exist and be private): an old socket there is
    /// replaced. `onRequest` is called on the server's thread when requests wait.
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

    /// The requests read since the last call, in order.
    public func takeRequests() -> [ControlRequest] {
        lock.lock(); defer { lock.unlock() }
        defer { requests.removeAll() }
        return requests
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
        lock.lock()
        // After stop, the pipe is closed: nothing more is sent.
        guard !stopping else { return lock.unlock() }
        // A client that has gone has no queue: what was meant for it is dropped.
        if var queue = outgoing[client] {
            queue.append(contentsOf: Array((value.line + "\n").utf8))
            outgoing[client] = queue
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
            let writable = Set(outgoing.filter { !$0.value.isEmpty }.keys)
            lock.unlock()
            if stop { break }
            descriptors.removeAll(keepingCapacity: true)
            order.removeAll(keepingCapacity: true)
            descriptors.append(pollfd(fd: wakePipe.read, events: Int16(POLLIN), revents: 0))
            descriptors.append(pollfd(fd: listener, events: Int16(POLLIN), revents: 0))
            for (id, client) in clients {
                order.append(id)
                let events = Int16(POLLIN) | (writable.contains(id) ? Int16(POLLOUT) : 0)
                descriptors.append(pollfd(fd: client.fd, events: events, revents: 0))
            }
            guard poll(&descriptors, nfds_t(descriptors.count), -1) >= 0 || errno == EINTR else { break }
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
            disconnect(id)
        }
        close(listener)
        finished.signal()
    }

    private func drainWakePipe() {
        var buffer = [UInt8](repeating: 0, count: 64)
        while readBytes(wakePipe.read, &buffer, buffer.count) > 0 {}
    }

    private func accept() {
        while true {
            let fd = acceptConnection(listener)
            guard fd >= 0 else { return }
            guard clients.count < ControlServer.mostClients else { close(fd); continue }
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            UnixSocket.setNonBlocking(fd)
            UnixSocket.noSignalOnWrite(fd)
            let id = nextClient
            nextClient += 1
            clients[id] = Client(fd: fd)
            lock.lock(); outgoing[id] = []; lock.unlock()
        }
    }

    private func read(_ id: Int) {
        guard var client = clients[id] else { return }
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = readBytes(client.fd, &buffer, buffer.count)
            if count > 0 { client.input.append(contentsOf: buffer[0..<count]); continue }
            if count == 0 || (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) {
                clients[id] = client
                takeLines(id, &client)
                return disconnect(id)
            }
            break
        }
        takeLines(id, &client)
        if client.input.count > ControlServer.longestLine { return disconnect(id) }
        clients[id] = client
    }

    /// Each whole line becomes a request, or an error reply at once.
    private func takeLines(_ id: Int, _ client: inout Client) {
        var taken: [ControlRequest] = []
        while let newline = client.input.firstIndex(of: UInt8(ascii: "\n")) {
            let line = String(decoding: client.input[..<newline], as: UTF8.self)
            client.input.removeSubrange(...newline)
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
        guard !taken.isEmpty else { return }
        lock.lock(); requests += taken; lock.unlock()
        onRequest()
    }

    private func flush(_ id: Int) {
        guard let client = clients[id] else { return }
        lock.lock()
        var queue = outgoing[id] ?? []
        lock.unlock()
        let written = queue.withUnsafeBytes { writeBytes(client.fd, $0.baseAddress, $0.count) }
        if written < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR { return disconnect(id) }
        lock.lock()
        if written > 0 { outgoing[id]?.removeFirst(written) }
        queue = outgoing[id] ?? []
        lock.unlock()
        if queue.count > ControlServer.mostWaiting { disconnect(id) }
    }

    private func disconnect(_ id: Int) {
        guard let client = clients.removeValue(forKey: id) else { return }
        close(client.fd)
        lock.lock()
        outgoing[id] = nil
        observers.remove(id)
        lock.unlock()
    }
}

// The C calls under names the methods above do not shadow.
private func readBytes(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int { read(fd, buffer, count) }
private func writeBytes(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int { UnixSocket.send(fd, buffer, count) }
private func acceptConnection(_ fd: Int32) -> Int32 { accept(fd, nil, nil) }
