import Foundation
import InsetCore
import Testing
@testable import InsetApp
@testable import InsetPlayback

/// Two videos, driven through the director with no terminal: the places, the swap, and
/// restore and close on whichever video is in the window.
@Suite("Director: two videos", .serialized)
struct DirectorTwoVideosTests {
    static let first = sample("clock_16x9_aac.mp4"), second = sample("long_gop.mp4")

    /// A in the window over the library, then Enter on B: B full screen, A in the window.
    static func twoVideos() throws -> DirectorHarness {
        let app = try DirectorHarness(paths: [try libraryFolder([first, second])])
        #expect(app.waitUntil { app.director.catalog.entries.allSatisfy(\.isPlayable) })
        app.key("Enter")
        #expect(app.waitForPlayer("clock_16x9_aac.mp4"))
        app.key("p")
        #expect(app.waitForWindow())
        app.keys("Down", "Enter")
        #expect(app.waitForPlayer("long_gop.mp4"))
        return app
    }

    @Test("Enter on another file during PiP: it plays full screen and the first goes on in the window; w swaps the places, each at its time and play state")
    func swap() throws {
        let app = try Self.twoVideos()
        #expect(app.windowVideo == "clock_16x9_aac.mp4")
        let windowStart = try #require(app.time(of: app.director.videos.window))
        app.run(for: 0.6)
        #expect(try #require(app.time(of: app.director.videos.window)) > windowStart, "the window's video goes on")
        app.key("Space")
        #expect(app.director.videos.fullScreen?.snapshot.isPlaying == false)
        let pausedAt = try #require(app.time(of: app.director.videos.fullScreen))
        let playingAt = try #require(app.time(of: app.director.videos.window))
        app.key("w")
        #expect(app.fullScreenVideo == "clock_16x9_aac.mp4" && app.windowVideo == "long_gop.mp4")
        #expect(app.front == .player && app.focus == .pane)
        #expect(app.director.videos.window?.snapshot.isPlaying == false)
        #expect(app.time(of: app.director.videos.window) == pausedAt)
        #expect(app.director.videos.fullScreen?.snapshot.isPlaying == true)
        #expect(try #require(app.time(of: app.director.videos.fullScreen)) >= playingAt)
        app.key("w")
        #expect(app.fullScreenVideo == "long_gop.mp4" && app.windowVideo == "clock_16x9_aac.mp4")
    }

    /// Issue 42 item 17: the place heard is full screen unless `A` chose the window, and a
    /// swap exchanges the videos, not the place heard. The old code kept the sound with the
    /// video (`hear(video)`), so after the first `w` the window's video was still heard.
    @Test("issue 42 item 17: the place heard: full screen by default, so after w the video come from the window; A hears the window's place, which a swap keeps")
    func heardPlace() throws {
        let app = try Self.twoVideos()
        func heard() -> (name: String?, place: Navigation.VideoPlace) {
            (app.director.videos.heard?.name, app.director.videos.heard === app.director.videos.window ? .window : .fullScreen)
        }
        #expect(heard() == ("long_gop.mp4", .fullScreen), "the file opened beside the window, full screen")
        app.key("w")
        #expect(app.fullScreenVideo == "clock_16x9_aac.mp4")
        #expect(heard() == ("clock_16x9_aac.mp4", .fullScreen), "the video come from the window is heard full screen")
        app.key("w")
        #expect(heard() == ("long_gop.mp4", .fullScreen))
        app.key("A")
        #expect(heard() == ("clock_16x9_aac.mp4", .window), "A: the window's place")
        app.key("w")
        #expect(app.windowVideo == "long_gop.mp4")
        #expect(heard() == ("long_gop.mp4", .window), "the swap keeps the window's place heard")
        app.key("A")
        #expect(heard() == ("clock_16x9_aac.mp4", .fullScreen), "A again: full screen")
        app.key("A")
        app.key("x")
        #expect(app.waitForNoWindow())
        #expect(heard() == ("clock_16x9_aac.mp4", .fullScreen), "the only video is heard, whichever place was")
        #expect(app.director.execute(.audioFocus, at: app.now) == .refused("one video: it is the one heard"))
    }

    /// Issue 42 item 17: the list's next file taking the window's place is heard when the
    /// window's place is (it used to be passed on from video to video by hand).
    @Test("issue 42 item 17: with the window's place heard, the list's next file in the window is heard")
    func nextInTheWindowHeard() throws {
        let app = try DirectorHarness(paths: [try libraryFolder([Self.first, sample("clock_4x3.mp4"), Self.second])])
        #expect(app.waitUntil { app.director.catalog.entries.allSatisfy(\.isPlayable) })
        app.key("Enter")
        #expect(app.waitForPlayer("clock_16x9_aac.mp4"))
        app.key("p")
        #expect(app.waitForWindow())
        app.keys("Down", "Down", "Enter")
        #expect(app.waitForPlayer("long_gop.mp4"))
        app.keys("Tab", "A")
        #expect(app.director.videos.heard?.name == "clock_16x9_aac.mp4")
        app.key(">")
        #expect(app.waitUntil { app.windowVideo != nil && app.windowVideo != "clock_16x9_aac.mp4" })
        #expect(app.fullScreenVideo == "long_gop.mp4")
        #expect(app.director.videos.heard === app.director.videos.window, "\(app.director.videos.heard?.name ?? "none") heard")
    }

    @Test("f brings the window's video full screen in place of the other; x closes the window and leaves the full-screen one")
    func restoreAndClose() throws {
        var app = try Self.twoVideos()
        app.key("f")
        #expect(app.waitForNoWindow())
        #expect(app.fullScreenVideo == "clock_16x9_aac.mp4" && app.director.videos.besideWindow == nil)
        #expect(app.front == .player)
        app = try Self.twoVideos()
        app.key("x")
        #expect(app.waitForNoWindow())
        #expect(app.fullScreenVideo == "long_gop.mp4" && app.windowVideo == nil)
        #expect(app.director.videos.fullScreen?.snapshot.isPlaying == true)
    }

    @Test("with the window focused, its video takes the keys; Enter on the window's file in the library swaps")
    func focusedWindowAndLibrary() throws {
        let app = try Self.twoVideos()
        app.key("Tab")
        #expect(app.focus == .window)
        app.key("Space")
        #expect(app.director.videos.window?.snapshot.isPlaying == false)
        #expect(app.director.videos.fullScreen?.snapshot.isPlaying == true)
        app.keys("Esc", "Esc")
        #expect(app.front == .library && app.focus == .pane)
        app.keys("Up", "Enter")
        #expect(app.fullScreenVideo == "clock_16x9_aac.mp4" && app.windowVideo == "long_gop.mp4")
    }
}
