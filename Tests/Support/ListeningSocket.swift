import Foundation

/// A TCP socket listening on 127.0.0.1 that nobody should connect to: whether anyone did
/// is a pending connection in its accept queue.
public final class ListeningSocket {
    public let descriptor: Int32
    public let port: UInt16

    public init() throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        self.descriptor = descriptor
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(descriptor, 16) == 0 else {
            close(descriptor)
            throw ListeningFailure()
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        port = UInt16(bigEndian: address.sin_port)
    }

    deinit { close(descriptor) }

    /// Whether anyone connected (and was left in the queue).
    public func wasConnected() -> Bool {
        var wanted = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&wanted, 1, 100) > 0
    }
}

struct ListeningFailure: Error, CustomStringConvertible {
    var description: String { "cannot listen on 127.0.0.1" }
}
