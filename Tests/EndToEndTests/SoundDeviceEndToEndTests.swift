import Foundation
import Testing
import InsetTestSupport

/// The sound device going away mid-play, as a person sees it: SDL's disk driver writes into
/// a file the player may not grow past 800 KB (`ulimit -f`, SIGXFSZ ignored as the shell
/// is told), about two seconds of sound; the write that fails is SDL's device gone.
@Suite("Sound device end to end", .tags(.waits))
struct SoundDeviceEndToEndTests {
    @Test("a device that vanishes mid-play: one notice on the bar, and the time keeps moving on the system clock")
    func deviceVanishes() throws {
        let tmux = try Tmux()
        try tmux.run("(trap '' XFSZ; ulimit -f 800; exec \(try insetBinary()) \(samplePath("clock_16x9_aac.mp4")))")
        let lost = try tmux.waitFor(timeout: 8, "the notice") { $0.text.contains("sound device lost (disk): playing on silently") }
        let size = (try? FileManager.default.attributesOfItem(atPath: tmux.soundFile)[.size] as? Int) ?? 0
        #expect(size == 800 * 1024, "the device wrote up to the limit: \(size) bytes")
        let at = try #require(lost.shownTime?.position ?? (try tmux.keys("z"), try tmux.capture().shownTime?.position).1)
        try tmux.waitFor(timeout: 5, "the time moving on") { screen in
            if screen.shownTime == nil { try? tmux.keys("z") }
            return (screen.shownTime?.position ?? 0) >= at + 2
        }
        try tmux.keys("q")
    }
}
