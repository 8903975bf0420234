import Foundation
import Testing
import InsetTestSupport

/// Many paths on the command line (a shell glob over a big folder): read in time linear in
/// their number, and in the order given, wherever the options stand among them.
@Suite("Many paths", .serialized, .tags(.waits))
struct ManyPathsTests {
    /// The fastest of two runs of `inset --sub SRT` with `count` paths (which need not exist):
    /// `--sub` is refused only once every path is read, so the time covers the whole reading.
    func secondsToRefuse(_ count: Int) throws -> Double {
        let paths = (0..<count).map { "no-such-\($0).mp4" }
        var best = Double.infinity
        for _ in 0..<2 {
            let start = Date()
            let result = try runInset(["--sub", samplePath("sidecar.en.srt")] + paths, timeLimit: 120)
            best = min(best, Date().timeIntervalSince(start))
            #expect(result.stderr.hasSuffix("goes with exactly one video\n"), "\(result.stderr)")
            #expect(result.status == 64)
        }
        return best
    }

    /// Not a timed test against a fixed figure: four times the paths must take well under
    /// sixteen times as long (what quadratic reading takes: 0.5 s against 7 s before), on
    /// whatever machine. The small run counts as at least 50 ms, so start-up noise on a
    /// fast machine cannot fail it.
    @Test("4x the paths take far less than 16x the time")
    func linearInPaths() throws {
        let few = try secondsToRefuse(4_000)
        let many = try secondsToRefuse(16_000)
        #expect(many < 6 * max(few, 0.05), "4,000 paths: \(few) s, 16,000 paths: \(many) s")
    }

    /// The paths taken out before the parser must come back in their order, with options,
    /// an option's value and `--` among them keeping their meanings.
    @Test("the paths play, and the library lists them, in the order given, options and -- among them")
    func orderWithOptions() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("inset-paths-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        for name in ["b.mp4", "a.mp4", "c.mp4", "--d.mp4", "e.mp4"] {
            try FileManager.default.copyItem(atPath: samplePath("clock_4x3.mp4"), toPath: dir.appendingPathComponent(name).path)
        }
        let tmux = try Tmux()
        // `--start 0:01` takes its value; `--stats` is a flag; after `--` a dashed name is a path.
        try tmux.run("cd \(dir.path) && \(try insetBinary()) b.mp4 --start 0:01 a.mp4 --stats c.mp4 -- --d.mp4 e.mp4")
        // The first plays at once; Esc shows the library of them all.
        try tmux.waitFor(timeout: 10, "b.mp4 playing from 0:01, 1/5") { $0.text.contains("/ 0:06  1/5") && ($0.shownTime?.position ?? 0) >= 1 }
        try tmux.keys("Escape")
        // The header, not the names: the shell's echo of the command line has them too.
        let screen = try tmux.waitFor(timeout: 10, "the library listing five files") { screen in
            screen.text.contains("Library — 5 files") && screen.text.contains("e.mp4")
        }
        let text = screen.text
        let positions = ["b.mp4", "a.mp4", "c.mp4", "--d.mp4", "e.mp4"].map { text.range(of: $0)?.lowerBound }
        #expect(!positions.contains(nil), "\(text)")
        let found = positions.compactMap { $0 }
        #expect(found == found.sorted(), "the order given, not sorted or shuffled:\n\(text)")
        // (The window's title over the library has the time "0:01 / 0:06", which is not a row.)
        #expect(!text.split(separator: "\n").contains { $0.contains("0:01") && !$0.contains("/") },
                "the option's value is not listed as a file:\n\(text)")
        try tmux.keys("q")
    }
}
