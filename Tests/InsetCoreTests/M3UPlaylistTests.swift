import Testing
@testable import InsetCore

@Suite("M3U playlists: lines, paths, titles, HLS told apart")
struct M3UPlaylistTests {
    static func read(_ text: String, in directory: String = "/films/lists") -> M3UPlaylist.Reading {
        M3UPlaylist.read(Array(text.utf8), directory: directory)
    }

    static func locations(_ reading: M3UPlaylist.Reading) -> [String]? {
        guard case .playlist(let entries) = reading else { return nil }
        return entries.map(\.location)
    }

    @Test("a relative path is under the playlist's folder; absolute paths and URLs stay as written")
    func paths() {
        let reading = Self.read("a.mp4\n../b.mkv\nsub/c.webm\n/abs/d.mp4\nhttps://example.com/e.mp4\nrtsp://cam/1\n")
        #expect(Self.locations(reading) == ["/films/lists/a.mp4", "/films/lists/../b.mkv", "/films/lists/sub/c.webm",
                                            "/abs/d.mp4", "https://example.com/e.mp4", "rtsp://cam/1"])
        #expect(Self.locations(Self.read("a.mp4", in: "")) == ["a.mp4"])
        #expect(Self.locations(Self.read("a.mp4", in: "/")) == ["/a.mp4"])
        // A colon is not a URL without "scheme://".
        #expect(Self.locations(Self.read("c:d.mp4\n1://x")) == ["/films/lists/c:d.mp4", "/films/lists/1://x"])
    }

    @Test("comments and blank lines are skipped; CR LF, CR and a byte order mark are not part of any name")
    func linesAndComments() {
        let text = "\u{FEFF}#EXTM3U\r\n\r\n# a comment\r\n  a.mp4  \r\n\t\r\nb.mp4\rc.mp4"
        #expect(Self.locations(Self.read(text)) == ["/films/lists/a.mp4", "/films/lists/b.mp4", "/films/lists/c.mp4"])
        #expect(Self.read("") == .playlist([]))
        #expect(Self.read("#EXTM3U\n# nothing\n") == .playlist([]))
    }

    @Test("#EXTINF gives the next entry its title, and only that one")
    func titles() {
        let reading = Self.read("#EXTM3U\n#EXTINF:12,The first\na.mp4\nb.mp4\n#EXTINF:-1,\nc.mp4\n#EXTINF:3\nd.mp4\n")
        #expect(reading == .playlist([
            .init(location: "/films/lists/a.mp4", title: "The first"), .init(location: "/films/lists/b.mp4"),
            .init(location: "/films/lists/c.mp4"), .init(location: "/films/lists/d.mp4"),
        ]))
    }

    @Test("any #EXT-X- tag makes it HLS, which FFmpeg plays as one stream",
          arguments: ["#EXTM3U\n#EXT-X-TARGETDURATION:4\n#EXTINF:4.0,\nseg0.ts\n",
                      "#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=800000\nlow/index.m3u8\n",
                      "#EXTM3U\n#EXT-X-VERSION:3\n#EXTINF:2,\na.ts\n"])
    func hls(_ text: String) {
        #expect(Self.read(text) == .hls)
    }

    @Test("names are bytes: a Latin-1 line names its file byte for byte")
    func bytes() {
        let line: [UInt8] = Array("caf".utf8) + [0xE9] + Array(".mp4\n".utf8)
        guard case .playlist(let entries) = M3UPlaylist.read(line, directory: "/d") else { Issue.record("not read"); return }
        #expect(FileNameBytes.systemBytes(entries[0].location) == Array("/d/caf".utf8) + [0xE9] + Array(".mp4".utf8))
    }

    @Test("a binary file, one too big and one with too many entries are refused with one reason")
    func refusals() {
        #expect(M3UPlaylist.read([0x41, 0x00, 0x0A], directory: "/d") == .refused("binary, not a list of files"))
        let big = [UInt8](repeating: 0x61, count: M3UPlaylist.maximumBytes + 1)
        #expect(M3UPlaylist.read(big, directory: "/d") == .refused("larger than 4 MiB"))
        let many = [UInt8](String(repeating: "a\n", count: M3UPlaylist.maximumEntries + 1).utf8)
        #expect(M3UPlaylist.read(many, directory: "/d") == .refused("more than 100000 entries"))
    }

    @Test("playlists are known by name, in any case", arguments: [("a.m3u", true), ("A.M3U8", true), ("a.m3u.mp4", false), ("m3u", false)])
    func names(_ name: String, _ isPlaylist: Bool) {
        #expect(M3UPlaylist.isPlaylistName(name) == isPlaylist)
    }
}
