import Foundation
import Testing
import InsetTestSupport

/// What users feed the player that once hung it, lost the terminal or showed nothing, each
/// in a real terminal (tmux) with sound on: a live playlist that never ends, a pipe, a file
/// still downloading, a still picture, files with nothing decodable, C libraries' logs.
@Suite("Reliability end to end", .serialized, .tags(.clock))
struct ReliabilityEndToEndTests {
    /// Runs `command` in the pane followed by an echo of its exit status.
    func start(_ tmux: Tmux, _ command: String) throws {
        try tmux.run("\(command); echo EXIT=$?")
    }

    /// Waits for the shell to come back and returns the exit status and the lines the
    /// command left above it.
    func finish(_ tmux: Tmux, timeout: Double = 5) throws -> (status: Int, lines: [String]) {
        try tmux.waitFor(timeout: timeout, "exit status") {
            $0.text.range(of: #"(?m)^EXIT=\d+"#, options: .regularExpression) != nil
        }
        let lines = try tmux.unwrappedText().split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        let statusLine = try #require(lines.first { $0.hasPrefix("EXIT=") && Int($0.dropFirst(5)) != nil })
        let commandLine = lines.firstIndex { $0.contains("echo EXIT") } ?? -1
        let between = Array(lines[(commandLine + 1)...].prefix { $0 != statusLine })
        return (Int(statusLine.dropFirst(5)) ?? -1, between)
    }

    /// Sends q and returns how long the terminal took to be given back (alternate screen off).
    func quitLatency(_ tmux: Tmux) throws -> Double {
        let start = Date()
        try tmux.keys("q")
        while Date().timeIntervalSince(start) < 5 {
            if (try? tmux.terminalState())?.hasPrefix("0") == true { return Date().timeIntervalSince(start) }
            Thread.sleep(forTimeInterval: 0.005)
        }
        return .infinity
    }

    @Test("a live playlist without an end plays, then q gives the terminal back within 300 ms while it waits for more")
    func livePlaylist() throws {
        let tmux = try Tmux()
        try start(tmux, "\(try insetBinary()) \(TestMedia.livePlaylist)")
        let playing = try tmux.waitFor(timeout: 8, "live video") { $0.videoRows.count > 10 && $0.text.contains("LIVE") }
        #expect(playing.videoRows.count > 10)
        // The playlist holds 4 s: past them libavformat sits waiting for a segment that never comes.
        Thread.sleep(forTimeInterval: 6)
        #expect(try tmux.terminalState().hasPrefix("1"), "the player is still up, waiting")
        let latency = try quitLatency(tmux)
        #expect(latency < 0.3, "q took \(latency) s")
        let (status, lines) = try finish(tmux)
        #expect(status == 0)
        #expect(lines.isEmpty, "\(lines)")
    }

    @Test("while a pipe sends nothing the player says it is opening, and q leaves at once")
    func openingCanBeLeft() throws {
        let tmux = try Tmux()
        try start(tmux, "\(try insetBinary()) - < <(sleep 60)")
        try tmux.waitFor(timeout: 5, "opening") { $0.text.contains("opening -") && $0.text.contains("q quits") }
        let latency = try quitLatency(tmux)
        #expect(latency < 0.3, "q took \(latency) s")
        let (status, lines) = try finish(tmux, timeout: 3)
        #expect(status == 0 && lines.isEmpty, "\(lines)")
    }

    @Test("`cat file.mkv | inset -` and a piped MP4 with its index in front play from the start")
    func pipe() throws {
        for clip in [TestMedia.matroska, TestMedia.fastStart] {
            let tmux = try Tmux()
            try start(tmux, "cat \(clip) | \(try insetBinary()) -")
            let first = try tmux.waitFor(timeout: 6, "picture and time") { $0.videoRows.count > 20 && $0.text.contains("LIVE") }
            // From the start: the burnt-in clip is 10 s; within a second of appearing the time reads 0:00 or 0:01.
            let shown = try #require(first.text.range(of: #"\d+:\d\d / LIVE"#, options: .regularExpression).map { String(first.text[$0]) })
            #expect(shown.hasPrefix("0:00") || shown.hasPrefix("0:01"), "\(shown)")
            // The time moving on to 0:03, the bar kept up by a key (it hides after 3 s).
            try tmux.waitFor(timeout: 5, "time moving") { screen in
                try? tmux.keys("z")
                return screen.text.contains("0:03 / LIVE") || screen.text.contains("0:04 / LIVE")
            }
            try tmux.keys("q")
            let (status, _) = try finish(tmux)
            #expect(status == 0)
        }
    }

    @Test("a half-downloaded MP4 plays the half that is there and exits with one notice")
    func halfDownloaded() throws {
        let tmux = try Tmux()
        let started = Date()
        try start(tmux, "\(try insetBinary()) \(TestMedia.halfDownloaded)")
        try tmux.waitFor(timeout: 6, "picture") { $0.videoRows.count > 20 }
        let (status, lines) = try finish(tmux, timeout: 12)
        let played = Date().timeIntervalSince(started)
        #expect(status == 0)
        #expect(played > 4, "it played \(played) s of the 4.7 s there")
        #expect(lines.count == 1 && lines[0].hasPrefix("inset: ") && lines[0].contains("cut short"), "\(lines)")
    }

    @Test("a PNG stays on screen until q")
    func stillPicture() throws {
        let tmux = try Tmux()
        try start(tmux, "\(try insetBinary()) \(TestMedia.stillPicture)")
        try tmux.waitFor(timeout: 5, "picture") { $0.videoRows.count > 20 }
        // Past the still's own length (a frame, at most a second) by as much again.
        Thread.sleep(forTimeInterval: 1.5)
        let later = try tmux.capture()
        #expect(later.videoRows.count > 20, "the picture is still there")
        #expect(try tmux.terminalState().hasPrefix("1"))
        try tmux.keys("q")
        let (status, lines) = try finish(tmux)
        #expect(status == 0)
        #expect(lines.isEmpty)
    }

    @Test("a file with no decodable picture, or a codec FFmpeg lacks: one line and a non-zero exit", arguments: [
        (TestMedia.undecodable, "no picture could be decoded"), (TestMedia.unsupportedCodec, "unsupported codec"),
    ])
    func nothingToShow(path: String, reason: String) throws {
        let tmux = try Tmux()
        try start(tmux, "\(try insetBinary()) \(path)")
        let (status, lines) = try finish(tmux, timeout: 8)
        #expect(status == 1)
        #expect(lines.count == 1 && lines[0].hasPrefix("inset: cannot open \(path): ") && lines[0].contains(reason), "\(lines)")
        #expect(try tmux.terminalState() == "0 1")
    }

    @Test("--pip where the window cannot start (a terminal too small): the video plays full screen, not unseen")
    func pipThatCannotStart() throws {
        let tmux = try Tmux(columns: 40, rows: 10)
        try start(tmux, "\(try insetBinary()) --pip \(samplePath("clock_16x9_aac.mp4"))")
        let screen = try tmux.waitFor(timeout: 6, "the picture full screen") { $0.videoRows.count >= 6 }
        #expect(screen.pipWindow == nil)
        try tmux.keys("q")
        let (status, _) = try finish(tmux)
        #expect(status == 0)
    }

    @Test("C libraries' log lines stay off the picture (FFmpeg's, at its most verbose, go to the log file)")
    func librariesKeepQuiet() throws {
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("inset-quiet-\(UUID().uuidString).log").path
        defer { unlink(log) }
        let tmux = try Tmux(environment: ["INSET_FFMPEG_LOG": "48", "INSET_LOG": log])
        try start(tmux, "\(try insetBinary()) \(samplePath("clock_4x3.mp4"))")
        try tmux.waitFor(timeout: 6, "picture") { $0.videoRows.count > 20 && $0.shownTime != nil }
        for _ in 0..<5 {
            let screen = try tmux.capture()
            #expect(!screen.text.contains(" @ 0x"), "a library's log line on the picture:\n\(screen.text)")
            Thread.sleep(forTimeInterval: 0.3)
        }
        try tmux.keys("q")
        _ = try finish(tmux)
        let logged = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        #expect(logged.contains(" @ 0x"), "FFmpeg's lines went to the log file")
    }
}

/// Inputs made once per test run from the samples with ffmpeg (which scripts/setup
/// installs): they are derived from committed clips, so nothing comes from outside.
enum TestMedia {
    static let directory: URL = {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("inset-media-\(getpid())")
        try? FileManager.default.createDirectory(at: dir.appendingPathComponent("live"), withIntermediateDirectories: true)
        return dir
    }()

