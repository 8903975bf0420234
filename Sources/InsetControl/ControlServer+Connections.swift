import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The server's thread: accepting, reading and writing the connections, each held to the
/// bounds `ControlServer` lists.
extension ControlServer {
    func serve() {
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
        let watching = lock.withLock { observers.union(mpvClients) }
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
                // mpv's events go to mpv's clients; `inset ctl` asking one of mpv's commands is not one.
                if request.replyShape == .mpv { lock.withLock { _ = mpvClients.insert(id) } }
                if request.dialect == .inset && request.words == ["observe"] {
                    lock.lock(); observers.insert(id); lock.unlock()
                    send(.reply(id: request.id, result: .null, error: nil), to: id)
                } else {
                    taken.append(request)
                }
            case .failure(let refusal) where refusal.dialect == .mpv:
                send(MpvIPC.reply(id: refusal.id, data: nil, error: refusal.message), to: id)
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
        mpvClients.remove(id)
        pending[id] = nil
        if forced { requests.removeAll { $0.client == id } }
        lock.unlock()
    }
}

// The C calls under names the methods above do not shadow.
private func readBytes(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int { read(fd, buffer, count) }
private func writeBytes(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int { UnixSocket.send(fd, buffer, count) }
private func acceptConnection(_ fd: Int32) -> Int32 { accept(fd, nil, nil) }
