import Foundation
import InsetCore
import Testing
@testable import InsetApp
@testable import InsetPlayback
import InsetMedia
import InsetTestSupport

/// What the library never reads by itself (issue 28, low 8 and 10): a URL (a playlist's
/// entries were all opened at once, with no key pressed, `tcp://…?listen=1` even made the
/// player a server), a device or a FIFO a playlist names (`/dev/tty` ate the user's keys).
@Suite("Library: entries it does not read by itself", .serialized)
struct LibraryUnreadEntriesTests {
    @Test("a playlist's URLs are listed as streams and not opened: no connection reaches the server")
    func urlsAreNotOpened() throws {
        let listener = try ListeningSocket()
        let dir = try makeTemporaryDirectory("unread")
        defer { try? FileManager.default.removeItem(at: dir) }
        let list = dir.appendingPathComponent("list.m3u")
        let urls = ["http://127.0.0.1:\(listener.port)/a.mp4", "sftp://127.0.0.1:\(listener.port)/b.mp4",
                    "tcp://127.0.0.1:\(listener.port)?listen=1"]
        try Data((["#EXTM3U"] + urls + [sample("clock_4x3.mp4")]).joined(separator: "\n").utf8).write(to: list)
        let catalog = LibraryCatalog(paths: [list.path, "https://127.0.0.1:\(listener.port)/c.mp4"])
        defer { catalog.stop() }
        catalog.startProbing()
        #expect(eventually(timeout: 10) { !catalog.isProbing })
        usleep(200_000)
        let entries = catalog.entries
        #expect(entries.map(\.path) == urls + [sample("clock_4x3.mp4"), "https://127.0.0.1:\(listener.port)/c.mp4"])
        #expect(entries.filter { $0.state == .stream }.count == 4)
        #expect(entries[3].isPlayable && entries[3].info != nil, "the file beside them is probed")
        #expect(entries[0].isPlayable && entries[0].unplayableReason == nil, "a stream plays on Enter")
        #expect(!listener.wasConnected(), "the library connected to a URL by itself")
    }

    @Test("a device or a FIFO a playlist names is listed with the reason, never read; a FIFO the user names is left to probing")
    func devicesAndFIFOs() throws {
        let dir = try makeTemporaryDirectory("unread")
        defer { try? FileManager.default.removeItem(at: dir) }
        let fifo = dir.appendingPathComponent("pipe.mp4").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let list = dir.appendingPathComponent("list.m3u")
        try Data("#EXTM3U\n/dev/zero\n\(fifo)\n\(sample("clock_4x3.mp4"))\n".utf8).write(to: list)
        let entries = LibraryCatalog.listing(for: [list.path, "/dev/null"])
        #expect(entries.map(\.path) == ["/dev/zero", fifo, sample("clock_4x3.mp4"), "/dev/null"])
        #expect(entries[0].failure?.reason.contains("not a regular file (a character device)") == true, "\(entries[0])")
        #expect(entries[1].failure?.reason.contains("not a regular file (a FIFO)") == true, "\(entries[1])")
        #expect(entries[2].isProbing)
        #expect(entries[3].failure?.reason.contains("a character device") == true, "a device named by the user is not read by the library either")
        let named = LibraryCatalog.listing(for: [fifo])
        #expect(named.count == 1 && named[0].isProbing, "a FIFO the user named is probed")
    }
}
