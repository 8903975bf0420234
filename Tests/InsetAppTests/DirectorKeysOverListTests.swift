import Foundation
import InsetCore
import InsetRender
import Testing
@testable import InsetApp
@testable import InsetPlayback

/// After `p`, the README's keys act on the video playing in the window while the library or
/// the details are in front; the list keeps its own keys, and its hint line says so
/// (issue 48 item 1).
@Suite("Director: the window's keys over the library", .serialized)
struct DirectorKeysOverListTests {
    static let clips = [sample("long_gop.mp4"), sample("clock_16x9_aac.mp4")]

    /// A list of both clips, the first playing, sent to the window with `p`.
    static func windowOverLibrary() throws -> DirectorHarness {
        let app = try DirectorHarness(paths: clips)
        #expect(app.waitForPlayer())
        app.run(for: 0.5)
        app.key("p")
        #expect(app.waitForWindow())
        #expect(app.front == .library && app.focus == .pane)
        return app
    }

    /// The library's bottom line as the screen shows it.
    static func hintLine(_ app: DirectorHarness) -> String {
        guard let plane = app.planes().first(where: { $0.zIndex == 0 }) else { return "" }
        let row = plane.grid.rows - 1
        return String(String.UnicodeScalarView((0..<plane.grid.columns).compactMap { Unicode.Scalar(plane.grid[$0, row].glyph) }))
    }

    @Test("issue 48 item 1: Space, ← and → reach the window's video over the library and the details; ↑/↓, i, Esc stay theirs; p brings it back")
    func readmeKeysReachTheWindowsVideo() throws {
        let app = try Self.windowOverLibrary()
        let video = try #require(app.director.videos.window)
        // Before the fix Space did nothing here and → opened the details.
        app.key("Space")
        #expect(!video.snapshot.isPlaying)
        app.key("Space")
        #expect(video.snapshot.isPlaying)
        let before = try #require(app.time(of: video))
        app.key("Right")
        #expect(app.front == .library)
        #expect(app.waitUntil { (app.time(of: video) ?? 0) >= before + 14 }, "→ from \(before): \(app.time(of: video) ?? -1)")
        app.key("Left")
        #expect(app.waitUntil { (app.time(of: video) ?? 99) < before + 5 }, "← back: \(app.time(of: video) ?? -1)")
        // The list's own keys are the list's.
        app.key("Down")
        #expect(app.director.panes.library.list.selection == 1)
        app.key("Up")
        #expect(app.director.panes.library.list.selection == 0)
        app.key("i")
        #expect(app.front == .details)
        // Over the details too: ← seeks the video instead of going back; Esc goes back.
        app.key("Space")
        #expect(!video.snapshot.isPlaying)
        let paused = try #require(app.time(of: video))
        app.key("Right")
        #expect(app.front == .details)
        #expect(app.waitUntil { (app.time(of: video) ?? 0) >= paused + 14 })
        app.key("Esc")
        #expect(app.front == .library)
        // p again: the window's video back full screen, as f does.
        app.key("p")
        #expect(app.waitForNoWindow())
        #expect(app.front == .player && app.fullScreenVideo == "long_gop.mp4")
    }

    @Test("issue 48 item 1: the library's hint line names the window's keys and Tab while a video plays there, and a click on them acts")
    func hintLineNamesTheWindowsKeys() throws {
        let app = try DirectorHarness(paths: Self.clips)
        #expect(app.waitForPlayer())
        // Left paused: no window, the line as it always was.
        app.key("Space")
        app.key("Esc")
        #expect(app.front == .library && app.window == nil)
        #expect(Self.hintLine(app).contains("Enter play") && !Self.hintLine(app).contains("Tab"), "\(Self.hintLine(app))")
        app.key("Enter")
        #expect(app.waitForPlayer())
        app.key("p")
        #expect(app.waitForWindow())
        let line = Self.hintLine(app)
        #expect(line.contains("Space ←/→ video") && line.contains("Tab the window") && line.contains("q quit"), "\(line)")
        // The ? overlay lists them first, before the library's own.
        let help = HelpOverlay.keys(for: .library, bindings: app.director.options.keyBindings, windowPlaying: true)
        #expect(help.prefix(3).map(\.0) == ["Space", "Left / Right", "p"], "\(help.prefix(3))")
        #expect(!HelpOverlay.keys(for: .library, bindings: app.director.options.keyBindings).contains { $0.0 == "Space" })
        // At 80 columns every hint still fits.
        #expect(LibraryList.hintsWithWindow.spans(width: 80).count == LibraryList.hintsWithWindow.items.count)
        // A click on "Space ←/→ video" pauses the window's video; on "Tab the window" focuses it.
        let row = DirectorHarness.size.rows - 1
        let spans = LibraryList.hintsWithWindow.spans(width: DirectorHarness.size.columns)
        let video = try #require(spans.first { $0.item.action == .windowVideo }).columns
        let wasPlaying = try #require(app.director.videos.window?.snapshot.isPlaying)
        app.mouse(.press, at: CellPoint(column: video.lowerBound, row: row))
        #expect(app.director.videos.window?.snapshot.isPlaying == !wasPlaying)
        let tab = try #require(spans.first { $0.item.action == .focusWindow }).columns
        app.mouse(.press, at: CellPoint(column: tab.lowerBound, row: row))
        #expect(app.focus == .window)
        // The window closed, the line is as before.
        app.key("x")
        #expect(app.waitForNoWindow())
        #expect(!Self.hintLine(app).contains("Tab"))
    }

    @Test("issue 48 item 1: with two videos, Space over the library acts on the window's, not the full-screen one left paused behind it")
    func twoVideosSpaceActsOnTheWindow() throws {
        let app = try Self.windowOverLibrary()
        app.key("Down")
        app.key("Enter")
        #expect(app.waitForPlayer("clock_16x9_aac.mp4"))
        app.key("Esc")
        #expect(app.front == .library)
        let full = try #require(app.director.videos.fullScreen)
        let window = try #require(app.director.videos.window)
        #expect(!full.snapshot.isPlaying && window.snapshot.isPlaying)
        app.key("Space")
        #expect(!window.snapshot.isPlaying && !full.snapshot.isPlaying)
        #expect(app.director.keyContexts == [.windowVideo, .library, .global])
    }
}
