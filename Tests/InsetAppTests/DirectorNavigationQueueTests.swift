import Foundation
import InsetCore
import Testing
@testable import InsetApp
@testable import InsetPlayback

/// `navigate` queues as `deliver` does (issue 44 item 1): what a move asks of a video's
/// machine is answered after the move's effects are all carried out, so the machine's
/// answer (the window opening, its `willStart`) is never navigated inside the move that
/// asked it, and the window's presence is read from the navigation machine alone.
@Suite("Director: navigate queues", .serialized)
struct DirectorNavigationQueueTests {
    static let clip = sample("long_gop.mp4")

    @Test("Esc, p and the shell move the video into the window and back with no move navigated inside another")
    func noMoveInsideAnother() throws {
        let app = try DirectorHarness(paths: [Self.clip], shell: ["/bin/sh"])
        #expect(app.waitForPlayer())
        // Esc: the library, the video told it was left; its machine starts PiP (willStart).
        app.key("Esc")
        #expect(app.waitForWindow())
        #expect(app.front == .library && app.director.windowIsUp && app.director.navigation.window == .open)
        #expect(app.director.machineEvents.deepestNavigation == 1, "a move was navigated inside another's effects")
        // Back full screen, then p: the same from the player's own request.
        app.key("f")
        #expect(app.waitForNoWindow() && app.waitForPlayer())
        #expect(!app.director.windowIsUp && app.director.navigation.window == .closed)
        app.key("p")
        #expect(app.waitForWindow())
        app.key("f")
        #expect(app.waitForNoWindow() && app.waitForPlayer())
        // The shell from the player: the video goes on in the window over it.
        app.key("!")
        #expect(app.front == .shell)
        #expect(app.waitForWindow())
        #expect(app.director.machineEvents.deepestNavigation == 1, "a move was navigated inside another's effects")
        #expect(app.director.machineEvents.deepest == 1, "a machine's answer was handled inside another's")
    }
}
