import Foundation
import InsetCore
import InsetLog
import InsetTerminal

/// The loop's terminal under `--no-terminal` (mpv's `--terminal=no`): there is none. A
/// program that runs the player in the background of its own TUI (invidtui) owns the tty:
/// nothing is written to it, nothing read from it, its modes are never touched. Frames
/// are composed and thrown away (the size is small, so the decoder scales little); the
/// sound plays and the control socket steers the player.
///
/// SIGTERM, SIGINT and SIGHUP become `.terminate`, as the real session reports them, so the
/// socket is removed and mpv's clients hear `end-file` and `shutdown`: a handler writes the
/// signal's number into a pipe the loop polls.
///
/// UI thread, but the signal handler, which only writes one byte to the pipe.
final class HeadlessTerminal: LoopTerminal {
    let size = CellSize(columns: 80, rows: 24)
    var terminalSize: CellSize { size }
    let origin = CellPoint.zero
    var hasPendingInput: Bool { false }
    private var restored = false

    init() {
        HeadlessSignals.install()
        Log.info("no terminal (--no-terminal): nothing drawn or read")
    }

    func write(_ bytes: UnsafeRawBufferPointer) throws -> Duration { .zero }

    func nextEvents(timeout: Duration, wakeDescriptor: Int32?, watching: Int32?) -> [InputEvent] {
        guard !restored else { return [] }
        let milliseconds = Int32(clamping: timeout.components.seconds * 1000 + timeout.components.attoseconds / 1_000_000_000_000_000)
        var fds = [
            pollfd(fd: HeadlessSignals.readDescriptor, events: Int16(POLLIN), revents: 0),
            pollfd(fd: wakeDescriptor ?? -1, events: Int16(POLLIN), revents: 0),
            pollfd(fd: watching ?? -1, events: Int16(POLLIN), revents: 0),
        ]
        _ = poll(&fds, nfds_t(fds.count), max(0, milliseconds))
        if let wakeDescriptor, fds[1].revents & Int16(POLLIN) != 0 {
            var sink = (UInt64(0), UInt64(0), UInt64(0), UInt64(0))
            _ = withUnsafeMutableBytes(of: &sink) { read(wakeDescriptor, $0.baseAddress, $0.count) }
        }
        guard fds[0].revents & Int16(POLLIN) != 0 else { return [] }
        var signal: UInt8 = 0
        guard read(HeadlessSignals.readDescriptor, &signal, 1) == 1 else { return [] }
        return [.terminate(signal: Int32(signal))]
    }

    func restore() {
        restored = true
        HeadlessSignals.uninstall()
    }
}

/// The self-pipe of `HeadlessTerminal`'s signals. Written only before the handlers go in
/// and read by the loop; the handler touches nothing but the write end.
enum HeadlessSignals {
    nonisolated(unsafe) static var readDescriptor: Int32 = -1
    nonisolated(unsafe) static var writeDescriptor: Int32 = -1
    static let signals = [SIGTERM, SIGINT, SIGHUP]

    static func install() {
        guard readDescriptor < 0 else { return }
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { return }
        for fd in fds {
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        }
        readDescriptor = fds[0]
        writeDescriptor = fds[1]
        for number in signals {
            _ = Foundation.signal(number) { received in
                var byte = UInt8(truncatingIfNeeded: received)
                _ = Foundation.write(HeadlessSignals.writeDescriptor, &byte, 1)
            }
        }
        // A program's TUI that quits without reading our output would end us by SIGPIPE.
        _ = Foundation.signal(SIGPIPE, SIG_IGN)
    }

    static func uninstall() {
        for number in signals { _ = Foundation.signal(number, SIG_DFL) }
    }
}
