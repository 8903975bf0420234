import Foundation
import Testing
import InsetTestSupport

/// The picture against the sound when the streams differ in length, and when the decoder
/// cannot keep up: the real player, sound through SDL's disk driver (real time), the frame
/// and the sound heard at each present read from its log.
@Suite("Sync end to end", .serialized, .tags(.timed))
struct SyncEndToEndTests {
    /// Runs `arguments` in a fresh terminal with `environment` and waits for it to end;
    /// returns the screen at the end and the whole command's wall time in seconds.
    static func play(_ arguments: String, environment: [String: String], timeout: Double) throws -> (Screen, Double) {
        let tmux = try Tmux(environment: environment)
        try tmux.run("s=$(date +%s%N); \(try insetBinary()) \(arguments); e=$(date +%s%N); echo \"wa\"\"ll=$(( (e - s) / 1000000 ))\"")
        let screen = try tmux.waitFor(timeout: timeout, "the end") { $0.text.contains("wall=") }
        let wallLine = try #require(screen.text.split(separator: "\n").first { $0.hasPrefix("wall=") })
        return (screen, Double(wallLine.dropFirst(5))! / 1000)
    }

    @Test("a decoder twice slower than real time: the picture lags the sound by over 100 ms for under a second at a time, and ends on time")
    func slowDecoderKeepsUp() throws {
        let dir = try SoundEndToEndTests.scratch()
        let log = dir.appendingPathComponent("inset.log")
        // 80 ms per decoded frame of a 25 fps clip: decoding every frame takes 20 s for 10.
        var environment = SoundEndToEndTests.soundEnvironment(dir)
        environment["INSET_LOG"] = log.path
        environment["INSET_DECODE_DELAY_MS"] = "80"
        let (screen, wall) = try Self.play("\(samplePath("clock_16x9_aac.mp4")) --stats", environment: environment, timeout: 25)

        let shown = try SoundEndToEndTests.presented(log: log)
        #expect(shown.count >= 40, "only \(shown.count) frames shown")
        var longestLate = 0.0
        var lateSince: Double?
        var late = 0
        for (frame, heard) in shown {
            if heard - frame > 100 {
                late += 1
                let since = lateSince ?? heard
                lateSince = since
                longestLate = max(longestLate, heard - since)
            } else {
                lateSince = nil
            }
        }
        let worst = shown.map { $0.heard - $0.frame }.max() ?? 0
        print("slow decoder: \(shown.count) frames shown, \(late) over 100 ms late, worst \(worst) ms, longest late stretch \(longestLate) ms, wall \(wall) s")
        #expect(longestLate < 1_000, "the picture lagged over 100 ms for \(longestLate) ms in a row")
        #expect(Double(late) / Double(max(1, shown.count)) < 0.2, "\(late) of \(shown.count) frames lagged over 100 ms")
        #expect((shown.last?.frame ?? 0) >= 9_500, "the last frame shown was at \(shown.last?.frame ?? 0) ms")
        // The clip is 10 s; the command includes opening and closing.
        #expect(wall >= 9.9 && wall < 11, "the whole command took \(wall) s")
        let summary = try #require(screen.text.split(separator: "\n").first { $0.contains("frames shown") })
        #expect(summary.contains("catch-ups"), "\(summary)")
    }

    @Test("sound longer than the picture: the last picture stays, the time follows the sound, and the end waits for it")
    func soundOutlastsPicture() throws {
        let dir = try SoundEndToEndTests.scratch()
        let clip = dir.appendingPathComponent("short_picture.mp4").path
        _ = try runCommand(["ffmpeg", "-v", "error", "-y", "-f", "lavfi", "-i", "testsrc2=size=320x180:rate=25:duration=3",
                            "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000:duration=6",
                            "-c:v", "libx264", "-preset", "ultrafast", "-c:a", "aac", "-b:a", "32k", clip])
        let tmux = try Tmux(environment: SoundEndToEndTests.soundEnvironment(dir))
        try tmux.run("s=$(date +%s%N); \(try insetBinary()) \(clip); e=$(date +%s%N); echo \"wa\"\"ll=$(( (e - s) / 1000000 ))\"")
        // Past the last frame (3 s) the time shown keeps moving with the sound.
        let late = try tmux.waitFor(timeout: 8, "the time past the picture") {
            tmux.keysVisible($0) && ($0.shownTime?.position ?? 0) >= 5
        }
        #expect(late.shownTime?.duration == 6)
        #expect(late.videoRows.count > 10, "the last picture stays on screen")
        #expect(!late.text.contains("wall="), "still playing")
        let end = try tmux.waitFor(timeout: 6, "the end") { $0.text.contains("wall=") }
        let wallLine = try #require(end.text.split(separator: "\n").first { $0.hasPrefix("wall=") })
        let wall = Double(wallLine.dropFirst(5))! / 1000
        // Before, the player quit once the last frame had had its time: about 3 s.
        #expect(wall >= 6.0 && wall < 7.5, "the whole command took \(wall) s for 6 s of sound")
    }
}
