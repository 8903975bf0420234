import Foundation
import Testing

/// An MP4 whose index (moov) is at its end, as ffmpeg writes one without `+faststart`, from
/// an input that cannot seek: a pipe, and an http server that answers no Range. ffmpeg and
/// mpv stop on these ("no picture could be decoded" was Inset's line); Inset keeps the
/// input in memory to the index and plays it from there, every frame.
@Suite("An MP4 with its index at its end, from a pipe or a server without Range", .serialized)
struct MoovAtEndEndToEndTests {
    /// 4 s of colourful test pattern, 100 frames at 25 fps in 575 kB (far past what
    /// libavformat's read buffer could seek back over), with the index after the media;
    /// made once per test run, in its own folder (the web server serves that folder).
    static func clip() throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("inset-moov-at-end")
        let path = directory.appendingPathComponent("moov-at-end.mp4").path
        if FileManager.default.fileExists(atPath: path) { return path }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let making = directory.appendingPathComponent("making-\(UUID().uuidString.prefix(8)).mp4").path
        try runCommand(["ffmpeg", "-v", "error", "-nostdin", "-y", "-f", "lavfi", "-i", "testsrc2=size=320x180:rate=25:duration=4",
                        "-c:v", "libx264", "-preset", "ultrafast", "-qp", "10", "-pix_fmt", "yuv420p",
                        "-movflags", "-faststart", making])
        guard rename(making, path) == 0 else { throw E2EError.missing("ffmpeg made no \(making)") }
        return path
    }

    /// What ffprobe counts of the clip's frames.
    static func frames(_ path: String) throws -> Int {
        let out = try runCommand(["ffprobe", "-v", "error", "-select_streams", "v:0", "-show_entries", "stream=nb_frames",
                                  "-of", "csv=p=0", path])
        return try #require(Int(out.trimmingCharacters(in: .whitespacesAndNewlines)))
    }

    static func exited(_ screen: Screen) -> Bool { screen.text.range(of: #"(?m)^EXIT=\d+"#, options: .regularExpression) != nil }

    /// Runs `command` (which plays the clip with `--stats`) to its end: the picture in
    /// colour on the way, then exit 0 and every frame shown or dropped, none skipped.
    /// Returns the screen it showed while playing.
    @discardableResult
    static func playsWhole(_ command: String, frames: Int, while check: (Screen) -> Bool = { _ in true }) throws -> Screen {
        let tmux = try Tmux(columns: 120, rows: 40)
        try tmux.run("\(command); echo EXIT=$?")
        let playing = try tmux.waitFor(timeout: 10, "the picture in colour") { $0.videoRows.count > 20 && check($0) }
        let done = try tmux.waitFor(timeout: 15, "exit", exited)
        #expect(done.text.contains("\nEXIT=0"), "\(done.text)")
        let text = try tmux.unwrappedText()
        let summary = try #require(text.split(separator: "\n").first { $0.contains("frames shown") }, "\(text)")
        let counts = summary.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
        #expect(counts.count >= 2 && counts[0] + counts[1] == frames, "ffprobe counts \(frames): \(summary)")
        return playing
    }

    @Test("cat moov-at-end.mp4 | inset -: plays in colour to its end, every frame")
    func pipe() throws {
        let clip = try Self.clip()
        try Self.playsWhole("cat \(clip) | \(try insetBinary()) --blitter half --stats -", frames: try Self.frames(clip))
    }

    @Test("the same file over http from a server without Range: read once, plays in colour with the time moving, every frame")
    func serverWithoutRange() throws {
        let clip = try Self.clip()
        let server = try TestWebServer(["--no-range"], root: URL(fileURLWithPath: clip).deletingLastPathComponent().path)
        let url = server.url("moov-at-end.mp4")
        try Self.playsWhole("\(try insetBinary()) --blitter half --stats \(url)", frames: try Self.frames(clip)) {
            ($0.shownTime?.position ?? -1) >= 1 && $0.shownTime?.duration == 4
        }
        let gets = server.requests.filter { $0.count >= 7 && $0[1] == "GET" }
        #expect(gets.count == 1 && gets[0][4] == "200", "one whole answer, nothing asked twice: \(gets)")
    }
}
