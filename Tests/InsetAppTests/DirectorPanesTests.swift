import Foundation
import InsetCore
import InsetRender
import Testing
@testable import InsetApp
@testable import InsetPlayback

/// Going between panes and coming back, and the shell pane's prefix, driven through the
/// director with no terminal (the shell is a real /bin/sh in a pty).
@Suite("Director: panes and the shell", .serialized)
struct DirectorPanesTests {
    static let clip = sample("long_gop.mp4"), other = sample("clock_16x9_aac.mp4")

    /// The shell pane's text, as the emulator holds it.
    static func shellText(_ app: DirectorHarness) -> String {
        var grid = CellGrid(size: DirectorHarness.size)
        _ = app.director.panes.shell.shell?.draw(into: &grid, showCursor: false)
        return grid.description
    }

    /// The shell's prompt lines (`# ` or `$ `, with or without what was typed after).
    static func prompts(_ app: DirectorHarness) -> Int {
        shellText(app).split(separator: "\n").filter { line in
            let line = line.trimmingCharacters(in: .whitespaces)
            return line == "#" || line == "$" || line.hasPrefix("# ") || line.hasPrefix("$ ")
        }.count
    }

    static func type(_ app: DirectorHarness, _ text: String) {
        for c in text { app.key(c == " " ? "Space" : String(c)) }
        app.key("Enter")
    }

    @Test("the library, a file's details and back; the shell from the details and back there when it exits")
    func detailsAndBack() throws {
        let app = try DirectorHarness(paths: [try libraryFolder([Self.clip, Self.other])], shell: ["/bin/sh"])
        #expect(app.waitUntil { app.director.catalog.entries.allSatisfy(\.isPlayable) })
        app.key("i")
        #expect(app.front == .details)
        #expect(app.director.keyContexts == [.details, .global])
        app.key("Esc")
        #expect(app.front == .library)
        app.keys("Down", "Right")
        #expect(app.front == .details && app.director.panes.details.details?.index == 1)
        app.key("!")
        #expect(app.front == .shell)
        Self.type(app, "exit")
        #expect(app.waitUntil { app.front == .details })
        #expect(app.director.panes.shell.shell == nil)
    }

