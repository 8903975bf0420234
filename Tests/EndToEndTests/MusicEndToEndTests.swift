import Foundation
import Testing
import InsetTestSupport

/// A tagged music file as a terminal shows it: the tags on the bar and in the terminal's
/// window title (OSC 2, which only a terminal reads: tmux's pane title), the visualiser's
/// picture full screen and in the window. What the tags and the visualiser are is checked
/// without a terminal (MusicTagTests, VisualizerCellsTests, DirectorMusicTests).
@Suite("Music end to end", .tags(.waits))
struct MusicEndToEndTests {
    @Test("the bar and the window's title say artist and title; the picture goes into the window; q gives the title back")
    func taggedFile() throws {
        let tmux = try Tmux(columns: 100, rows: 30)
        try tmux.tmux(["select-pane", "-t", "0", "-T", "before"])
        try tmux.run("\(try insetBinary()) --loop \(samplePath("tone_440.mp3"))")
        let title = "Inset Test Tones – A Above Middle C"
        let screen = try tmux.waitFor(timeout: 6, "the bar with the tags") { $0.text.contains(title) }
        #expect(!screen.text.contains("sound only"), "a visualiser, not the sound-only screen")
        func paneTitle() throws -> String {
            try tmux.tmux(["display", "-p", "-t", "0", "#{pane_title}"]).trimmingCharacters(in: .whitespacesAndNewlines)
        }
        var seen = ""
        #expect(try Tmux.eventually(timeout: 3) { seen = try paneTitle(); return seen == "♪ \(title) — inset" }, "pane title: \(seen)")
        try tmux.keys("p")
        try tmux.settledWindow()
        try tmux.keys("q")
        _ = try tmux.waitFor(timeout: 5, "the shell") { ($0.text.contains("$") || $0.text.contains("#")) && !$0.text.contains(title) }
        #expect(try Tmux.eventually(timeout: 3) { seen = try paneTitle(); return seen == "before" }, "pane title after: \(seen)")
    }
}
