import Foundation
import Testing

/// `--start` beyond a file's end: nothing of it would play. A single file ends the program
/// with one line and a non-zero exit (known only once the file is open, so after the
/// terminal is taken, as "cannot open" is); in the library the file plays from its start
/// and the bar says why.
@Suite("--start past the end", .serialized)
struct StartPastEndTests {
    @Test("a single file: one line naming the time, the file and its end; exit 1")
    func singleFile() throws {
        let tmux = try Tmux()
        let clip = samplePath("clock_4x3.mp4")
        try tmux.run("\(try insetBinary()) --start 5:00 \(clip); echo \"ex\"\"it=$?\"")
        try tmux.waitFor(timeout: 10, "exit status") { $0.text.contains("exit=") }
        let text = try tmux.unwrappedText()
        #expect(text.contains("inset: --start 5:00 is past the end of \(clip) (0:06)\n"), "\(text)")
        #expect(text.contains("exit=1"), "\(text)")
        #expect(try tmux.terminalState() == "0 1")
    }

    @Test("in the library: the file plays from its start, the bar saying why")
    func library() throws {
        let tmux = try Tmux()
        // A folder of the two (files given as paths would play at once), clock_4x3.mp4 first.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("inset-start-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in ["clock_4x3.mp4", "long_gop.mp4"] {
            try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent(name).path, withDestinationPath: samplePath(name))
        }
        // long_gop.mp4 lasts 30 s: --start 0:08 is within it, so the option is not refused.
        try tmux.run("\(try insetBinary()) --start 0:08 \(folder.path)")
        try tmux.waitFor(timeout: 10, "the library") { $0.text.contains("Library — 2 files") && $0.text.contains("0:30") }
        try tmux.keys("Enter")
        let screen = try tmux.waitFor(timeout: 10, "the short file playing, the reason on the bar") {
            $0.text.contains("--start 0:08 is past the end of clock_4x3.mp4 (0:06); playing from the start")
                && $0.shownTime != nil
        }
        let time = try #require(screen.shownTime)
        #expect(time.duration == 6 && time.position < 5, "played from its start, not stopped at its end:\n\(screen.text)")
        try tmux.keys("q")
    }
}
