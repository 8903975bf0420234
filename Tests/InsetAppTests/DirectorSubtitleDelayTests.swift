import Foundation
import InsetCore
import InsetRender
import Testing
@testable import InsetApp
@testable import InsetPlayback

/// `--sub-delay` and mpv's `z`/`Z` (issue 45, item 4) through the director: the words of a
/// time show that much later, a step of 0.1 s a key, said on the bar.
@Suite("Director: subtitle delay", .serialized)
struct DirectorSubtitleDelayTests {
    // subtitled.mp4's English: 0–2 s "First line", 3–5 s "Second line", 6–8 s "Third line".

    @Test("--sub-delay 2 shows at 5.5 s the line of 3.5 s; without it nothing shows there")
    func delayedLine() throws {
        let delayed = try DirectorSubtitleTests.paused(DirectorSubtitleTests.subtitled, at: 5.5) {
            $0.settings.set("sub-delay", .number(2))
        }
        #expect(delayed.waitUntil { DirectorSubtitleTests.shown(delayed).contains("Second line") }, "\(DirectorSubtitleTests.shown(delayed))")
        #expect(delayed.director.videos.fullScreen?.subtitles?.delay == .seconds(2))

        let plain = try DirectorSubtitleTests.paused(DirectorSubtitleTests.subtitled, at: 5.5)
        #expect(plain.waitUntil { plain.director.videos.fullScreen?.current != nil })
        plain.run(for: 0.3)
        #expect(!DirectorSubtitleTests.shown(plain).contains("line"), "\(DirectorSubtitleTests.shown(plain))")
    }

    @Test("z six times at 2.5 s (between lines) brings the line of 3.1 s; Z six times takes it away again")
    func keys() throws {
        let app = try DirectorSubtitleTests.paused(DirectorSubtitleTests.subtitled, at: 2.5)
        #expect(app.waitUntil { app.director.videos.fullScreen?.current != nil })
        #expect(!DirectorSubtitleTests.shown(app).contains("line"))
        for _ in 0..<6 { app.key("z") }
        #expect(app.message == "subtitle delay -0.6 s")
        #expect(app.waitUntil { DirectorSubtitleTests.shown(app).contains("Second line") }, "\(DirectorSubtitleTests.shown(app))")
        for _ in 0..<6 { app.key("Z") }
        #expect(app.message == "subtitle delay 0 s")
        #expect(app.waitUntil { !DirectorSubtitleTests.shown(app).contains("line") }, "\(DirectorSubtitleTests.shown(app))")
        // The player's, as in mpv: what the next file starts with, and what mpv's IPC reads.
        try app.command("sub-delay 1.5")
        #expect(app.director.subtitleDelay == .milliseconds(1500))
        #expect(app.director.mpvState(at: app.now).settings["sub-delay"] == .number(1.5))
    }
}
