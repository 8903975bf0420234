import CFFmpeg
import Foundation
import Testing
@testable import InsetMedia

@Suite("Network failures in the network's words")
struct NetworkErrorTests {
    @Test("libavformat's HTTP errors name their status; connection errors their reason; other errors are not the network's")
    func classification() {
        let url = "http://127.0.0.1:9/x.mp4"
        #expect(MediaSource.networkFailure(path: url, code: cffmpeg_averror(ECONNREFUSED))
                == .network(path: url, reason: "connection refused"))
        #expect(MediaSource.networkFailure(path: url, code: cffmpeg_averror(ETIMEDOUT))
                == .network(path: url, reason: "connection timed out"))
        #expect(MediaSource.networkFailure(path: url, code: cffmpeg_averror_invaliddata()) == nil)
        #expect(MediaError.network(path: url, reason: "HTTP 404 Not Found").description
                == "cannot open http://127.0.0.1:9/x.mp4: HTTP 404 Not Found")
    }

    @Test("a refused connection, opened for real, says so (after the reconnect options' one retry)")
    func refused() {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) } }
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) } }
        close(fd)
        let url = "http://127.0.0.1:\(UInt16(bigEndian: address.sin_port))/clip.mp4"
        #expect(throws: MediaError.network(path: url, reason: "connection refused")) { try MediaSource(path: url) }
    }

    @Test("only http and https get the reconnect options")
    func options() {
        #expect(MediaSource.openOptions(for: InputLocation("https://example.com/a.m3u8")) == MediaSource.reconnectOptions)
        #expect(MediaSource.openOptions(for: InputLocation("rtsp://example.com/a")) == nil)
        #expect(MediaSource.openOptions(for: InputLocation("/tmp/a.mp4")) == nil)
    }
}
