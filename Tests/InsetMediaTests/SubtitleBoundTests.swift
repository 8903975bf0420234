import Foundation
import InsetCore
import InsetTestSupport
import Testing
@testable import InsetMedia

/// Every subtitle, from any source, is read through the counted reader and held to
/// `SubtitleFile.maximumBytes` (issue 42 item 1): before, only a regular file's size was
/// checked, and an endless WebVTT over http grew the player by 200–400 MB/s, /dev/zero by
/// over 1 GB/s (its bytes were read whole to guess their character set). A page's
/// subtitle carries the headers it is fetched with.
@Suite("Subtitle bounds")
struct SubtitleBoundTests {
    /// Loads `path` as a subtitle file, expecting the bound's refusal; returns the seconds it took.
    static func refusedAtTheBound(_ path: String) throws -> Double {
        let start = Date()
        do {
            let (_, cues) = try SubtitleFile.load(path, id: -1)
            Issue.record("\(path) loaded \(cues.count) cues past the bound")
        } catch let error as MediaError {
            #expect(error.description.contains("larger than 16 MiB, the bound on a subtitle file"), "\(error)")
        }
        return Date().timeIntervalSince(start)
    }

    @Test("issue 42 item 1: /dev/zero as a subtitle file is refused at 16 MiB, not read without end")
    func devZero() throws {
        let seconds = try Self.refusedAtTheBound("/dev/zero")
        #expect(seconds < 10, "\(seconds) s")
    }

    @Test("issue 42 item 1: a FIFO an endless writer feeds is refused at 16 MiB")
    func fifo() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("inset-subfifo-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let fifo = dir.appendingPathComponent("endless.srt").path
        #expect(mkfifo(fifo, 0o600) == 0)
        // The writer blocks in its own open until the reader comes, and dies of SIGPIPE after.
        let writer = Process()
        writer.executableURL = URL(fileURLWithPath: "/bin/sh")
        writer.arguments = ["-c", "exec yes '00:00:01,000 --> 00:00:02,000' > \"$0\"", fifo]
        try writer.run()
        defer { if writer.isRunning { writer.terminate() }; writer.waitUntilExit() }
        let seconds = try Self.refusedAtTheBound(fifo)
        #expect(seconds < 10, "\(seconds) s")
    }

    @Test("issue 42 item 1: an endless WebVTT and SubRip over http are refused at 16 MiB", arguments: ["endless.vtt", "endless.srt"])
    func endlessOverHTTP(name: String) throws {
        let server = try TestWebServer(script: "hostile-serve")
        let seconds = try Self.refusedAtTheBound(server.url(name))
        #expect(seconds < 15, "\(seconds) s")
    }

    @Test("a subtitle file under the bound over http reads as the same file on disk does")
    func wholeOverHTTP() throws {
        let server = try TestWebServer()
        let local = try SubtitleFile.load(sample("sidecar.en.srt"), id: -1).cues
        let remote = try SubtitleFile.load(server.url("sidecar.en.srt"), id: -1).cues
        #expect(!local.isEmpty && remote == local)
    }

    @Test("issue 42 item 1: a page's subtitle request carries the page's Referer and User-Agent")
    func pageHeaders() throws {
        let server = try TestWebServer()
        let url = server.url("sidecar.en.srt") + "?page=\(UUID().uuidString.prefix(8))"
        let allowance = InputAllowance.webOnly.withPageHeaders(["Referer": "http://page.example/watch", "User-Agent": "PageAgent/2.0"],
                                                               for: url)
        _ = try SubtitleFile.load(url, id: -1, allowance: allowance)
        // The server logs a request once its answer is sent, which may be a moment after the reader has it.
        var gets: [[String]] = []
        let waited = Date()
        while gets.isEmpty, Date().timeIntervalSince(waited) < 3 {
            gets = server.requests.filter { $0.count >= 9 && $0[1] == "GET" && $0[2].hasPrefix("/sidecar.en.srt") }
            if gets.isEmpty { Thread.sleep(forTimeInterval: 0.05) }
        }
        #expect(!gets.isEmpty && gets.allSatisfy { $0[7] == "PageAgent/2.0" && $0[8] == "http://page.example/watch" }, "\(gets)")
    }

    @Test("issue 42, subtitle-server fuzz: a cue line of megabytes is cut to 64 KiB (15 MB of <i> tags held opening for 41 s)")
    func longLineCut() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("inset-subline-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("long.srt").path
        let line = String(repeating: "word ", count: 400_000)
        try Data("1\n00:00:01,000 --> 00:00:02,000\n\(line)\n\n2\n00:00:03,000 --> 00:00:04,000\nafter\n".utf8)
            .write(to: URL(fileURLWithPath: path))
        let cues = try SubtitleFile.load(path, id: -1).cues
        #expect(cues.count == 2)
        #expect(cues.first.flatMap(\.text).map { $0.utf8.count <= SubtitleBytes.maximumLineBytes } == true)
        #expect(cues.last?.text == "after")
        #expect(SubtitleBytes.cuttingLongLines(Array("a\nbcdef\ng".utf8), limit: 3) == Array("a\nbcd\ng".utf8))
    }

    @Test("issue 42 item 1: a page's headers lent to its subtitle keep their credentials on the picture's host only")
    func borrowedHeaders() {
        let page = ["Referer": "http://page.example/", "User-Agent": "A/1", "Cookie": "sid=1", "Authorization": "Bearer t"]
        #expect(InputAllowance.borrowed(page, from: "https://cdn.example/v.mp4", to: "https://cdn.example/s.vtt") == page)
        #expect(InputAllowance.borrowed(page, from: "https://cdn.example/v.mp4", to: "https://other.example/s.vtt")
                == ["Referer": "http://page.example/", "User-Agent": "A/1"])
    }
}
