import Glibc
import InsetCore
import InsetLog

/// Reading: keys and mouse from the tty, signals from the self-pipe, in one `poll`.
extension TerminalSession {
    /// Waits up to `timeout` for input or a signal and returns what arrived, possibly
    /// nothing. UI thread; the app calls it once per turn of its loop with the time until
    /// its next frame is due.
    ///
    /// Handles on its own what must not wait for the app: Ctrl-Z suspends (when
    /// `suspendsOnControlZ`), a stop and continue re-enters the terminal, a size change is
    /// passed to ncurses. Reports `.resize` before `.resumed`, so the redraw after a resume
    /// is at the new size.
    ///
    /// `wakeDescriptor`, when given, is a pipe another thread writes to when it has news
    /// for the loop (the decoder: a frame is ready); poll returns for it too, and its bytes
    /// are drained here.
    /// Whether a key or a signal is waiting, without reading it: a long write (a picture to
    /// a slow terminal) stops early for it, so `q` is not kept waiting behind the picture.
    public var hasPendingInput: Bool {
        guard !isRestored else { return false }
        var fds = [
            pollfd(fd: inputClosed ? -1 : inputFD, events: Int16(POLLIN), revents: 0),
            pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0),
        ]
        _ = try? SystemCalls.poll(&fds, timeoutMilliseconds: 0)
        return fds.contains { $0.revents & Int16(POLLIN | POLLHUP) != 0 }
    }

    /// `watching`: another descriptor that ends the wait when readable, left unread for its
    /// owner (the session bus's socket).
    public func nextEvents(timeout: Duration, wakeDescriptor: Int32? = nil, watching: Int32? = nil) -> [InputEvent] {
        guard !isRestored else { return [] }
        var wait = heldEvents.isEmpty ? Self.milliseconds(timeout) : 0
        if decoder.hasPendingBytes {
            // Wake up when the escape timeout runs out, to turn a lone ESC into the key.
            let left = options.escapeTimeout - (ContinuousClock.now - lastInput)
            wait = min(wait, Self.milliseconds(left))
        }
        var fds = [
            pollfd(fd: inputClosed ? -1 : inputFD, events: Int16(POLLIN), revents: 0),
            pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0),
            pollfd(fd: wakeDescriptor ?? -1, events: Int16(POLLIN), revents: 0),
            pollfd(fd: watching ?? -1, events: Int16(POLLIN), revents: 0),
        ]
        var events: [InputEvent] = []
        deliver(heldEvents, into: &events)
        heldEvents.removeAll()
        do {
            _ = try SystemCalls.poll(&fds, timeoutMilliseconds: wait)
        } catch {
            Log.error("poll: \(error)")
        }
        if let wakeDescriptor, fds[2].revents & Int16(POLLIN) != 0 {
            var sink = (UInt64(0), UInt64(0), UInt64(0), UInt64(0))
            _ = withUnsafeMutableBytes(of: &sink) { read(wakeDescriptor, $0.baseAddress, $0.count) }
        }
        if fds[0].revents & Int16(POLLIN) != 0 {
            readInput(into: &events)
        } else if fds[0].revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 {
            closeInput(into: &events)
        }
        if decoder.hasPendingBytes, ContinuousClock.now - lastInput >= options.escapeTimeout {
            deliver(decoder.flush(), into: &events)
        }
        // Always, not only when poll said so: a Ctrl-Z above stopped and continued the
        // process, and the bytes of SIGTSTP's handler and SIGCONT are waiting now.
        readSignals(into: &events)
        return events
    }

    /// One `read(2)` of what the tty has, decoded.
    private func readInput(into events: inout [InputEvent]) {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let result = buffer.withUnsafeMutableBytes { bytes in Result { () throws(TerminalError) in
            try SystemCalls.read(inputFD, into: bytes)
        } }
        switch result {
        case .success(nil):
            return
        case .success(.some(0)), .failure:
            closeInput(into: &events)
        case .success(let count?):
            lastInput = ContinuousClock.now
            let decoded = buffer.withUnsafeBytes { decoder.feed(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
            deliver(decoded, into: &events)
        }
    }

    /// Passes decoded events on, acting on Ctrl-Z here rather than in the app.
    private func deliver(_ decoded: [InputEvent], into events: inout [InputEvent]) {
        for event in decoded {
            if options.suspendsOnControlZ, case .key(let press) = event, press == .control("z") {
                suspend()
            } else {
                events.append(event)
            }
        }
    }

    /// The tty hung up (end of file, POLLHUP): the same as SIGHUP for the app.
    private func closeInput(into events: inout [InputEvent]) {
        guard !inputClosed else { return }
        inputClosed = true
        Log.info("terminal input closed")
        reportTermination(SIGHUP, into: &events)
    }

    private func reportTermination(_ signal: Int32, into events: inout [InputEvent]) {
        guard !terminationReported else { return }
        terminationReported = true
        events.append(.terminate(signal: signal))
    }

    /// Drains the self-pipe and turns the signal numbers into events, each kind once.
    private func readSignals(into events: inout [InputEvent]) {
        var resized = false
        var resumed = false
        var buffer = [UInt8](repeating: 0, count: 64)
        while true {
            let count = buffer.withUnsafeMutableBytes { try? SystemCalls.read(wakeRead, into: $0) }
            guard let count, count > 0 else { break }
            for byte in buffer[..<count] {
                switch Int32(byte) {
                case SIGWINCH: resized = true
                case SIGCONT: resumed = true
                case SIGTERM, SIGHUP, SIGINT: reportTermination(Int32(byte), into: &events)
                default: break
                }
            }
        }
        if resumed && inputClosed {
            // A hang-up sends SIGCONT after SIGHUP to stopped jobs: nobody is there to see
            // a redraw, and `.terminate` has been reported.
            resumed = false
        }
        if resumed {
            Log.info("resumed")
            reenter()
        }
        if (resized || resumed), let embedGeometry {
            if relayEmbedded(embedGeometry) { events.append(.resize(size)) }
        } else if resized || resumed {
            let newSize = Self.querySize(outputFD)
            if newSize != size {
                size = newSize
                curses?.resize(to: newSize)
                events.append(.resize(newSize))
            } else if resized {
                // The same size: a multiplexer attaching (abduco, `dtach -r winch`) replays
                // nothing and sends SIGWINCH for a redraw; the relayout draws every cell.
                events.append(.resize(newSize))
            }
        }
        if resumed { events.append(.resumed) }
    }

    /// A `Duration` as poll's milliseconds: rounded up (a 0.4 ms wait must not spin),
    /// never negative.
    static func milliseconds(_ duration: Duration) -> Int32 {
        let (seconds, attoseconds) = duration.components
        guard seconds >= 0, attoseconds >= 0 || seconds > 0 else { return 0 }
        let total = Double(seconds) * 1000 + Double(attoseconds) / 1e15
        return Int32(min(total.rounded(.up), Double(Int32.max)))
    }
}
