import CFFmpeg
import Foundation
@testable import InsetMedia
import Testing

/// Playlists that make libavformat open without end, and names that read as protocols,
/// through the real hls demuxer and file protocol.
@Suite("Bounded opening")
struct OpenGuardTests {
    static func scratch() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("inset-guard-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    static func refusal(_ path: String) -> MediaError? {
        do { _ = try MediaSource(path: path); return nil } catch let error as MediaError { return error } catch { return nil }
    }

    @Test("a master that names itself is refused for its variants, at once")
    func selfReference() throws {
        let dir = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let evil = dir.appendingPathComponent("evil.mp4")
        try Data("#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1\nevil.mp4\n".utf8).write(to: evil)
        let error = try #require(Self.refusal(evil.path))
        guard case .refused = error else { Issue.record("\(error)"); return }
    }

    @Test("two masters that name each other are refused")
    func cycle() throws {
        let dir = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data("#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1\nb.m3u8\n".utf8).write(to: dir.appendingPathComponent("a.m3u8"))
        try Data("#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1\na.m3u8\n".utf8).write(to: dir.appendingPathComponent("b.m3u8"))
        let error = try #require(Self.refusal(dir.appendingPathComponent("a.m3u8").path))
        guard case .refused = error else { Issue.record("\(error)"); return }
    }

    @Test("a rendition that is a master playlist is refused (libavformat 59 dereferenced NULL on it: found by scripts/fuzz)")
    func renditionIsMaster() throws {
        let dir = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let master = dir.appendingPathComponent("evil.mp4")
        try Data("""
            #EXTM3U
            #EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="a",NAME="a",DEFAULT=YES,URI="\(sample("hls/master.m3u8"))"
            #EXT-X-STREAM-INF:AUDIO="a",BANDWIDTH=4250781,RESOLUTION=320x180
            \(sample("hls/v0/seg03.ts"))

            """.utf8).write(to: master)
        let error = try #require(Self.refusal(master.path))
        #expect(error.reason.contains("is itself a master playlist"), "\(error)")
    }

    @Test("a master with 100k variants is refused before the demuxer reads it")
    func manyVariants() throws {
        let dir = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        var text = "#EXTM3U\n"
        for i in 0..<100_000 { text += "#EXT-X-STREAM-INF:BANDWIDTH=\(i + 1)\nv\(i).m3u8\n" }
        let master = dir.appendingPathComponent("big.m3u8")
        try Data(text.utf8).write(to: master)
        let error = try #require(Self.refusal(master.path))
        #expect(error.reason.contains("more than \(OpenGuard.maxVariants) variants"), "\(error)")
    }

    @Test("the bundled three-variant master and the live playlist still open")
    func realPlaylists() throws {
        #expect(try MediaSource(path: sample("hls/master.m3u8")).videoVariants.count == 3)
        #expect(try MediaSource(path: sample("hls/live.m3u8")).info.isLive)
    }

    @Test("a local playlist may not name a URL: the whitelist keeps it to local files")
    func localPlaylistNamesNoURL() throws {
        let dir = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let playlist = dir.appendingPathComponent("remote.m3u8")
        try Data("#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXTINF:2,\nhttp://127.0.0.1:9/seg.ts\n#EXT-X-ENDLIST\n".utf8).write(to: playlist)
        #expect(Self.refusal(playlist.path) != nil)
    }

    @Test("a playlist whose segment FFmpeg will not open says so, instead of calling the playlist truncated")
    func refusedSegment() throws {
        let dir = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.copyItem(atPath: sample("hls/v0/seg00.ts"), toPath: dir.appendingPathComponent("seg.bin").path)
        let refused = dir.appendingPathComponent("refused.m3u8")
        try Data("#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXTINF:2,\nseg.bin\n#EXT-X-ENDLIST\n".utf8).write(to: refused)
        let first = try #require(Self.refusal(refused.path))
        #expect(first == .notMediaFile(path: refused.path, detail: "a hls playlist whose segments could not be opened"))
        let missing = dir.appendingPathComponent("missing.m3u8")
        try Data("#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXTINF:2,\nmissing.ts\n#EXT-X-ENDLIST\n".utf8).write(to: missing)
        let second = try #require(Self.refusal(missing.path))
        #expect(second.reason.contains("missing.ts: no such file or directory"), "\(second)")
    }

