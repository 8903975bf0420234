import Foundation
import InsetCore
import InsetRender

/// A shell (or any program) in a pseudo-terminal, emulated by libvterm, drawn as a pane.
///
/// Threads: a reader thread of its own reads the pty and feeds the emulator, so a flood of
/// output (`seq 1 2000000`) never waits on the UI loop and the UI loop never waits on it
/// for longer than copying the cells. `onChange` is called on that thread when the screen
/// changed or the program ended; the UI loop decides when to draw (at most once per frame).
/// Everything else is called from the UI thread. Input for the program goes into a queue
/// that the reader thread writes as the pty takes it, so a program that does not read
/// cannot block the UI.
public final class ShellSession: @unchecked Sendable {
    private let process: ShellProcess
    private let screen: ShellEmulator
    private let lock = NSLock()
    private var pendingInput: [UInt8] = []
    private var exited = false
    private var thread: Thread?
    private let wakeRead: Int32, wakeWrite: Int32
    private let onChange: @Sendable () -> Void
    /// Bytes read from the program.
    private var bytesRead = 0

    /// The user's shell: `$SHELL`, or /bin/sh.
    public static func defaultCommand(environment: [String: String] = ProcessInfo.processInfo.environment) -> [String] {
        if let shell = environment["SHELL"], !shell.isEmpty, FileManager.default.isExecutableFile(atPath: shell) {
            return [shell]
        }
        return ["/bin/sh"]
    }

    /// Starts `command` (default: the user's shell) in a pty of `size`, with the process's
    /// environment plus TERM=xterm-256color and COLORTERM=truecolor (what the emulator is).
    public init(command: [String]? = nil, size: CellSize, extraEnvironment: [String: String] = [:],
                onChange: @escaping @Sendable () -> Void) throws {
        var environment = ProcessInfo.processInfo.environment
        environment["TERM"] = "xterm-256color"
        environment["COLORTERM"] = "truecolor"
        environment["COLUMNS"] = nil
        environment["LINES"] = nil
        environment["INSET_SHELL"] = "1"
        for (key, value) in extraEnvironment { environment[key] = value }
        screen = ShellEmulator(size: size)
        process = try ShellProcess(arguments: command ?? ShellSession.defaultCommand(), environment: environment, size: size)
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { throw ShellProcess.SpawnError.failed("pipe", errno) }
        wakeRead = fds[0]
        wakeWrite = fds[1]
        for fd in fds {
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        }
        self.onChange = onChange
        let thread = Thread { [unowned self] in self.readLoop() }
        thread.name = "inset.shell"
        self.thread = thread
        thread.start()
    }

    deinit {
        closeDescriptor(wakeRead)
        closeDescriptor(wakeWrite)
    }

    /// The program has ended (the shell exited); the pane should close.
    public var hasExited: Bool { lock.withLock { exited } }
    public var exitStatus: Int32? { lock.withLock { process.exitStatus } }
    public var size: CellSize { lock.withLock { screen.size } }
    /// Changes whenever what `draw` shows changes.
    public var generation: UInt64 { lock.withLock { screen.generation } }
    public var totalBytesRead: Int { lock.withLock { bytesRead } }

    /// Copies the screen into `grid`; returns the `generation` it shows.
    @discardableResult
    public func draw(into grid: inout CellGrid, showCursor: Bool) -> UInt64 {
        lock.withLock {
            screen.draw(into: &grid, showCursor: showCursor)
            return screen.generation
        }
    }

    /// The pane's new size: the emulator reflows, the kernel tells the program (SIGWINCH).
    public func resize(to size: CellSize) {
        guard size.columns > 0, size.rows > 0 else { return }
        lock.withLock {
            screen.resize(to: size)
            process.resize(to: size)
        }
    }

    public func send(_ press: KeyPress) {
        lock.withLock {
            screen.emulator.send(press)
            screen.takeOutput(into: &pendingInput)
        }
        wake()
    }

    public func paste(_ text: String) {
        lock.withLock {
            screen.emulator.paste(text)
            screen.takeOutput(into: &pendingInput)
        }
        wake()
    }

    /// Reports a mouse event at `point` (relative to the pane) to the program if it asked
    /// for mouse reports; returns whether it did.
    @discardableResult
    public func mouse(_ event: MouseEvent, at point: CellPoint) -> Bool {
        let reported = lock.withLock {
            let reported = screen.emulator.mouse(event, at: point)
            screen.takeOutput(into: &pendingInput)
            return reported
        }
        if reported { wake() }
        return reported
    }

    /// Ends the program (SIGHUP to its process group, as closing a terminal window does)
    /// and the reader thread.
    public func close() {
        lock.withLock { exited = true }
        wake()
        // The reader first (it reaps the child while it runs), then the program.
        while thread?.isFinished == false { usleep(1_000) }
        thread = nil
        process.hangUp()
    }

    private func wake() {
        var byte: UInt8 = 1
        _ = write(wakeWrite, &byte, 1)
    }

    // MARK: The reader thread

    private func readLoop() {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 * 1024, alignment: 16)
        defer { buffer.deallocate() }
        var fds = [pollfd(fd: process.master, events: Int16(POLLIN), revents: 0),
                   pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0)]
        var wakeBytes = [UInt8](repeating: 0, count: 64)
        while true {
            let (stop, wantsWrite) = lock.withLock { (exited, !pendingInput.isEmpty) }
            if stop { return }
            fds[0].events = Int16(POLLIN) | (wantsWrite ? Int16(POLLOUT) : 0)
            fds[0].revents = 0
            fds[1].revents = 0
            let ready = poll(&fds, 2, 250)
            if ready < 0 && errno != EINTR { break }
            if fds[1].revents & Int16(POLLIN) != 0 {
                while read(wakeRead, &wakeBytes, wakeBytes.count) > 0 {}
            }
            if wantsWrite && fds[0].revents & Int16(POLLOUT) != 0 { flushInput() }
            if fds[0].revents & Int16(POLLIN) != 0 {
                let n = read(process.master, buffer.baseAddress, buffer.count)
                if n > 0 {
                    let chunk = UnsafeRawBufferPointer(rebasing: buffer[0..<n])
                    lock.withLock {
                        screen.feed(chunk)
                        screen.takeOutput(into: &pendingInput)
                        bytesRead += n
                    }
                    flushInput()
                    onChange()
                    continue
                }
                if n < 0 && (errno == EAGAIN || errno == EINTR) { continue }
                break  // EOF or EIO: the program and everything it started closed the pty
            } else if fds[0].revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 {
                break
            }
            if ready == 0 && lock.withLock({ process.reap() }) { break }
        }
        // The pty closed: the program has ended or is about to; its status, within a second.
        for _ in 0..<200 where !lock.withLock({ process.reap() }) { usleep(5_000) }
        lock.withLock { exited = true }
        onChange()
    }

    /// Writes what is queued for the program as far as the pty takes it now.
    private func flushInput() {
        lock.withLock {
            while !pendingInput.isEmpty {
                let n = pendingInput.withUnsafeBytes { write(process.master, $0.baseAddress, $0.count) }
                if n <= 0 { break }
                pendingInput.removeFirst(n)
            }
        }
    }
}

/// `close(2)`, by a name the pane's own `close()` does not hide.
private func closeDescriptor(_ fd: Int32) {
    close(fd)
}
