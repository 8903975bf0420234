import Foundation
import InsetCore
import InsetRender
import Testing
@testable import InsetApp
@testable import InsetPlayback

/// Subtitles through the director with no terminal: which words show at a time, `c`
/// cycling the tracks and saying which, `--sub-lang`, a file found beside the video or
/// named with `--sub`, and `c` with two videos. Where the words go in cells (centred above
/// the bar, wrapped, inside the window) is the tmux tests' (SubtitleEndToEndTests).
@Suite("Director: subtitles", .serialized)
struct DirectorSubtitleTests {
    /// English (0–2 s "First line", 3–5 s "Second line", 6–8 s "Third line") and French
    /// (0.5–2.5 s "Première ligne", 3.5–5.5 s "Deuxième ligne").
    static let subtitled = sample("subtitled.mp4")
    static let english = ["First line", "Second line", "Third line"]

    /// The words painted: every visible plane's text.
    static func shown(_ app: DirectorHarness) -> String {
        app.planes().filter(\.isVisible).map { $0.grid.description }.joined(separator: "\n")
    }

    /// A director on `path` from `start` s, paused once its first frame is on screen.
    static func paused(_ path: String, at start: Double, configure: (inout AppOptions) -> Void = { _ in }) throws -> DirectorHarness {
        let app = try DirectorHarness(paths: [path]) { options in
            options.start = .seconds(start)
            configure(&options)
        }
        #expect(app.waitForPlayer())
        app.key("Space")
        return app
    }

    @Test("the line of each time shows, and no other", arguments: [(1.0, "First line"), (4.0, "Second line"), (7.0, "Third line")])
    func rightLineAtTime(start: Double, line: String) throws {
        let app = try Self.paused(Self.subtitled, at: start)
        #expect(app.waitUntil { Self.shown(app).contains(line) }, "\(Self.shown(app))")
        for other in Self.english where other != line { #expect(!Self.shown(app).contains(other), "\(other) shown with \(line)") }
    }

    @Test("c cycles English → French → off → English, saying which; off leaves no words")
    func cycling() throws {
        let app = try Self.paused(Self.subtitled, at: 4)
        #expect(app.waitUntil { Self.shown(app).contains("Second line") })
        app.key("c")
        #expect(app.message == "subtitles: French (mov_text)")
        #expect(app.waitUntil { Self.shown(app).contains("Deuxième ligne") }, "\(Self.shown(app))")
        #expect(!Self.shown(app).contains("Second line"))
        app.key("c")
        #expect(app.message == "subtitles off")
        #expect(app.waitUntil { !Self.shown(app).contains("ligne") && !Self.shown(app).contains("Second line") }, "\(Self.shown(app))")
        app.key("c")
        #expect(app.message == "subtitles: English (mov_text)")
        #expect(app.waitUntil { Self.shown(app).contains("Second line") })
    }

    @Test("--sub-lang fr starts on the French track")
    func language() throws {
        let app = try Self.paused(Self.subtitled, at: 4) { $0.subtitleLanguage = "fr" }
        #expect(app.waitUntil { Self.shown(app).contains("Deuxième ligne") }, "\(Self.shown(app))")
        #expect(!Self.shown(app).contains("Second line"))
    }

    @Test("a .srt beside the video is found by its name and shown; c turns it off and on")
    func sidecar() throws {
        let app = try Self.paused(sample("sidecar.mp4"), at: 1)
        #expect(app.waitUntil { Self.shown(app).contains("Found beside the video") }, "\(Self.shown(app))")
        app.key("c")
        #expect(app.message == "subtitles off")
        #expect(app.waitUntil { !Self.shown(app).contains("Found beside the video") })
        app.key("c")
        #expect(app.message == "subtitles: English (srt)")
        #expect(app.waitUntil { Self.shown(app).contains("Found beside the video") })
    }

    @Test("--sub FILE shows that file's cues on a video without any")
    func subOption() throws {
        let app = try Self.paused(sample("clock_4x3.mp4"), at: 1) { $0.subtitleFile = sample("sidecar.en.srt") }
        #expect(app.waitUntil { Self.shown(app).contains("Found beside the video") }, "\(Self.shown(app))")
    }

    @Test("two videos show their own lines; c turns off the full-screen one's only")
    func twoVideos() throws {
        // Listed by name: sidecar.mp4, then subtitled.mp4; sidecar.en.srt beside them.
        let folder = try libraryFolder([sample("sidecar.mp4"), Self.subtitled])
        try FileManager.default.createSymbolicLink(atPath: folder + "/sidecar.en.srt", withDestinationPath: sample("sidecar.en.srt"))
        let app = try DirectorHarness(paths: [folder])
        #expect(app.waitUntil { app.director.catalog.entries.allSatisfy(\.isPlayable) })
        app.keys("Down", "Enter")
        #expect(app.waitForPlayer("subtitled.mp4"))
        #expect(app.waitUntil { Self.shown(app).contains("First line") })
        app.key("Space")
        app.key("p")
        #expect(app.waitForWindow())
        // Wide enough to read: the window's video area at least the minimum.
        func wide() -> Bool { SubtitleLayout.showsSubtitles(inWindowOf: app.window?.layout.videoRect.size.columns ?? 0) }
        app.key("Tab")
        for _ in 0..<6 where !wide() { app.key("+") }
        #expect(app.waitForWindow())
        #expect(wide())
        app.key("Esc")
        app.keys("Up", "Enter")
        #expect(app.waitForPlayer("sidecar.mp4"))
        app.key("Space")  // both paused: the cues stay on
        #expect(app.windowVideo == "subtitled.mp4")
        #expect(app.waitUntil { Self.shown(app).contains("Found beside the video") && Self.shown(app).contains("First line") },
                "\(Self.shown(app))")
        app.key("c")
        #expect(app.message == "subtitles off")
        #expect(app.waitUntil { !Self.shown(app).contains("Found beside the video") })
        #expect(Self.shown(app).contains("First line"), "the window's line stays")
    }
}