    static func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    static func ffmpeg(_ arguments: [String]) {
        _ = try? runCommand(["ffmpeg", "-v", "error", "-y"] + arguments)
    }

    /// Four seconds in two segments, and no #EXT-X-ENDLIST: a live playlist nobody updates.
    static let livePlaylist: String = {
        let full = path("live/full.m3u8")
        ffmpeg(["-i", samplePath("clock_4x3.mp4"), "-t", "4", "-c", "copy", "-f", "hls", "-hls_time", "2",
                "-hls_list_size", "0", "-hls_segment_filename", path("live/seg%d.ts"), full])
        let text = (try? String(contentsOfFile: full, encoding: .utf8)) ?? ""
        let live = path("live/live.m3u8")
        try? text.replacingOccurrences(of: "#EXT-X-ENDLIST\n", with: "").write(toFile: live, atomically: true, encoding: .utf8)
        return live
    }()

    static let matroska: String = {
        ffmpeg(["-i", samplePath("clock_16x9_aac.mp4"), "-c", "copy", path("clip.mkv")])
        return path("clip.mkv")
    }()

    static let fastStart: String = {
        ffmpeg(["-i", samplePath("clock_16x9_aac.mp4"), "-c", "copy", "-movflags", "+faststart", path("fast.mp4")])
        return path("fast.mp4")
    }()

