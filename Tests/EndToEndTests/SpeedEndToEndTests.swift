import Foundation
import Testing
import InsetTestSupport

/// Playback speed as a user meets it: the bar, the pace of the time shown and the keys.
/// (Its sync of picture and sound, measured from outside, is SoundEndToEndTests'.)
@Suite("Speed end to end", .serialized, .tags(.timed))
struct SpeedEndToEndTests {
    /// Wall seconds the time shown takes to go `span` seconds on, from the first second it
    /// shows at or past `from`; the bar is kept up with a mouse move.
    static func wallSeconds(_ tmux: Tmux, from: Int, span: Int, timeout: Double = 20) throws -> Double {
        var start: (position: Int, at: Date)?
        let deadline = Date(timeIntervalSinceNow: timeout)
        while Date() < deadline {
            try? tmux.literal("\u{1B}[<35;10;10M")
            if let position = try tmux.capture().shownTime?.position {
                if start == nil, position >= from { start = (position, Date()) }
                if let start, position >= start.position + span { return Date().timeIntervalSince(start.at) }
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
        throw E2EError.timeout("\(span) s of the clip after \(from) s")
    }

    @Test("--speed 2: the bar says 2×, and 4 s of the clip go by in about 2 s; ] makes it 2.5×, [ 2×, Backspace 1× on the bar")
    func fasterOnTheBar() throws {
        let tmux = try Tmux()
        try tmux.run("\(try insetBinary()) --no-config --loop --speed 2 \(samplePath("clock_16x9_aac.mp4"))")
        try tmux.waitFor(timeout: 10, "2× on the bar") { $0.text.contains("2×") && ($0.shownTime?.position ?? 0) >= 1 }
        let wall = try Self.wallSeconds(tmux, from: 1, span: 4)
        #expect(wall > 1.4 && wall < 3.0, "4 s of the clip took \(wall) s at 2×")
        try tmux.keys("]")
        try tmux.waitFor(timeout: 5, "2.5×") { $0.text.contains("2.5×") }
        try tmux.keys("[")
        try tmux.waitFor(timeout: 5, "2× again") { $0.text.contains("speed 2×") }
        // (That the pace follows the speed the keys set is DirectorSpeedTests'.)
        try tmux.keys("BSpace")
        try tmux.waitFor(timeout: 5, "1×") { $0.text.contains("speed 1×") }
        try tmux.keys("q")
    }

    @Test("without sound (a file with none) at 2×, and muted at 0.5×: the system clock and the silent sound set the pace",
          arguments: [("clock_4x3.mp4", "--speed 2", 2.0), ("clock_16x9_aac.mp4", "--mute --speed 0.5", 0.5)])
    func withoutSound(_ file: String, _ options: String, _ speed: Double) throws {
        let tmux = try Tmux()
        try tmux.run("\(try insetBinary()) --no-config --loop \(options) \(samplePath(file))")
        try tmux.waitFor(timeout: 10, "playing") { ($0.shownTime?.position ?? 0) >= 1 }
        let wall = try Self.wallSeconds(tmux, from: 1, span: 2)
        let expected = 2 / speed
        #expect(wall > expected * 0.7 && wall < expected * 1.4, "2 s of the clip took \(wall) s at \(speed)×")
        try tmux.keys("q")
    }
}
