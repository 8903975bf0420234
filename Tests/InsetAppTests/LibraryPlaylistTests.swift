import Foundation
import InsetCore
import Testing
@testable import InsetApp
@testable import InsetPlayback
import InsetMedia

/// `.m3u` files among the paths, as the catalog lists them: their entries in place, read
/// from disk with the limits of a hostile input.
@Suite("Library catalog: playlists")
struct LibraryPlaylistTests {
    static func write(_ text: String, to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    @Test("a playlist in a subfolder lists its entries in place, relative to its folder, titles as names")
    func entriesInPlace() throws {
        let dir = try makeTemporaryDirectory("m3u")
        defer { try? FileManager.default.removeItem(at: dir) }
        let list = dir.appendingPathComponent("lists/all.m3u")
        try Self.write("#EXTM3U\r\n#EXTINF:6,A clock\r\n../clips/a.mp4\r\n\r\n# note\r\nhttps://example.com/b.mp4\r\n/abs/c.mp4\r\n", to: list)
        let catalog = LibraryCatalog(paths: [sample("clock_4x3.mp4"), list.path, sample("long_gop.mp4")])
        #expect(catalog.entries.map(\.path) == [sample("clock_4x3.mp4"), dir.path + "/lists/../clips/a.mp4",
                                                "https://example.com/b.mp4", "/abs/c.mp4", sample("long_gop.mp4")])
        #expect(catalog.entries[1].name == "A clock")
        #expect(catalog.entries[2].name == "b.mp4")
    }

    @Test("an HLS playlist stays one entry, for FFmpeg")
    func hlsStaysOne() {
        let path = sample("hls/master.m3u8")
        let catalog = LibraryCatalog(paths: [path])
        #expect(catalog.entries.map(\.path) == [path])
        #expect(catalog.entries[0].isProbing)
    }

    @Test("a playlist naming itself, or one naming it back, is read once; each repeat is listed with the reason")
    func noEndlessNesting() throws {
        let dir = try makeTemporaryDirectory("m3u-loop")
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.write("self.m3u\na.mp4\n", to: dir.appendingPathComponent("self.m3u"))
        try Self.write("b.m3u\none.mp4\n", to: dir.appendingPathComponent("a.m3u"))
        try Self.write("two.mp4\n./a.m3u\n", to: dir.appendingPathComponent("b.m3u"))
        let selfish = LibraryCatalog(paths: [dir.appendingPathComponent("self.m3u").path]).entries
        #expect(selfish.map(\.name) == ["self.m3u", "a.mp4"])
        #expect(selfish[0].failure?.reason == "reading the playlist failed: it names itself (through self.m3u)", "\(selfish[0].state)")
        let pair = LibraryCatalog(paths: [dir.appendingPathComponent("a.m3u").path]).entries
        #expect(pair.map(\.name) == ["two.mp4", "a.m3u", "one.mp4"])
        #expect(pair[1].failure != nil)
    }

    @Test("a playlist too big or binary is one failed entry, with its reason in one line")
    func refused() throws {
        let dir = try makeTemporaryDirectory("m3u-bad")
        defer { try? FileManager.default.removeItem(at: dir) }
        let big = dir.appendingPathComponent("big.m3u")
        #expect(FileManager.default.createFile(atPath: big.path, contents: nil))
        let handle = try FileHandle(forWritingTo: big)
        try handle.truncate(atOffset: UInt64(M3UPlaylist.maximumBytes) + 1)
        try handle.close()
        let binary = dir.appendingPathComponent("binary.m3u8")
        try Data([0x61, 0x2E, 0x6D, 0x70, 0x34, 0x00, 0x0A]).write(to: binary)
        let entries = LibraryCatalog(paths: [big.path, binary.path]).entries
        #expect(entries.map(\.name) == ["big.m3u", "binary.m3u8"])
        #expect(entries[0].failure?.description == "cannot open \(big.path): reading the playlist failed: larger than 4 MiB")
        #expect(entries[1].failure?.description == "cannot open \(binary.path): reading the playlist failed: binary, not a list of files")
    }

    @Test("playlists naming one another many times over stop at 100,000 entries in all, with the reason")
    func noMultiplying() throws {
        let dir = try makeTemporaryDirectory("m3u-many")
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.write((0..<200).map { "f\($0).mp4\n" }.joined(), to: dir.appendingPathComponent("b.m3u"))
        try Self.write(String(repeating: "b.m3u\n", count: 1_000), to: dir.appendingPathComponent("a.m3u"))
        let entries = LibraryCatalog(paths: [dir.appendingPathComponent("a.m3u").path]).entries
        // The limit counts the files listed and the playlists read: the files stop short of
        // 100,000 by the playlists read, and one more entry says why.
        #expect(entries.count > M3UPlaylist.maximumEntries - 3 && entries.count <= M3UPlaylist.maximumEntries)
        #expect(entries.last?.failure?.reason == "reading the playlist failed: its playlists name more than 100000 entries in all")
    }

    @Test("lines that name no media (an empty folder) count toward the 100,000 all the same")
    func emptyLinesCount() throws {
        let dir = try makeTemporaryDirectory("m3u-empty-lines")
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("empty"), withIntermediateDirectories: true)
        for name in ["a.m3u", "b.m3u"] {
            try Self.write(String(repeating: "empty\n", count: 60_000), to: dir.appendingPathComponent(name))
        }
        try Self.write("a.m3u\nb.m3u\nafter.mp4\n", to: dir.appendingPathComponent("list.m3u"))
        let entries = LibraryCatalog(paths: [dir.appendingPathComponent("list.m3u").path]).entries
        #expect(entries.last?.failure?.reason == "reading the playlist failed: its playlists name more than 100000 entries in all")
        #expect(!entries.contains { $0.path.hasSuffix("after.mp4") })
    }

    @Test("playlists are read up to 16 MiB in all: the one past it is refused, the ones before are listed")
    func bytesInAll() throws {
        let dir = try makeTemporaryDirectory("m3u-bytes")
        defer { try? FileManager.default.removeItem(at: dir) }
        let padding = String(repeating: "# padding of a comment line, to make the file big\n", count: 3_500_000 / 50)
        for index in 0..<5 {
            try Self.write(padding + "clip\(index).mp4\n", to: dir.appendingPathComponent("p\(index).m3u"))
        }
        try Self.write((0..<5).map { "p\($0).m3u\n" }.joined(), to: dir.appendingPathComponent("all.m3u"))
        let entries = LibraryCatalog(paths: [dir.appendingPathComponent("all.m3u").path]).entries
        #expect(entries.map(\.name) == ["clip0.mp4", "clip1.mp4", "clip2.mp4", "clip3.mp4", "p4.m3u"])
        #expect(entries.last?.failure?.reason == "reading the playlist failed: over 16 MiB of playlists in all")
    }
}