    /// The first half of an MP4 whose index is at the front: a download still going.
    static let halfDownloaded: String = {
        let data = (try? Data(contentsOf: URL(fileURLWithPath: fastStart))) ?? Data()
        try? data.prefix(data.count / 2).write(to: URL(fileURLWithPath: path("half.mp4")))
        return path("half.mp4")
    }()

    static let stillPicture: String = {
        ffmpeg(["-f", "lavfi", "-i", "testsrc=size=320x240:rate=1", "-frames:v", "1", path("still.png")])
        return path("still.png")
    }()

    /// A whole, well-indexed MP4 whose media data is garbage: it opens, nothing decodes.
    static let undecodable: String = {
        var data = [UInt8]((try? Data(contentsOf: URL(fileURLWithPath: fastStart))) ?? Data())
        var offset = 0
        while offset + 8 <= data.count {
            let size = data[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            if String(decoding: data[offset + 4..<offset + 8], as: UTF8.self) == "mdat" {
                for index in offset + 8..<min(data.count, offset + size) { data[index] = UInt8(truncatingIfNeeded: index &* 131) }
                break
            }
            guard size >= 8 else { break }
            offset += size
        }
        try? Data(data).write(to: URL(fileURLWithPath: path("undecodable.mp4")))
        return path("undecodable.mp4")
    }()

    /// A Matroska file whose video codec id names no decoder, as an exotic camera's does.
    static let unsupportedCodec: String = {
        let data = (try? Data(contentsOf: URL(fileURLWithPath: matroska))) ?? Data()
        let patched = data.replacingFirst(Data("V_MPEG4/ISO/AVC".utf8), with: Data("V_ZZZZZ/ISO/ZZZ".utf8))
        try? patched.write(to: URL(fileURLWithPath: path("unsupported.mkv")))
        return path("unsupported.mkv")
    }()
}

extension Data {
    func replacingFirst(_ target: Data, with replacement: Data) -> Data {
        guard let range = self.range(of: target) else { return self }
        var copy = self
        copy.replaceSubrange(range, with: replacement)
        return copy
    }
}
