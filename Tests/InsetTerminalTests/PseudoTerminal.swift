import Glibc
import InsetCore
import Testing
@testable import InsetTerminal

/// A pty pair for tests: the session runs on the slave, the test types and reads on the
/// master as a terminal emulator would.
final class PseudoTerminal {
    private(set) var master: Int32
    let slave: Int32

    /// Linux's `/dev/ptmx`, unlocked, and the `/dev/pts/N` it names, opened and sized.
    /// (Glibc's Swift module hides posix_openpt, grantpt and ptsname behind feature
    /// macros, so the two ioctls they make are made here; grantpt is a no-op on devpts.)
    init(size: CellSize = CellSize(columns: 80, rows: 24)) throws {
        let master = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard master >= 0 else { throw TerminalError.lastError("open(/dev/ptmx)") }
        var unlock: Int32 = 0
        var number: UInt32 = 0
        guard ioctl(master, Self.setLock, &unlock) == 0, ioctl(master, Self.getNumber, &number) == 0 else {
            let error = TerminalError.lastError("ioctl(TIOCSPTLCK/TIOCGPTN)")
            close(master)
            throw error
        }
        let slave = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard slave >= 0 else { close(master); throw TerminalError.lastError("open(/dev/pts/\(number))") }
        self.master = master
        self.slave = slave
        try resize(to: size)
    }

    /// `_IOW('T', 0x31, int)` and `_IOR('T', 0x30, unsigned int)`: function-like macros
    /// Swift does not import; the values are those of the generic ioctl encoding (x86_64, arm64).
    private static let setLock: UInt = 0x4004_5431
    private static let getNumber: UInt = 0x8004_5430

    deinit {
        close(slave)
        closeMaster()
    }

    /// Closes the emulator's end: the slave hangs up, as when a terminal window closes.
    func closeMaster() {
        guard master >= 0 else { return }
        close(master)
        master = -1
    }

    /// Sets the size the slave reports (TIOCSWINSZ), as an emulator does when resized.
    func resize(to size: CellSize) throws {
        try SystemCalls.setWindowSize(master, size)
    }

    /// Types `text` into the terminal.
    func type(_ text: String) { type(Array(text.utf8)) }

    func type(_ bytes: [UInt8]) {
        let written = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
        #expect(written == bytes.count)
    }

    /// Everything the session has written so far, reading until 50 ms pass without a byte.
    func drain() -> [UInt8] {
        var result: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            var fds = [pollfd(fd: master, events: Int16(POLLIN), revents: 0)]
            guard poll(&fds, 1, 50) > 0, fds[0].revents & Int16(POLLIN) != 0 else { break }
            let count = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            result += buffer[..<count]
        }
        return result
    }

    /// The slave's terminal modes.
    func modes() throws -> termios { try SystemCalls.terminalAttributes(slave) }
}

extension Array where Element == UInt8 {
    /// Whether these bytes contain `text`'s UTF-8 somewhere.
    func contains(_ text: String) -> Bool {
        let needle = Array(text.utf8)
        guard !needle.isEmpty, needle.count <= count else { return needle.isEmpty }
        for start in 0...(count - needle.count) where self[start..<(start + needle.count)].elementsEqual(needle) {
            return true
        }
        return false
    }

    /// Where `text` first occurs, for checking the order of sequences.
    func offset(of text: String) -> Int? {
        let needle = Array(text.utf8)
        guard !needle.isEmpty, needle.count <= count else { return nil }
        return (0...(count - needle.count)).first { self[$0..<($0 + needle.count)].elementsEqual(needle) }
    }

    var escaped: String {
        String(decoding: self, as: UTF8.self).map { $0 == "\u{1B}" ? "\\E" : String($0) }.joined()
    }
}

/// Tests that touch process-wide state (ncurses' current screen, signal handlers, TERMINFO)
/// run one at a time, under this suite.
@Suite(.serialized) struct ProcessStateTests {}
