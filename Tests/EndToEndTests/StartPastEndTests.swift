import Foundation
import Testing
import InsetTestSupport

/// `--start` beyond a file's end: nothing of it would play. A single file ends the program
/// with one line and a non-zero exit (known only once the file is open, so after the
/// terminal is taken, as "cannot open" is). In the library the file plays from its start
/// and the bar says why: a director test (DirectorPlaylistTests).
@Suite("--start past the end", .serialized, .tags(.waits))
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
}
