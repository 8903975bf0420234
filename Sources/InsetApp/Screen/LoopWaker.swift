import Foundation

/// A pipe that lets another thread wake the UI loop out of its poll: the decoder writes a
/// byte when a frame lands in an empty queue, so the loop sleeps until a frame is due or
/// arrives instead of polling for it.
final class LoopWaker: @unchecked Sendable {
    let readDescriptor: Int32
    private let writeDescriptor: Int32

    init() {
        var fds: [Int32] = [-1, -1]
        if pipe(&fds) == 0 {
            for fd in fds {
                _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
                _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            }
        }
        readDescriptor = fds[0]
        writeDescriptor = fds[1]
    }

    deinit {
        if readDescriptor >= 0 { close(readDescriptor) }
        if writeDescriptor >= 0 { close(writeDescriptor) }
    }

    /// Any thread. A full pipe already means "wake up", so a failed write is fine.
    func wake() {
        var byte: UInt8 = 1
        _ = write(writeDescriptor, &byte, 1)
    }
}
