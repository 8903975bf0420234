import Foundation
import Testing
import InsetTestSupport

/// Two videos at once in a real terminal: A (long_gop.mp4, 0:30) in the PiP window while
/// B (clock_16x9_aac.mp4, 0:10) plays full screen, the swap between them, and the sound.
/// Restore and close on whichever is in the window are director tests
/// (InsetAppTests/DirectorTwoVideosTests), with no terminal.
@Suite("Two videos end to end", .serialized, .tags(.waits))
struct TwoVideosEndToEndTests {
    static let a = "long_gop.mp4", b = "clock_16x9_aac.mp4"

    /// Plays A, puts it in the window, then plays B from the library.
    func twoVideos(_ tmux: Tmux) throws {
        let pip = PiPEndToEndTests()
        try pip.playFromLibrary(tmux)
        try tmux.keys("p")
        _ = try tmux.settledWindow { $0.row + $0.rows == 39 }
        try pip.select(Self.b, by: "Up", in: tmux)
        try tmux.keys("Enter")
        try tmux.waitFor(timeout: 6, "B full screen, A in the window") {
            $0.playerTime?.duration == 10 && $0.windowTitle?.contains("long_gop") == true && $0.videoRows.count > 20
        }
    }

    /// The player's time once its control bar is up (any key shows it; `z` does nothing else).
    func playerTime(_ tmux: Tmux, duration: Int) throws -> Int {
        try tmux.keys("z")
        let screen = try tmux.waitFor(timeout: 3, "the player's time of a 0:\(duration) video") { $0.playerTime?.duration == duration }
        return screen.playerTime!.position
    }

    @Test("Enter on another file during PiP: B full screen, A goes on in the window; w and the ⇄ button swap them, each at its time and play state")
    func swap() throws {
        let tmux = try Tmux()
        try twoVideos(tmux)
        // A goes on moving in the window while B plays: its title's time changes. (How far
        // each video's time runs, and their play states, are DirectorTwoVideosTests'.)
        let aBefore = try #require(try tmux.capture().pipTime)
        try tmux.waitFor(timeout: 4, "A's time moving in the window") { ($0.pipTime ?? 0) >= aBefore + 1 }

        // B paused full screen, A playing in the window; swap.
        try tmux.keys("Space")
        let bTime = try playerTime(tmux, duration: 10)
        let aTime = try #require(try tmux.capture().pipTime)
        try tmux.keys("w")
        let swapped = try tmux.waitFor(timeout: 3, "A full screen, B in the window") {
            $0.windowTitle?.contains("clock_16") == true && $0.playerTime?.duration == 30
        }
        let aAfter = try #require(swapped.playerTime?.position)
        #expect(aAfter >= aTime && aAfter <= aTime + 2, "A full screen at the time it had: \(aTime) then \(aAfter)")
        #expect(swapped.pipTime == bTime, "B in the window at its time \(bTime)")
        #expect(swapped.windowTitle?.contains("❚❚") == true, "B still paused: \(swapped.windowTitle ?? "")")
        // The frames already queued for the other size are shown centred until the
        // decoder's come at the new one, within the queue's few frames.
        try tmux.waitFor(timeout: 3, "A's picture full screen") { $0.videoRows.count > 20 }
        // A still plays, B stays paused.
        try tmux.waitFor(timeout: 4, "A playing on full screen") { ($0.playerTime?.position ?? 0) >= aAfter + 1 || $0.playerTime == nil }
        #expect(try playerTime(tmux, duration: 30) >= aAfter + 1)
        #expect(try tmux.capture().pipTime == bTime)

        // And back, by the window's ⇄ button (left of restore and close in its top border):
        // B full screen, paused where it was; A in the window, moving.
        let window = try #require(try tmux.capture().pipWindow)
        try tmux.mouse("press", column: window.column + window.columns - 9, row: window.row)
        try tmux.mouse("release", column: window.column + window.columns - 9, row: window.row)
        let back = try tmux.waitFor(timeout: 3, "B full screen again") {
            $0.windowTitle?.contains("long_gop") == true && $0.playerTime?.duration == 10
        }
        #expect(back.playerTime?.position == bTime)
        let aInWindow = try #require(back.pipTime)
        try tmux.waitFor(timeout: 4, "A moving in the window again") { ($0.pipTime ?? 0) >= aInWindow + 1 }
        try tmux.keys("q")
    }
}

extension TwoVideosEndToEndTests {
    /// The player's log lines saying how loud it plays each video's sound, in order.
    static func soundChanges(_ log: URL) -> [String] {
        ((try? String(contentsOf: log, encoding: .utf8)) ?? "").split(separator: "\n").compactMap { line in
            line.range(of: "sound: ").map { String(line[$0.upperBound...]) }
        }
    }

    /// A 16 s clip with a moving picture and a steady tone of `frequency` Hz, 48 kHz stereo
    /// (long enough for three turns of the sound on a loaded machine).
    static func toneClip(_ frequency: Int, in dir: URL) throws -> URL {
        let clip = dir.appendingPathComponent("tone\(frequency).mp4")
        _ = try runCommand(["ffmpeg", "-v", "error", "-nostdin", "-y", "-f", "lavfi", "-i", "testsrc2=s=160x90:r=25:d=16",
                            "-f", "lavfi", "-i", "sine=f=\(frequency):r=48000:d=16", "-ac", "2", "-c:v", "libx264",
                            "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac", "-shortest", clip.path])
        return clip
    }

    /// The longest run of consecutive indices in `indices` (ascending).
    static func longestRun(_ indices: [Int]) -> Range<Int> {
        var best = 0..<0, start = indices.first ?? 0, previous = start - 1
        for index in indices {
            if index != previous + 1 { start = index }
            previous = index
            if index + 1 - start > best.count { best = start..<(index + 1) }
        }
        return best
    }

