import Foundation
import InsetCore
import InsetRender
import Testing
@testable import InsetApp
@testable import InsetPlayback

/// A tagged sound-only file through the director with no terminal: its tags name it, its
/// visualiser is a moving picture (so it goes into the window), and `visualizer` changes
/// what draws it.
@Suite("Director: music", .serialized)
struct DirectorMusicTests {
    static let title = "Inset Test Tones – A Above Middle C"

    /// Every row of the composed planes' text.
    static func screen(_ app: DirectorHarness) -> String {
        app.planes().filter(\.isVisible).map { $0.grid.description }.joined(separator: "\n")
    }

    @Test("the tags name the file on the bar and the window's title; the visualiser's picture goes into the window")
    func namedAndWindowed() throws {
        let app = try DirectorHarness(paths: [sample("tone_440.mp3")]) { $0.loop = true }
        #expect(app.waitForPlayer(Self.title))
        let video = try #require(app.director.videos.fullScreen)
        #expect(video.visualizer == .showspectrum)
        #expect(app.director.windowTitle == "♪ \(Self.title) — inset")
        // The bar stays up over a visualiser, and names the music.
        app.run(for: 4)
        #expect(Self.screen(app).contains(Self.title))
        app.key("p")
        #expect(app.waitForWindow(), "\(app.message ?? "no message"), \(String(describing: video.snapshot.pip)) end \(video.endOfStream) pending \(video.hasPendingFrame) queued \(video.pipeline?.frames.count ?? -1) current \(String(describing: video.current?.time)) pos \(video.snapshot.position) awaiting \(video.awaitingFirstFrame)")
        #expect(app.windowVideo == Self.title)
        // The window needs a picture: no visualiser is refused there.
        #expect(app.director.execute(.visualizer(.to(nil)), at: app.now) != .done)
        #expect(app.director.videos.window?.visualizer == .showspectrum)
    }

    @Test("visualizer: none shows the sound-only screen with the album; a name draws with that filter; v cycles")
    func switching() throws {
        let app = try DirectorHarness(paths: [sample("tone_440.mp3")]) { $0.loop = true; $0.visualizer = nil }
        #expect(app.waitUntil { app.director.videos.fullScreen != nil && app.front == .player })
        let video = try #require(app.director.videos.fullScreen)
        #expect(video.isSoundOnly && video.visualizer == nil)
        #expect(Self.screen(app).contains("Sines (2024)") && Self.screen(app).contains("♪ sound only"))
        app.key("v")
        #expect(video.visualizer == .showspectrum)
        #expect(app.waitUntil { video.current != nil }, "no picture from the visualiser")
        try app.command("visualizer showcqt")
        #expect(video.visualizer == .showcqt)
        #expect(app.waitUntil { video.current != nil })
        app.key("v")
        #expect(video.visualizer == .showwaves)
        app.key("v")
        #expect(video.visualizer == .avectorscope)
        app.key("v")
        #expect(video.isSoundOnly && video.current == nil)
        #expect(app.director.options.visualizer == nil)
    }

    @Test("a video keeps its own name and picture: no visualiser, no tags")
    func videoUnchanged() throws {
        let app = try DirectorHarness(paths: [sample("clock_16x9_aac.mp4")])
        #expect(app.waitForPlayer("clock_16x9_aac.mp4"))
        #expect(app.director.videos.fullScreen?.visualizer == nil)
        #expect(app.director.windowTitle == "clock_16x9_aac.mp4 — inset")
        #expect(app.director.execute(.visualizer(.next), at: app.now) == .done)
        #expect(app.director.videos.fullScreen?.visualizer == nil)
    }
}
