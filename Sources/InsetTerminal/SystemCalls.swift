import Glibc
import InsetCore

/// Thin typed wrappers over the POSIX calls the terminal layer makes, in the manner of
/// swift-system: one wrapper per C function, named in its doc comment, throwing
/// `TerminalError.systemCall` with errno. EINTR is retried here so callers never see it.
enum SystemCalls {
    /// `isatty(3)`.
    static func isTerminal(_ fd: Int32) -> Bool { isatty(fd) == 1 }

    /// `tcgetattr(3)`.
    static func terminalAttributes(_ fd: Int32) throws(TerminalError) -> termios {
        var attributes = termios()
        guard tcgetattr(fd, &attributes) == 0 else { throw .lastError("tcgetattr") }
        return attributes
    }

    /// `tcsetattr(3)` with TCSANOW: modes change at once, queued input is kept.
    static func setTerminalAttributes(_ fd: Int32, _ attributes: termios) throws(TerminalError) {
        var copy = attributes
        while tcsetattr(fd, TCSANOW, &copy) != 0 {
            guard errno == EINTR else { throw .lastError("tcsetattr") }
        }
    }

    /// `tcflush(3)` TCIFLUSH: drops input received and not read. Errors are ignored: it
    /// is a tidying step on the way out.
    static func discardInput(_ fd: Int32) {
        _ = tcflush(fd, TCIFLUSH)
    }

    /// `ioctl(2)` TIOCGWINSZ: the size of the terminal in cells.
    static func windowSize(_ fd: Int32) throws(TerminalError) -> CellSize {
        try windowGeometry(fd).cells
    }

    /// `ioctl(2)` TIOCGWINSZ, pixels too: `ws_xpixel` and `ws_ypixel`, which many
    /// terminals leave at zero.
    static func windowGeometry(_ fd: Int32) throws(TerminalError) -> (cells: CellSize, pixels: PixelSize) {
        var size = winsize()
        guard ioctl(fd, UInt(TIOCGWINSZ), &size) == 0 else { throw .lastError("ioctl(TIOCGWINSZ)") }
        return (CellSize(columns: Int(size.ws_col), rows: Int(size.ws_row)),
                PixelSize(width: Int(size.ws_xpixel), height: Int(size.ws_ypixel)))
    }

    /// `ioctl(2)` TIOCSWINSZ: sets the size a pty reports (tests use it on a pty).
    static func setWindowSize(_ fd: Int32, _ cells: CellSize) throws(TerminalError) {
        var size = winsize(ws_row: UInt16(clamping: cells.rows), ws_col: UInt16(clamping: cells.columns),
                           ws_xpixel: 0, ws_ypixel: 0)
        guard ioctl(fd, UInt(TIOCSWINSZ), &size) == 0 else { throw .lastError("ioctl(TIOCSWINSZ)") }
    }

    /// `pipe(2)`, then `fcntl(2)` O_NONBLOCK and FD_CLOEXEC on both ends: a signal
    /// handler's write must never block. (Glibc's module does not export pipe2.)
    static func makePipe() throws(TerminalError) -> (read: Int32, write: Int32) {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { throw .lastError("pipe") }
        for fd in fds {
            let flags = fcntl(fd, F_GETFL)
            guard flags >= 0, fcntl(fd, F_SETFL, flags | O_NONBLOCK) == 0,
                  fcntl(fd, F_SETFD, FD_CLOEXEC) == 0 else {
                let error = TerminalError.lastError("fcntl")
                close(fds[0]); close(fds[1])
                throw error
            }
        }
        return (fds[0], fds[1])
    }

    /// `poll(2)`. An interrupted poll (a signal arrived) reports no ready descriptor; the
    /// signal's byte is then waiting in the self-pipe for the next poll.
    static func poll(_ fds: inout [pollfd], timeoutMilliseconds: Int32) throws(TerminalError) -> Int {
        let result = Glibc.poll(&fds, nfds_t(fds.count), timeoutMilliseconds)
        if result < 0 {
            if errno == EINTR { return 0 }
            throw .lastError("poll")
        }
        return Int(result)
    }

    /// `read(2)` into `buffer`: the count read, 0 at end of file, nil when nothing is
    /// ready on a non-blocking descriptor.
    static func read(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) throws(TerminalError) -> Int? {
        while true {
            let count = Glibc.read(fd, buffer.baseAddress, buffer.count)
            if count >= 0 { return count }
            switch errno {
            case EINTR: continue
            case EAGAIN, EWOULDBLOCK: return nil
            default: throw .lastError("read")
            }
        }
    }

    /// `write(2)`, once: the count written, or nil when a non-blocking descriptor is full.
    static func write(_ fd: Int32, _ buffer: UnsafeRawBufferPointer) throws(TerminalError) -> Int? {
        while true {
            let count = Glibc.write(fd, buffer.baseAddress, buffer.count)
            if count >= 0 { return count }
            switch errno {
            case EINTR: continue
            case EAGAIN, EWOULDBLOCK: return nil
            default: throw .lastError("write")
            }
        }
    }

    /// `open(2)` with O_CLOEXEC added.
    static func open(_ path: String, _ flags: Int32) throws(TerminalError) -> Int32 {
        let fd = Glibc.open(path, flags | O_CLOEXEC)
        guard fd >= 0 else { throw .lastError("open(\(path))") }
        return fd
    }

    /// `fcntl(2)` F_DUPFD_CLOEXEC: a copy of `fd` that ncurses' stdio streams may close.
    static func duplicate(_ fd: Int32) throws(TerminalError) -> Int32 {
        let copy = fcntl(fd, F_DUPFD_CLOEXEC, 0)
        guard copy >= 0 else { throw .lastError("fcntl(F_DUPFD_CLOEXEC)") }
        return copy
    }

    /// `fdopen(3)`: the stdio stream ncurses' `newterm` takes. The stream owns `fd`.
    static func openStream(_ fd: Int32, mode: String) throws(TerminalError) -> UnsafeMutablePointer<FILE> {
        guard let stream = fdopen(fd, mode) else { throw .lastError("fdopen") }
        return stream
    }

    /// `close(2)`; errors are ignored, since nothing can be done about them at close.
    static func close(_ fd: Int32) {
        _ = Glibc.close(fd)
    }
}
