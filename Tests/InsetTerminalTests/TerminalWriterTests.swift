import Foundation
import Glibc
import Testing
@testable import InsetTerminal

@Suite struct TerminalWriterTests {
    static func makePipe(nonBlockingWrite: Bool) -> (read: Int32, write: Int32) {
        var fds: [Int32] = [-1, -1]
        #expect(pipe(&fds) == 0)
        if nonBlockingWrite { _ = fcntl(fds[1], F_SETFL, fcntl(fds[1], F_GETFL) | O_NONBLOCK) }
        return (fds[0], fds[1])
    }

    /// Reads until end of file, slowly, as a terminal that cannot keep up.
    static func readAll(_ fd: Int32, pause: Duration) -> Int {
        var total = 0
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count <= 0 { return total }
            total += count
            usleep(UInt32(pause.components.attoseconds / 1_000_000_000_000))
        }
    }

    @Test func writesEverythingAndCounts() throws {
        let fds = Self.makePipe(nonBlockingWrite: false)
        defer { close(fds.read); close(fds.write) }
        let writer = TerminalWriter(descriptor: fds.write)
        try writer.write("hello ")
        try writer.write(Array("world".utf8))
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = read(fds.read, &buffer, 64)
        #expect(String(decoding: buffer[..<count], as: UTF8.self) == "hello world")
        #expect(writer.statistics.bytes == 11)
        #expect(writer.statistics.writes == 2)
        #expect(writer.statistics.blockedTime >= writer.statistics.lastBlockedTime)
    }

    /// A megabyte into a full pipe drained slowly, by a thread of its own (not a task: the
    /// writer blocks its thread, and the cooperative pool has only as many as cores): every
    /// byte arrives (EAGAIN waits in poll, partial writes go on) and the time blocked is
    /// measured.
    @Test(arguments: [false, true])
    func slowReaderBlocksAndIsMeasured(nonBlocking: Bool) throws {
        final class Count: @unchecked Sendable { var bytes = 0 }
        let fds = Self.makePipe(nonBlockingWrite: nonBlocking)
        let readEnd = fds.read
        let received = Count()
        let done = DispatchSemaphore(value: 0)
        Thread {
            received.bytes = Self.readAll(readEnd, pause: .milliseconds(2))
            done.signal()
        }.start()
        let writer = TerminalWriter(descriptor: fds.write)
        let frame = [UInt8](repeating: 0x41, count: 1 << 20)
        let blocked = try writer.write(frame)
        close(fds.write)
        done.wait()
        close(fds.read)
        #expect(received.bytes == frame.count)
        #expect(writer.statistics.bytes == frame.count)
        #expect(blocked >= .milliseconds(5), "a slow reader blocks the writer")
        #expect(writer.statistics.longestBlockedTime == blocked)
    }

    /// A reader that takes 4 KB every 8 ms (a link of about 0.5 MB/s behind a 64 KB pipe):
    /// a frame of 200 KB waits for it, and the writer's drain is the reader's rate, not the
    /// frame over its wait (which counts the pipe's room as link: about half as much again).
    /// A frame that fits the pipe does not wait: no drain.
    @Test func drainIsTheReadersRate() throws {
        final class Reads: @unchecked Sendable { var reads: [(time: Double, bytes: Int)] = [] }
        let fds = Self.makePipe(nonBlockingWrite: false)
        let readEnd = fds.read
        let reads = Reads()
        let done = DispatchSemaphore(value: 0)
        let writer = TerminalWriter(descriptor: fds.write)
        try writer.write([UInt8](repeating: 0x41, count: 1_000))
        #expect(writer.statistics.lastDrain == nil)
        var skipped = [UInt8](repeating: 0, count: 1_000)
        #expect(read(readEnd, &skipped, 1_000) == 1_000)
        Thread {
            var buffer = [UInt8](repeating: 0, count: 4_096)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(readEnd, $0.baseAddress, $0.count) }
                if count <= 0 { break }
                reads.reads.append((Date().timeIntervalSinceReferenceDate, count))
                usleep(8_000)
            }
            done.signal()
        }.start()
        let frame = [UInt8](repeating: 0x41, count: 200_000)
        let began = Date().timeIntervalSinceReferenceDate
        let blocked = try writer.write(frame)
        let ended = Date().timeIntervalSinceReferenceDate
        close(fds.write)
        done.wait()
        close(fds.read)
        let drain = try #require(writer.statistics.lastDrain)
        let measured = Double(drain.bytes) / (Double(drain.duration.components.attoseconds) / 1e18
            + Double(drain.duration.components.seconds))
        // The reader's own rate while the writer waited (a loaded machine stretches its
        // pauses unevenly: the rate over the whole read would be another stretch's).
        let during = reads.reads.filter { $0.time > began && $0.time <= ended }
        try #require(during.count >= 10)
        let readerRate = Double(during.dropFirst().reduce(0) { $0 + $1.bytes }) / (during.last!.time - during.first!.time)
        let wholeOverWait = Double(frame.count) / (Double(blocked.components.attoseconds) / 1e18
            + Double(blocked.components.seconds))
        #expect(abs(measured / readerRate - 1) < 0.2, "drain \(measured), reader \(readerRate)")
        #expect(wholeOverWait / readerRate > 1.25, "the frame over its wait: \(wholeOverWait)")
    }

    @Test func reportsErrors() {
        let writer = TerminalWriter(descriptor: -1)
        #expect(throws: TerminalError.systemCall("write", errno: EBADF)) { try writer.write("x") }
        #expect(writer.statistics.writes == 1)
        #expect(writer.statistics.bytes == 0)
    }
}
