import Foundation
import Testing
import InsetTestSupport

/// The player's pace against the wall clock, within one frame over ten seconds: what the
/// CPU it gets decides (beside the other groups it took 10.085 s and showed 242 of 250
/// frames), so scripts/test runs this suite in its timed group, alone.
@Suite("Player clock end to end", .serialized, .tags(.timed))
struct PlayerClockEndToEndTests {
    @Test("a 10-second clip played to the end takes 10 s of wall time, within one frame")
    func keepsTime() throws {
        // The system clock's timing, without sound: SDL's disk driver, which the other
        // tests play through, paces itself with sleeps and runs about 0.6% slow, and the
        // picture follows the sound's clock when there is sound.
        let tmux = try Tmux(environment: ["SDL_AUDIODRIVER": "none"])
        try tmux.run("s=$(date +%s%N); \(try insetBinary()) \(samplePath("clock_16x9_aac.mp4")) --stats; e=$(date +%s%N); echo \"wa\"\"ll=$(( (e - s) / 1000000 ))\"")
        let screen = try tmux.waitFor(timeout: 20, "the end") { $0.text.contains("wall=") }
        let summary = try #require(screen.text.split(separator: "\n").first { $0.contains("frames shown") })
        // "inset: 250 frames shown, 0 dropped, 10.003 s"
        let numbers = summary.split(whereSeparator: { !$0.isNumber && $0 != "." }).compactMap { Double($0) }
        let (shown, dropped, seconds) = (numbers[0], numbers[1], numbers[2])
        #expect(abs(seconds - 10.0) <= 0.040, "first frame to end took \(seconds) s")
        #expect(shown + dropped == 250)
        let wallLine = try #require(screen.text.split(separator: "\n").first { $0.hasPrefix("wall=") })
        let wall = Double(wallLine.dropFirst(5))! / 1000
        #expect(wall >= 9.96 && wall < 10.6, "the whole command took \(wall) s")
        #expect(try tmux.terminalState() == "0 1")
    }
}
