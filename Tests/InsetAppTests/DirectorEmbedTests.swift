import Foundation
import InsetCore
import InsetRender
import Testing
@testable import InsetApp
@testable import InsetPlayback

/// Embed mode through the director with no terminal: the video alone in its rectangle,
/// playing at once, with no bar and no message drawn over it; what would need the rest of
/// the screen is refused, whether a key or the control socket asks.
@Suite("Director: embed mode", .serialized)
struct DirectorEmbedTests {
    static let size = CellSize(columns: 40, rows: 12)

    static func embedded() throws -> DirectorHarness {
        var options = AppOptions(paths: [sample("clock_4x3.mp4")], loop: true, pipAllowed: false, automaticPiP: false,
                                 muted: true)
        options.embed = EmbedGeometry(size: size, x: 10, y: 5)
        return try DirectorHarness(options, size: size)
    }

    @Test("it plays at once, and only the video's plane shows: no bar, no message, even paused")
    func videoAlone() throws {
        let app = try Self.embedded()
        #expect(app.waitUntil { app.director.videos.front?.snapshot.isPlaying == true })
        try app.command("pause on")
        app.tick()
        let visible = app.planes().filter { $0.isVisible }
        #expect(visible.count == 1, "planes shown: \(visible.map { $0.frame })")
        #expect(visible.first?.size == Self.size)
        #expect(app.director.overlays.message == nil)
    }

    @Test("the window, the library, the shell and the key list are refused", arguments: ["pip", "library", "shell", "help", "focus"])
    func refusals(command: String) throws {
        let app = try Self.embedded()
        #expect(app.waitUntil { app.director.videos.front != nil })
        let outcome = app.director.execute(try Command(parsing: command), at: app.now)
        guard case .refused = outcome else { Issue.record("\(command) was carried out"); return }
        #expect(app.director.front == .player && !app.director.windowIsUp && app.window == nil)
    }
}
