import Foundation
import InsetCore
import Testing
@testable import InsetApp
@testable import InsetPlayback

/// Frame steps and the A-B loop through the director, with no terminal: the keys as a user
/// presses them, the frame on screen and the time as the bar shows them.
@Suite("Director: frame steps and the A-B loop", .serialized)
struct DirectorStepsTests {
    /// 25 fps, a keyframe every 12 s (long_gop.mp4): a step back decodes from far before.
    static let clip = sample("long_gop.mp4")
    static let frame = MediaTime.milliseconds(40)

    func frameTime(_ app: DirectorHarness) -> MediaTime? { app.director.videos.fullScreen?.current?.time }

    @Test(". pauses and shows the next frame; , the one before, exactly, across the keyframe before; the bar's time is the frame's")
    func frameSteps() throws {
        let app = try DirectorHarness(paths: [Self.clip])
        #expect(app.waitForPlayer())
        app.run(for: 0.6)
        app.key(".")
        #expect(app.director.videos.fullScreen?.snapshot.isPlaying == false)
        // Settled: the step's frame is on screen.
        app.run(for: 0.5)
        let last = try #require(frameTime(app))
        app.key(".")
        #expect(app.waitUntil { frameTime(app) == last + Self.frame }, "after \(last): \(String(describing: frameTime(app)))")
        app.key(".")
        #expect(app.waitUntil { frameTime(app) == last + Self.frame + Self.frame })
        app.key(",")
        #expect(app.waitUntil { frameTime(app) == last + Self.frame })
        app.key(",")
        app.key(",")
        #expect(app.waitUntil { frameTime(app) == last - Self.frame })
        #expect(app.director.videos.fullScreen?.snapshot.position == last - Self.frame, "the bar shows the frame's time")
        #expect(app.director.videos.fullScreen?.snapshot.isPlaying == false)
        // Stepping does not start playback: the frame stays.
        app.run(for: 0.5)
        #expect(frameTime(app) == last - Self.frame)
    }

    @Test(", at the first frame is refused with a reason; the command works from the window too")
    func stepLimits() throws {
        let app = try DirectorHarness(paths: [Self.clip]) { $0.start = .zero }
        #expect(app.waitForPlayer())
        app.key("Space")
        try app.command("seek-to 0")
        #expect(app.waitUntil { frameTime(app) == .zero })
        #expect(app.director.execute(.frameStep(forward: false), at: app.now) == .refused("no frame before this one"))
        app.key("p")
        #expect(app.waitForWindow())
        app.key("Tab")
        app.key(".")
        #expect(app.waitUntil { app.director.videos.window?.current?.time == Self.frame })
    }

    @Test("b sets A, b again B: playback loops between them, and the loop is drawn; b a third time clears it")
    func abLoop() throws {
        let app = try DirectorHarness(paths: [Self.clip])
        #expect(app.waitForPlayer())
        app.run(for: 0.5)
        app.key("b")
        let a = try #require(app.director.videos.fullScreen?.snapshot.loop?.start)
        #expect(app.message?.hasPrefix("A-B loop: A at") == true)
        app.run(for: 1.0)
        app.key("b")
        let loop = try #require(app.director.videos.fullScreen?.snapshot.loop)
        let b = try #require(loop.end)
        #expect(b > a && (b - a).seconds > 0.8)
        #expect(app.message == "A-B loop: \(a.clockString) to \(b.clockString)")
        // It goes round at least twice (within 5 s, for a loaded machine), never out of
        // [A, B + a frame].
        var wrapped = 0
        var previous = try #require(app.time(of: app.director.videos.fullScreen))
        let deadline = Date(timeIntervalSinceNow: 5)
        while Date() < deadline, wrapped < 2 {
            app.tick()
            let now = try #require(app.time(of: app.director.videos.fullScreen))
            #expect(now >= a.seconds - 0.001 && now <= b.seconds + 0.05, "\(now) outside \(a.seconds)…\(b.seconds)")
            if now < previous - 0.5 { wrapped += 1 }
            previous = now
            usleep(10_000)
        }
        #expect(wrapped >= 2)
        // A skip out of the loop comes back into it: once the seek's frame is on screen, it
        // is the loop's. (Untimed, the frames the skip had decoded show first, for as long
        // as the seek back to A takes to decode.)
        app.key("Right")
        #expect(app.waitUntil {
            guard let video = app.director.videos.fullScreen, !video.awaitingFirstFrame, let frame = video.current?.time else { return false }
            return frame >= a && frame <= b + Self.frame && video.snapshot.position >= a && video.snapshot.position <= b + Self.frame
        }, "→ left the loop: \(String(describing: frameTime(app)))")
        // The progress line shows the span in the loop's colour.
        app.director.panes.player.revealControls(at: app.now)
        let cells = app.planes().flatMap { Array($0.grid.cells) }
        // (The position's dot may stand on one end; the other shows.)
        let ends = Set(["[", "]"].map { UInt32(($0 as Unicode.Scalar).value) })
        #expect(cells.contains { $0.foreground == ProgressLine.loopColour.packed && ends.contains($0.glyph) })
        app.key("b")
        #expect(app.director.videos.fullScreen?.snapshot.loop == nil)
        #expect(app.message == "A-B loop off")
        app.run(for: Double((b - a).seconds) + 0.5)
        #expect(try #require(app.time(of: app.director.videos.fullScreen)) > b.seconds, "cleared: it plays past B")
    }
}
