import Foundation
import InsetCore
import InsetRender
import Testing
@testable import InsetApp
@testable import InsetPlayback

/// Issue 48 item 7: with `skip-step = 10` in the config the keys went 10 s, but the bar and
/// the window still said «15 15» and a click on them went 15 s. Every label that shows a
/// step now reads the step in use, and a click goes by it.
@Suite("Director: the skip step on the bar and the window (issue 48 item 7)", .serialized)
struct DirectorSkipStepTests {
    /// 30 s, a keyframe every 10 s.
    static let clip = sample("long_gop.mp4")

    static func row(_ plane: Plane, _ row: Int) -> String {
        String(String.UnicodeScalarView((0..<plane.grid.columns).compactMap { Unicode.Scalar(plane.grid[$0, row].glyph) }))
    }

    /// Paused at 0, with `skip-step = 10` as the config file gives it.
    static func pausedPlayer() throws -> (DirectorHarness, Playback) {
        let app = try DirectorHarness(paths: [clip]) { $0.keyBindings = KeyBindings.defaults.withSkipStep(.seconds(10)) }
        #expect(app.waitForPlayer())
        app.key("Space")
        return (app, try #require(app.director.videos.fullScreen))
    }

    @Test("issue 48 item 7: the bar says «10 10» and its buttons go 10 s")
    func bar() throws {
        let (app, video) = try Self.pausedPlayer()
        let bar = try #require(app.planes().first { $0.zIndex == 10 && $0.isVisible })
        let text = Self.row(bar, 1)
        #expect(text.contains(" «10 ") && text.contains(" 10» ") && !text.contains("15"), "\(text)")
        let barRow = DirectorHarness.size.rows - ControlBar.height + 1
        let forward = ControlBar.rect(of: .skipForward, width: DirectorHarness.size.columns)
        app.mouse(.press, at: CellPoint(column: forward.minColumn + 1, row: barRow))
        app.mouse(.release, at: CellPoint(column: forward.minColumn + 1, row: barRow))
        #expect(video.snapshot.position == .seconds(10))
        let backward = ControlBar.rect(of: .skipBackward, width: DirectorHarness.size.columns)
        app.key("Right")
        #expect(video.snapshot.position == .seconds(20), "the key goes by the same step")
        app.mouse(.press, at: CellPoint(column: backward.minColumn + 1, row: barRow))
        #expect(video.snapshot.position == .seconds(10))
    }

    @Test("issue 48 item 7: the window's buttons say «10 10» and a click goes 10 s")
    func window() throws {
        let (app, video) = try Self.pausedPlayer()
        app.key("p")
        #expect(app.waitForWindow())
        let window = try #require(app.window)
        let forward = try #require(window.layout.rect(of: .skipForward))
        app.mouse(.press, at: CellPoint(column: forward.minColumn + 1, row: forward.minRow))
        app.mouse(.release, at: CellPoint(column: forward.minColumn + 1, row: forward.minRow))
        #expect(video.snapshot.position == .seconds(10))
        let chrome = try #require(app.planes().first { $0.zIndex == 101 && $0.isVisible })
        let controlsRow = forward.minRow - chrome.frame.minRow
        let text = Self.row(chrome, controlsRow)
        #expect(text.contains("«10") && text.contains("10»") && !text.contains("15"), "\(text)")
    }

    @Test("issue 48 item 7: labels fit the five-cell buttons", arguments: [
        (15.0, "15"), (10, "10"), (5, "5"), (2.5, "2.5"), (90, "90"), (120, "2m"), (3600, "60m"), (1234, "21m"),
    ])
    func labels(seconds: Double, label: String) {
        #expect(SkipLabel.text(MediaTime(microseconds: Int64(seconds * 1_000_000))) == label)
    }
}
