import Foundation
import InsetTestSupport
import Testing

/// The two-stream page and `--audio-file`, measured from outside as scripts/av-sync
/// measures a file: the flash reaching the pty against the tone SDL's disk driver wrote.
@Suite("Two inputs in sync end to end", .serialized, .tags(.timed))
struct SiteSyncEndToEndTests {
    @Test("the page whose picture and sound are two streams: in sync through a pause, a skip and PiP, and PiP fetches the smaller picture")
    func splitStreamsInSync() throws {
        let server = try TestWebServer()
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("inset-split-\(UUID().uuidString).log").path
        defer { unlink(log) }
        // Octants at 100x30 want the 360p picture full screen, the window's 180p.
        try AVSyncScript.check(["--clip", server.url("sites/split.html"), "--player-arg=--blitter", "--player-arg=octant", "--log", log])
        let lines = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        #expect(lines.contains("variant 640x360 (2/3) -> 320x180 (1/3)"), "\(lines)")
        let paths = server.requests.map { $0[2] }
        let full = try #require(paths.firstIndex(of: "/sites/markers_360p.mp4"), "\(paths)")
        let window = try #require(paths.firstIndex(of: "/sites/markers_180p.mp4"), "\(paths)")
        #expect(full < window)
        // The sound's one stream read once, from start to end: the switches left it alone.
        #expect(paths.filter { $0 == "/sites/markers_tone.m4a" }.count <= 2, "\(paths)")
    }

    @Test("--audio-file: a separate tone file heard with a picture that has none, in sync")
    func audioFileInSync() throws {
        try AVSyncScript.check(["--clip", samplePath("sites/markers_180p.mp4"),
                                "--player-arg=--audio-file", "--player-arg=\(samplePath("sites/markers_tone.m4a"))"])
    }
}
