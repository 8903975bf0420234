import Foundation
import InsetCore
import Testing
@testable import InsetApp
@testable import InsetPlayback

/// The window's flows, driven through the director with no terminal: what the PiP
/// end-to-end tests drove through tmux, but for the one tmux test kept per flow.
@Suite("Director: the window", .serialized)
struct DirectorPiPTests {
    static let clip = sample("long_gop.mp4")

    @Test("p puts the playing video in the window at the bottom-right corner, over a library whose keys still work")
    func pipOverLibrary() throws {
        let app = try DirectorHarness(paths: [Self.clip])
        #expect(app.waitForPlayer())
        app.key("p")
        #expect(app.waitForWindow())
        #expect(app.front == .library)
        #expect(app.windowVideo == "long_gop.mp4" && app.fullScreenVideo == nil)
        let frame = try #require(app.window?.layout.frame)
        #expect(frame.maxColumn == DirectorHarness.size.columns - 1 || frame.maxColumn == DirectorHarness.size.columns)
        #expect(frame.maxRow >= DirectorHarness.size.rows - 2)
        // The window's video keeps playing; the library has the keys.
        let before = try #require(app.time(of: app.director.videos.window))
        app.run(for: 0.5)
        #expect(try #require(app.time(of: app.director.videos.window)) > before)
        #expect(app.focus == .pane)
        #expect(app.director.keyContexts == [.windowVideo, .library, .global])
        // The window's planes are among what is painted.
        #expect(app.planes().contains { $0.zIndex == 100 && $0.isVisible })
    }

    @Test("keys move the window corner to corner, stash it past a side, size it; the focus moves with Tab and Esc")
    func movesAndFocus() throws {
        let app = try DirectorHarness(paths: [Self.clip])
        #expect(app.waitForPlayer())
        app.key("p")
        #expect(app.waitForWindow())
        app.key("Tab")
        #expect(app.focus == .window)
        #expect(app.director.keyContexts == [.window, .library, .global])
        app.key("S-Left")
        #expect(app.window?.layout.nearestCorner == .init(left: true, top: false))
        app.key("K")
        #expect(app.window?.layout.nearestCorner == .init(left: true, top: true))
        let small = try #require(app.window?.layout.frame.size)
        app.key("+")
        let big = try #require(app.window?.layout.frame.size)
        #expect(big.columns > small.columns && big.rows > small.rows)
        app.key("-")
        #expect(app.window?.layout.frame.size == small)
        app.key("S-Left")
        #expect(app.window?.layout.isStashed == true)
        app.key("S-Right")
        #expect(app.window?.layout.isStashed == false)
        // Space acts on the focused window's video.
        app.key("Space")
        #expect(app.director.videos.window?.snapshot.isPlaying == false)
        app.key("Esc")
        #expect(app.focus == .pane)
        // A smaller terminal keeps the window inside it.
        _ = app.director.handle(.input(.resize(CellSize(columns: 80, rows: 24))), at: app.now)
        let frame = try #require(app.window?.layout.frame)
        #expect(frame.maxColumn <= 80 && frame.maxRow <= 24)
    }

    @Test("f brings the player back at the window's time; p then x closes the window and pauses")
    func restoreAndClose() throws {
        let app = try DirectorHarness(paths: [Self.clip])
        #expect(app.waitForPlayer())
        app.key("p")
        #expect(app.waitForWindow())
        app.run(for: 1)
        let inWindow = try #require(app.time(of: app.director.videos.window))
        app.key("f")
        #expect(app.front == .player)
        #expect(app.waitForNoWindow())
        #expect(app.fullScreenVideo == "long_gop.mp4")
        let back = try #require(app.time(of: app.director.videos.fullScreen))
        #expect(back >= inWindow && back < inWindow + 1.5)
        app.key("p")
        #expect(app.waitForWindow())
        app.key("x")
        #expect(app.waitForNoWindow())
        #expect(app.director.videos.fullScreen?.snapshot.isPlaying == false)
        #expect(app.front == .library)
    }

    @Test("Esc from a playing video starts the window by itself; from a paused one it does not")
    func leavingThePlayer() throws {
        let app = try DirectorHarness(paths: [Self.clip])
        #expect(app.waitForPlayer())
        app.key("Esc")
        #expect(app.front == .library)
        #expect(app.waitForWindow())
        app.key("f")
        #expect(app.waitForNoWindow())
        #expect(app.waitForPlayer())
        app.key("Space")
        app.key("Esc")
        app.run(for: 0.3)
        #expect(app.front == .library && app.window == nil)
    }

    @Test("with PiP not allowed, p says why and the player stays")
    func pipRefused() throws {
        let app = try DirectorHarness(paths: [Self.clip]) { $0.pipAllowed = false }
        #expect(app.waitForPlayer())
        app.key("p")
        app.run(for: 0.2)
        #expect(app.window == nil && app.front == .player)
        #expect(app.message?.isEmpty == false)
    }

    @Test("commands from outside act as the keys do, and say why when they cannot")
    func commands() throws {
        let app = try DirectorHarness(paths: [Self.clip])
        #expect(app.waitForPlayer())
        #expect(app.director.execute(.restore, at: app.now) == .refused("no video in a window"))
        #expect(app.director.execute(.pause(true), at: app.now) == .done)
        #expect(app.director.videos.fullScreen?.snapshot.isPlaying == false)
        #expect(app.director.execute(.pause(true), at: app.now) == .done)
        #expect(app.director.videos.fullScreen?.snapshot.isPlaying == false, "pause on is not a toggle")
        #expect(app.director.execute(.seekTo(.seconds(3)), at: app.now) == .done)
        #expect(app.waitUntil { abs((app.time(of: app.director.videos.fullScreen) ?? 0) - 3) < 0.1 })
        try app.command("pip")
        #expect(app.waitForWindow())
        try app.command("window-move top-left")
        #expect(app.window?.layout.nearestCorner == .init(left: true, top: true))
        try app.command("quit")
        #expect(!app.isRunning)
        #expect(app.takeEffects().contains(.quit))
    }
}