    @Test("in the shell every key is the shell's but the prefix: then Tab focuses the window, arrows move it, f plays full screen; ! comes back to the shell as it was")
    func prefix() throws {
        let app = try DirectorHarness(paths: [Self.clip], shell: ["/bin/sh"])
        #expect(app.waitForPlayer())
        app.key("!")
        #expect(app.front == .shell)
        #expect(app.waitForWindow(), "the playing video goes on in the window")
        // Typed at the prompt: typed before it, the line is echoed before the prompt and the
        // output lands after the prompt, on its line.
        #expect(app.waitUntil { Self.prompts(app) > 0 }, "\(Self.shellText(app))")
        Self.type(app, "echo q typed")
        #expect(app.waitUntil { Self.shellText(app).split(separator: "\n").contains { $0.hasPrefix("q typed") } },
                "\(Self.shellText(app))")
        #expect(app.isRunning, "q went to the shell")
        let start = try #require(app.window?.layout.frame)
        app.keys("C-]", "Tab")
        #expect(app.focus == .window)
        app.key("S-Left")
        #expect(try #require(app.window?.layout.frame).minColumn < start.minColumn)
        app.key("Esc")
        #expect(app.focus == .pane)
        // The prefix twice: the chord itself goes to the shell, and the keys are the shell's again.
        app.keys("C-]", "C-]")
        #expect(app.director.panes.shell.prefixPending == false)
        #expect(app.waitUntil { Self.shellText(app).contains("# ^]") || Self.shellText(app).contains("$ ^]") })
        app.key("C-u")
        app.keys("C-]", "f")
        #expect(app.front == .player)
        #expect(app.waitForNoWindow())
        app.key("!")
        #expect(app.front == .shell && Self.shellText(app).contains("q typed"))
        #expect(app.waitForWindow())
        // exit: back to where the shell was opened from, the player, with the video.
        Self.type(app, "exit")
        #expect(app.waitUntil { app.front == .player && app.window == nil }, "\(Self.shellText(app))")
        #expect(app.waitForPlayer("long_gop.mp4"))
        app.keys("q")
        #expect(!app.isRunning)
    }

    @Test("the shell left for the player and back: a command still running, what was typed ahead kept; Ctrl-C is the shell's; exit goes back to the player")
    func runningCommandKept() throws {
        // Looping: the untimed clock runs the video on while the shell is waited for.
        let app = try DirectorHarness(paths: [Self.clip], shell: ["/bin/sh"]) { $0.loop = true }
        #expect(app.waitForPlayer())
        app.key("!")
        #expect(app.waitForWindow())
        #expect(app.waitUntil { Self.prompts(app) > 0 }, "\(Self.shellText(app))")
        Self.type(app, "cat")
        for c in "typed ahead" { app.key(c == " " ? "Space" : String(c)) }
        #expect(app.waitUntil { Self.shellText(app).contains("typed ahead") }, "\(Self.shellText(app))")
        // The prefix, then the window's keys: Shift-arrows move it, f plays it full screen.
        let start = try #require(app.window?.layout.frame)
        app.keys("C-]", "Tab", "S-Up")
        #expect(try #require(app.window?.layout.frame).minRow < start.minRow)
        app.key("f")
        #expect(app.front == .player)
        #expect(app.waitForNoWindow())
        app.key("!")
        #expect(app.front == .shell && Self.shellText(app).contains("typed ahead"))
        #expect(app.waitForWindow())
        // cat still runs: the line ends now and comes back from it.
        app.key("Enter")
        #expect(app.waitUntil { Self.shellText(app).components(separatedBy: "typed ahead").count >= 3 }, "\(Self.shellText(app))")
        let prompts = Self.prompts(app)
        app.key("C-d")
        #expect(app.waitUntil { Self.prompts(app) > prompts }, "\(Self.shellText(app))")
        // Ctrl-C goes to the shell, not to Inset: the line typed before it is dropped, and
        // the shell prompts again.
        for c in "echo not run" { app.key(c == " " ? "Space" : String(c)) }
        app.key("C-c")
        #expect(app.waitUntil { Self.prompts(app) > prompts + 1 }, "\(Self.shellText(app))")
        Self.type(app, "echo still here")
        #expect(app.waitUntil { Self.shellText(app).split(separator: "\n").contains { $0.hasPrefix("still here") } },
                "\(Self.shellText(app))")
        #expect(!Self.shellText(app).split(separator: "\n").contains { $0.hasPrefix("not run") }, "\(Self.shellText(app))")
        #expect(app.isRunning && app.front == .shell)
        Self.type(app, "exit")
        #expect(app.waitUntil { app.front == .player && app.window == nil }, "\(Self.shellText(app))")
        #expect(app.waitForPlayer("long_gop.mp4"))
    }

    @Test("after the prefix, ? shows the keys and q quits")
    func prefixQuits() throws {
        let app = try DirectorHarness(paths: [try libraryFolder([Self.clip, Self.other])], shell: ["/bin/sh"])
        app.key("!")
        app.keys("C-]", "?")
        #expect(app.director.overlays.helpVisible)
        app.key("x")
        #expect(!app.director.overlays.helpVisible)
        app.keys("C-]", "q")
        #expect(!app.isRunning)
    }

    @Test("a key sent to the shell paints nothing until the shell answers")
    func echoPaints() throws {
        let app = try DirectorHarness(paths: [try libraryFolder([Self.clip, Self.other])], shell: ["/bin/sh"])
        app.key("!")
        _ = app.takeEffects()
        app.key("a")
        #expect(!app.takeEffects().contains(.paint))
        #expect(app.waitUntil { app.takeEffects().contains(.paint) })
    }
}

/// The untimed director: its clock is the harness's, so video plays as fast as it decodes.
@Suite("Director: untimed")
struct DirectorUntimedTests {
    @Test("30 s of video play to their end in a fraction of their length: the clock waits for frames, not for the wall")
    func fasterThanRealTime() throws {
        let app = try DirectorHarness(paths: [sample("long_gop.mp4")])
        let started = Date()
        #expect(app.waitForPlayer())
        #expect(app.waitUntil(timeout: 20) { !app.isRunning }, "the end of the only file quits")
        let wall = Date().timeIntervalSince(started)
        let played = (app.director.videos.fullScreen?.statistics ?? app.director.outcome.lastStatistics).shown
        print("untimed: \(played) frames of 30 s played in \(String(format: "%.1f", wall)) s")
        #expect(played == 750, "\(played) of the 750 frames shown")
        #expect(wall < 15, "\(wall) s of wall time for 30 s of video")
    }
}
