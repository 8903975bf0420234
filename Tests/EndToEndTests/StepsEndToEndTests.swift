import Foundation
import Testing
import InsetTestSupport

/// Frame steps as a user meets them in a terminal: the bar's "frame at" label. The steps'
/// frames and the A-B loop (its bounds, a skip out of it, its marks on the progress line)
/// are director tests (DirectorStepsTests).
@Suite("Frame steps end to end", .serialized, .tags(.waits))
struct StepsEndToEndTests {
    /// The bar's "frame at M:SS.mmm" after a step, in seconds.
    static func steppedFrame(_ screen: Screen) -> Double? {
        guard let range = screen.text.range(of: #"frame at \d+:\d\d(\.\d+)?"#, options: .regularExpression) else { return nil }
        let clock = screen.text[range].dropFirst("frame at ".count)
        let parts = clock.split(separator: ":")
        guard parts.count == 2, let minutes = Double(parts[0]), let seconds = Double(parts[1]) else { return nil }
        return minutes * 60 + seconds
    }

    @Test(". and , step one frame while paused and the bar says which (0.04 s apart at 25 fps)")
    func frameSteps() throws {
        let tmux = try Tmux()
        try tmux.run("\(try insetBinary()) --no-config \(samplePath("clock_16x9_aac.mp4"))")
        try tmux.waitFor(timeout: 10, "the time moving") { ($0.shownTime?.position ?? 0) >= 1 }
        try tmux.keys(".")
        let first = try #require(Self.steppedFrame(try tmux.waitFor(timeout: 5, "the stepped frame") { Self.steppedFrame($0) != nil }))
        try tmux.keys(".")
        try tmux.waitFor(timeout: 5, "one frame on") { Self.steppedFrame($0).map { abs($0 - first - 0.04) < 0.001 } == true }
        try tmux.keys(",")
        try tmux.keys(",")
        try tmux.waitFor(timeout: 5, "two frames back") { Self.steppedFrame($0).map { abs($0 - first + 0.04) < 0.001 } == true }
        // Space plays on, and the label goes. (That a step does not play on is
        // DirectorStepsTests'.)
        let held = try tmux.capture().shownTime
        try tmux.keys("Space")
        try tmux.waitFor(timeout: 5, "playing again") { Self.steppedFrame($0) == nil && ($0.shownTime?.position ?? 0) > (held?.position ?? 0) }
        try tmux.keys("q")
    }
}
