import Foundation
import InsetCore
import Testing
@testable import InsetApp
@testable import InsetPlayback

/// Issue 48 item 4: the config's messages at start reach the bar one after another, each
/// held long enough to read, and a later notice ("no sound device", "resumed at") waits
/// behind them. Before, they were joined on one line the bar cut, and the first notice a
/// video gave on opening replaced them all within a moment.
@Suite("Director: notices at start, one after another (issue 48 item 4)", .serialized)
struct DirectorStartNoticesTests {
    @Test("issue 48 item 4: each config message shows whole, in turn; a later notice waits for them")
    func inTurn() throws {
        let first = "config ~/.config/inset/config.toml:3: volume: expected 0 to 130"
        let second = "config ~/.config/inset/config.toml:9: [keys.player] z: no command 'pipp'"
        let app = try DirectorHarness(paths: [sample("long_gop.mp4")]) { $0.notices = [first, second] }
        #expect(app.message == first)
        // What a video says on opening, a moment later, as the sound device's notice does.
        app.director.show(message: "no sound device: playing silently", at: app.now)
        #expect(app.message == first, "not replaced before it was read")
        app.pass(.seconds(2))
        #expect(app.message == first)
        app.pass(Director.startNoticeTime)
        #expect(app.message == second)
        app.pass(Director.startNoticeTime)
        #expect(app.message == "no sound device: playing silently")
        app.pass(.seconds(3))
        #expect(app.message == nil)
        // Held no more: a new message replaces the one up, as ever.
        app.director.show(message: "one", at: app.now)
        app.director.show(message: "two", at: app.now)
        #expect(app.message == "two")
    }
}
