import Foundation
import Glibc
import Testing
@testable import InsetTerminal

/// Two players writing to one terminal (embed mode): a write to a tty goes out in pieces
/// when the terminal reads slowly, and another process's bytes can land between two, so a
/// shared writer holds a lock on the device for each whole write.
@Suite struct SharedTerminalLockTests {
    /// Whether `writer`'s 100 bytes reach the terminal while another holder (here the test,
    /// on a descriptor of its own for the same device, as another player would be) has the
    /// lock, and after it lets go.
    static func bytesArrive(shared: Bool) throws -> (whileHeld: Int, afterwards: Int) {
        let pty = try PseudoTerminal()
        var modes = termios()
        tcgetattr(pty.slave, &modes)
        cfmakeraw(&modes)
        tcsetattr(pty.slave, TCSANOW, &modes)
        let otherPlayer = try #require(SharedTerminalLock(terminal: pty.slave))
        nonisolated(unsafe) let writer = TerminalWriter(descriptor: pty.slave, shared: shared)
        func readable(within milliseconds: Int32) -> Int {
            var buffer = [UInt8](repeating: 0, count: 4096), total = 0
            var ready = [pollfd(fd: pty.master, events: Int16(POLLIN), revents: 0)]
            while total < 100, poll(&ready, 1, milliseconds) > 0 {
                let count = buffer.withUnsafeMutableBytes { read(pty.master, $0.baseAddress, $0.count) }
                guard count > 0 else { break }
                total += count
            }
            return total
        }
        // A thread of its own (not the test pool's, whose few threads the tests block).
        let returned = DispatchSemaphore(value: 0)
        let whileHeld = otherPlayer.whileHeld { () -> Int in
            Thread.detachNewThread {
                _ = try? writer.write([UInt8](repeating: UInt8(ascii: "b"), count: 100))
                returned.signal()
            }
            // Unlocked, the write returns at once; give it a second on a loaded machine.
            _ = returned.wait(timeout: .now() + (shared ? 0.3 : 1))
            return readable(within: 100)
        }
        let afterwards = shared ? readable(within: 2000) : 0
        if shared { returned.wait() }
        return (whileHeld, afterwards)
    }

    @Test("shared: nothing is written while another player holds the terminal, all of it once it lets go")
    func waitsForTheOtherPlayer() throws {
        let result = try Self.bytesArrive(shared: true)
        #expect(result.whileHeld == 0 && result.afterwards == 100, "\(result)")
    }

    /// Not shared (a player alone in its terminal) takes no lock: the check above can fail.
    @Test("not shared: written at once, lock or not")
    func aloneTakesNoLock() throws {
        let result = try Self.bytesArrive(shared: false)
        #expect(result.whileHeld == 100, "\(result)")
    }
}