    /// Each quarter second of SDL's disk output (48 kHz stereo float): the amplitude of
    /// `low` and of `high` Hz in its first channel (Goertzel).
    static func toneLevels(_ file: String, low: Double, high: Double) throws -> [(low: Double, high: Double)] {
        let data = try Data(contentsOf: URL(fileURLWithPath: file))
        let samples = data.withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
        let rate = 48_000.0, window = 12_000
        func amplitude(_ start: Int, _ frequency: Double) -> Double {
            let c = 2 * cos(2 * Double.pi * frequency / rate)
            var s1 = 0.0, s2 = 0.0
            for frame in start..<(start + window) { (s1, s2) = (Double(samples[frame * 2]) + c * s1 - s2, s1) }
            return 2 * (s1 * s1 + s2 * s2 - c * s1 * s2).squareRoot() / Double(window)
        }
        return stride(from: 0, to: samples.count / 2 - window, by: window).map { (amplitude($0, low), amplitude($0, high)) }
    }

    /// Two videos into one device (SDL's disk driver opens once): the output holds both
    /// tones, the one heard at its volume and the other at the window's (50: 0.5³ of the
    /// amplitude). The place heard is full screen: after `w` the full-screen video's tone is
    /// the loud one (issue 42 item 17; the old code kept the sound with the video that went
    /// to the window), and `A` turns the ratio round to the window's.
    @Test("issue 42 item 17: one sound device for two videos: the full screen heard, so after w the tone of the video come from the window; A hears the window")
    func soundMix() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("inset-two-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let low = try Self.toneClip(440, in: dir), high = try Self.toneClip(880, in: dir)
        let log = dir.appendingPathComponent("inset.log")
        let tmux = try Tmux()
        // 880 Hz in the window over the library; 440 Hz opened beside it, full screen.
        try tmux.run("INSET_LOG=\(log.path) \(try insetBinary()) --window-volume 50 --pip \(high.path) \(low.path)")
        _ = try tmux.settledWindow { $0.row + $0.rows == 39 }
        try PiPEndToEndTests().select("tone440.mp4", by: "Down", in: tmux)
        try tmux.keys("Enter")
        try tmux.waitFor(timeout: 6, "tone440 full screen beside the window") { $0.windowTitle?.contains("tone880") == true }
        Thread.sleep(forTimeInterval: 2.5)
        try tmux.keys("w")
        try tmux.waitFor(timeout: 3, "swapped") { $0.windowTitle?.contains("tone440") == true }
        Thread.sleep(forTimeInterval: 2.5)
        try tmux.keys("A")
        try tmux.waitFor(timeout: 3, "the window's heard") { $0.text.contains("hearing tone440.mp4") }
        Thread.sleep(forTimeInterval: 2)
        try tmux.keys("q")
        #expect(Tmux.eventually(timeout: 5) { ((try? String(contentsOf: log, encoding: .utf8)) ?? "").contains("terminal session restored") })
        #expect(Self.soundChanges(log) == ["tone880.mp4 at the window's volume 50",
                                           "tone440.mp4 at the window's volume 50", "tone880.mp4 at full level",
                                           "tone440.mp4 at full level", "tone880.mp4 at the window's volume 50"])

        let levels = try Self.toneLevels(tmux.soundFile, low: 440, high: 880)
        let expected = 0.125
        func near(_ ratio: Double) -> Bool { abs(ratio / expected - 1) < 0.15 }
        // Quarter seconds with both tones, in order: 440 heard full screen (880 at 0.125 of
        // it), then after the swap 880 heard full screen, then after A 440 heard in the window.
        let lowLoud = levels.indices.filter { levels[$0].low > 0.05 && near(levels[$0].high / levels[$0].low) }
        let highHeard = Self.longestRun(levels.indices.filter { levels[$0].high > 0.05 && near(levels[$0].low / levels[$0].high) })
        let lowBefore = Self.longestRun(lowLoud.filter { $0 < highHeard.lowerBound })
        let lowAfter = Self.longestRun(lowLoud.filter { $0 >= highHeard.upperBound })
        print("mix: quarter seconds in a row with 440 heard \(lowBefore.count), then 880 \(highHeard.count), then 440 \(lowAfter.count); "
              + "levels \(levels.map { String(format: "%.3f/%.3f", $0.low, $0.high) })")
        #expect(lowBefore.count >= 6, "440 heard full screen before the swap")
        #expect(highHeard.count >= 6, "after the swap, the full-screen video's tone (880) heard")
        #expect(lowAfter.count >= 5, "after A, the window's video's tone (440) heard")
    }
}

extension Screen {
    /// The full-screen player's "M:SS / M:SS" (its control bar, not the window's title).
    var playerTime: (position: Int, duration: Int)? {
        for r in rows.indices.reversed() {
            let line = self.line(r)
            guard line.contains("«15"), !line.contains("┌"),
                  let range = line.range(of: #"\d+:\d\d / \d+:\d\d"#, options: .regularExpression) else { continue }
            let parts = line[range].split(separator: "/").map { $0.trimmingCharacters(in: .whitespaces) }
            func seconds(_ s: String) -> Int { s.split(separator: ":").reduce(0) { $0 * 60 + (Int($1) ?? 0) } }
            return (seconds(parts[0]), seconds(parts[1]))
        }
        return nil
    }

    /// The PiP window's title line: state, time and name.
    var windowTitle: String? {
        guard let window = pipWindow else { return nil }
        return String(line(window.row).dropFirst(window.column).prefix(window.columns))
    }
}
