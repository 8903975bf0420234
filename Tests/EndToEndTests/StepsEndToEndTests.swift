import Foundation
import Testing

/// Frame steps and the A-B loop as a user meets them in a terminal.
@Suite("Frame steps and the A-B loop end to end", .serialized)
struct StepsEndToEndTests {
    /// The bar's "frame at M:SS.mmm" after a step, in seconds.
    static func steppedFrame(_ screen: Screen) -> Double? {
        guard let range = screen.text.range(of: #"frame at \d+:\d\d(\.\d+)?"#, options: .regularExpression) else { return nil }
        let clock = screen.text[range].dropFirst("frame at ".count)
        let parts = clock.split(separator: ":")
        guard parts.count == 2, let minutes = Double(parts[0]), let seconds = Double(parts[1]) else { return nil }
        return minutes * 60 + seconds
    }

    /// A mouse move (SGR, no button) over the picture shows the bar for 3 s more.
    static func showBar(_ tmux: Tmux) {
        try? tmux.literal("\u{1B}[<35;10;10M")
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
        // Paused: the picture and the time stay.
        let held = try tmux.capture().shownTime
        Thread.sleep(forTimeInterval: 1.2)
        #expect(try tmux.capture().shownTime?.position == held?.position)
        // Space plays on, and the label goes.
        try tmux.keys("Space")
        try tmux.waitFor(timeout: 5, "playing again") { Self.steppedFrame($0) == nil && ($0.shownTime?.position ?? 0) > (held?.position ?? 0) }
        try tmux.keys("q")
    }

    @Test("b, b loops between the two times: the time stays between them, and the loop is on the progress line; b again ends it")
    func abLoop() throws {
        let tmux = try Tmux()
        try tmux.run("\(try insetBinary()) --no-config --loop \(samplePath("clock_16x9_aac.mp4"))")
        try tmux.waitFor(timeout: 10, "1 s in") { ($0.shownTime?.position ?? 0) >= 1 }
        try tmux.keys("b")
        let a = try #require(try tmux.waitFor(timeout: 5, "A said") { $0.text.contains("A-B loop: A at") }.shownTime?.position)
        try tmux.waitFor(timeout: 10, "two seconds on") { ($0.shownTime?.position ?? 0) >= a + 2 }
        try tmux.keys("b")
        let set = try tmux.waitFor(timeout: 5, "the loop said") { $0.text.contains("A-B loop: 0:0\(a) to") }
        // B from the message, not the bar: at B the loop may already have gone back to A.
        let said = try #require(set.text.range(of: #"to 0:\d\d"#, options: .regularExpression).map { set.text[$0] })
        let b = try #require(Int(said.suffix(2)))
        // For four seconds, past B more than once: the time shown never leaves A…B, and the
        // progress line shows the loop between [ and ] (B is under the dot when it is set).
        var seen = Set<Int>()
        var bracketed = false
        let deadline = Date(timeIntervalSinceNow: 4)
        while Date() < deadline {
            let screen = try tmux.capture()
            if let position = screen.shownTime?.position { seen.insert(position) }
            if screen.text.contains("[") && screen.text.contains("]") { bracketed = true }
            Self.showBar(tmux)
            Thread.sleep(forTimeInterval: 0.2)
        }
        #expect(seen.allSatisfy { $0 >= a && $0 <= b + 1 } && seen.contains(a), "times seen \(seen.sorted()), loop \(a)…\(b)")
        #expect(bracketed, "the loop on the progress line")
        // A skip out of the loop comes straight back.
        try tmux.keys("Right")
        Thread.sleep(forTimeInterval: 0.5)
        #expect((try tmux.capture().shownTime?.position).map { $0 >= a && $0 <= b + 1 } == true)
        try tmux.keys("b")
        try tmux.waitFor(timeout: 5, "off") { $0.text.contains("A-B loop off") }
        try tmux.waitFor(timeout: 8, "past B") { screen in
            Self.showBar(tmux)
            return (screen.shownTime?.position ?? 0) > b + 1
        }
        try tmux.keys("q")
    }
}
