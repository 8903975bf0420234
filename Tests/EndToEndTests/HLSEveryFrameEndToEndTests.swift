import Foundation
import Testing

/// samples/hls/master.m3u8 (scripts/make-hls) played to its end at 160x45 in quadrants,
/// which want 360p (twice their 320x90 sub-pixels): not the variant libavformat opens
/// first, so the player starts on another stream than the input's own. Every frame the
/// stream has is accounted for in the closing line, and in the window the time runs to
/// the duration and stops there.
///
/// Not octants: tmux 3.3 does not know their width (glibc's wcwidth has no Unicode 16),
/// and what is drawn after them on a row lands in other columns than the player meant.
@Suite("HLS: every frame, and the time across a variant switch")
struct HLSEveryFrameEndToEndTests {
    /// How many frames a variant has, as ffprobe decodes them (the variants come from one
    /// split of the same clip: each has them all).
    static func framesInStream() throws -> Int {
        let out = try runCommand(["ffprobe", "-v", "error", "-count_frames", "-select_streams", "v:0",
                                  "-show_entries", "stream=nb_read_frames", "-of", "csv=p=0", samplePath("hls/v0/index.m3u8")])
        // A playlist's stream is listed twice, once under its program.
        return try #require(out.split(whereSeparator: \.isNewline).first.flatMap { Int($0) }, "ffprobe said \(out)")
    }

    /// Shown and dropped, from the closing line ("inset: 250 frames shown, 0 dropped, …").
    static func closingCounts(_ text: String) throws -> (shown: Int, dropped: Int) {
        let match = try #require(text.firstMatch(of: /(\d+) frames shown, (\d+) dropped/), "no closing line in:\n\(text)")
        return (Int(match.1)!, Int(match.2)!)
    }

    static let command = "--blitter quadrant --stats \(samplePath("hls/master.m3u8")); echo EXIT=$?"

    @Test("full screen to the end: every frame shown or dropped, none left out")
    func everyFrame() throws {
        let frames = try Self.framesInStream()
        let tmux = try Tmux(columns: 160, rows: 45)
        try tmux.run("\(try insetBinary()) \(Self.command)")
        try tmux.waitFor(timeout: 20, "the end") { $0.text.range(of: #"(?m)^EXIT=\d+"#, options: .regularExpression) != nil }
        let text = try tmux.unwrappedText()
        #expect(text.contains("variant 640x360 (2/3), 0 switches"), "\(text)")
        // Dropped frames are the load's (2 shared cores). One neither shown nor dropped
        // never reached the screen: a variant switched to at the start lost its first GOP.
        let (shown, dropped) = try Self.closingCounts(text)
        #expect(shown + dropped == frames, "\(shown) shown, \(dropped) dropped, of \(frames)")
    }

    /// The window title's "▶ M:SS / M:SS" (or ❚❚), in whole seconds.
    static func titleTime(_ screen: Screen) -> (time: Int, duration: Int, playing: Bool)? {
        guard let match = screen.text.firstMatch(of: /(▶|❚❚) (\d+):(\d\d) \/ (\d+):(\d\d)/) else { return nil }
        return (Int(match.2)! * 60 + Int(match.3)!, Int(match.4)! * 60 + Int(match.5)!, match.1 == "▶")
    }

    @Test("p: the window's variant takes over; its time never goes back, jumps or passes the duration, and no frame is lost")
    func timeAcrossTheSwitch() throws {
        let frames = try Self.framesInStream()
        let tmux = try Tmux(columns: 160, rows: 45)
        try tmux.run("\(try insetBinary()) \(Self.command)")
        try tmux.waitFor(timeout: 8, "full screen") { $0.videoRows.count > 30 && HLSEndToEndTests.variant(on: $0) != nil }
        try tmux.keys("p")
        try tmux.waitFor(timeout: 5, "the window's time") { $0.pipWindow != nil && Self.titleTime($0) != nil }
        // Until the window's video stops at its end: a sample about every 0.1 s, and the
        // wall time between two, so a capture held up by the load may step further.
        var samples: [(time: Int, duration: Int, at: Date)] = []
        try tmux.waitFor(timeout: 15, "the end, paused in the window") { screen in
            guard let shown = Self.titleTime(screen) else { return false }
            samples.append((shown.time, shown.duration, Date()))
            return !shown.playing
        }
        let seen = samples.map { "\($0.time)/\($0.duration)" }.joined(separator: " ")
        #expect(samples.allSatisfy { $0.time <= $0.duration }, "past the duration: \(seen)")
        #expect(zip(samples, samples.dropFirst()).allSatisfy { before, after in
            (0...1 + Int(after.at.timeIntervalSince(before.at))).contains(after.time - before.time)
        }, "a step back or a jump: \(seen)")
        try tmux.keys("q")
        try tmux.waitFor(timeout: 5, "exit") { $0.text.range(of: #"(?m)^EXIT=\d+"#, options: .regularExpression) != nil }
        let text = try tmux.unwrappedText()
        #expect(text.contains("variant 320x180 (1/3), 1 switches"), "\(text)")
        let (shown, dropped) = try Self.closingCounts(text)
        #expect(shown + dropped == frames, "\(shown) shown, \(dropped) dropped, of \(frames)")
    }
}