    @Test("where a path is read from", arguments: [
        ("-", InputLocation.Kind.standardInput, InputLocation.noProtocols),
        ("http://example.com/a.m3u8", .network, InputLocation.networkWhitelist),
        ("/tmp/http:127.0.0.1:8765", .local(absolutePath: "/tmp/http:127.0.0.1:8765"), InputLocation.localWhitelist),
        ("/x/pipe:0.mp4", .local(absolutePath: "/x/pipe:0.mp4"), InputLocation.localWhitelist),
        ("file:///srv/a.mp4", .local(absolutePath: "/srv/a.mp4"), InputLocation.localWhitelist),
    ])
    func locations(_ row: (String, InputLocation.Kind, String)) {
        let location = InputLocation(row.0)
        #expect(location.kind == row.1)
        #expect(location.whitelist == row.2)
        if case .local(let path) = row.1 { #expect(String(decoding: location.url, as: UTF8.self) == "file:" + path) }
    }

    @Test("a relative name becomes file: and the absolute path, whatever it looks like", arguments: ["concat:a.mp4|b.mp4", "subfile,,0,1,:x", "pipe:0.mp4", "http:host"])
    func relativeNames(_ name: String) {
        let location = InputLocation(name)
        let cwd = FileManager.default.currentDirectoryPath
        #expect(String(decoding: location.url, as: UTF8.self) == "file:" + cwd + "/" + name)
        #expect(!InputLocation.isURL(name))
    }

    @Test("a name too long for the system is reported in the system's words")
    func nameTooLong() {
        let error = Self.refusal("/tmp/" + String(repeating: "x", count: 300) + ".mp4")
        #expect(error?.reason == "file name too long", "\(String(describing: error))")
    }

    @Test("a URL that is not http or https is refused before any connection, unless the user named it")
    func schemesNotNamed() throws {
        for url in ["sftp://127.0.0.1:9/x.mp4", "tcp://127.0.0.1:9?listen=1", "rtmp://127.0.0.1:9/live", "udp://127.0.0.1:9"] {
            let location = InputLocation(url)
            #expect(location.refusedScheme != nil, "\(url)")
            let error = try #require(Self.refusal(url))
            #expect(error.reason.contains("opened only when named on the command line"), "\(error)")
        }
        for url in ["http://127.0.0.1:9/a.mp4", "HTTPS://example.com/a.m3u8"] { #expect(InputLocation(url).refusedScheme == nil) }
        let named = "rtmp://127.0.0.1:9/named-\(UUID().uuidString)"
        let location = InputLocation(named, allowance: InputAllowance(named: [named]))
        #expect(location.refusedScheme == nil)
        #expect(location.whitelist.split(separator: ",").contains("rtmp"))
        #expect(!InputLocation.networkWhitelist.split(separator: ",").contains { ["sftp", "rtmp", "udp", "srt", "ftp", "file"].contains($0) })
    }

    @Test("a local path a stream names is refused before it is opened or read (the guard read it ahead of the whitelist)")
    func localPathNamedByAStreamIsNotRead() throws {
        let dir = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("secret.m3u8")
        try Data("#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1\nx.m3u8\n".utf8).write(to: file)
        func accessed() -> timespec {
            var status = stat()
            _ = stat(file.path, &status)
            return status.st_atim
        }
        func ageAccess() {
            var times = [timespec(tv_sec: time(nil) - 3 * 86400, tv_nsec: 0), timespec(tv_sec: 0, tv_nsec: (1 << 30) - 2)]  // UTIME_OMIT: the modification time stays
            _ = utimensat(AT_FDCWD, file.path, &times, 0)
        }
        // The file system must note reads for this to tell anything.
        ageAccess()
        let before = accessed()
        _ = try Data(contentsOf: file)
        guard accessed().tv_sec != before.tv_sec else {
            print("skipped: this file system does not note reads (noatime)")
            return
        }
        ageAccess()
        let aged = accessed()
        let guardState = OpenGuard(interrupt: MediaInterrupt())
        guardState.counting = true
        let refused = cffmpeg_open_guard_check(guardState.state, "file:" + file.path, cffmpeg_avio_flag_read(), InputLocation.networkWhitelist)
        #expect(refused < 0)
        #expect(accessed().tv_sec == aged.tv_sec, "the guard read the file before refusing it")
    }
}
