import Foundation
import Testing
import InsetTestSupport

/// Pictures into a pty read no faster than a byte rate (`scripts/pty-pictures`, whose C
/// reader counts the pictures as they pass and times `q` to the terminal's restore): at
/// 20 MB/s and at 200 KB/s, sixel, kitty and iterm (pixels in the escapes; an iTerm2
/// picture is never cut short, so this guards that it stays small enough), `q` restores the
/// terminal within 300 ms, and `--stats` says what went out apart from what was shown.
@Suite("Pictures paced to the terminal, end to end", .serialized, .tags(.timed))
struct PicturePacingEndToEndTests {
    @Test("q answers within 300 ms at 20 MB/s and 200 KB/s, and the closing line says what went out",
          .timeLimit(.minutes(3)), arguments: ["sixel", "kitty", "iterm"])
    func quitsAtAnyRate(graphics: String) throws {
        let (status, output) = try runScript("pty-pictures", [
            "--graphics", graphics, "--rate", "20", "0.2", "--seconds", "2.5",
            "--clip", samplePath("bench_1080p.mp4"),
        ], environment: ["INSET_BIN": try insetBinary()])
        #expect(status == 0, "\(output)")
        // One closing line's pictures part per rate: pictures written, and a drain measured.
        let parts = output.components(separatedBy: "\n").filter { $0.contains("pictures:") && $0.contains("written") }
        #expect(parts.count == 2, "\(output)")
        let rates = output.components(separatedBy: "\n").filter { $0.contains("MB/s:") }
        #expect(rates.count == 2 && rates.allSatisfy { $0.contains("pictures/s written") && $0.contains("frames shown/s") },
                "\(output)")
    }
}
