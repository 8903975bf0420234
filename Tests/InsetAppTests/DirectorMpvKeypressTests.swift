import Foundation
import InsetControl
import InsetCore
import Testing
@testable import InsetApp
@testable import InsetPlayback

/// Issue 42 item 13: mpv's `keypress` on the socket is a key as if typed, but never one
/// that opens the shell pane or types into it (mpv's `run` and `subprocess` are refused,
/// and keys into a shell are the same thing spelled out).
@Suite("Director: mpv's keypress and the shell pane (issue 42 item 13)", .serialized)
struct DirectorMpvKeypressTests {
    typealias MpvClient = DirectorMpvTests.MpvClient

    @Test("keypress ! is refused and the shell stays shut; with the shell open and focused, no keypress types into it")
    func keypressNeverReachesTheShell() throws {
        let app = try DirectorHarness(paths: [sample("long_gop.mp4")], shell: ["/bin/sh"])
        #expect(app.waitForPlayer())
        let mpv = try MpvClient(app)
        defer { mpv.desk.finish(app.director) }
        let opened = try mpv.ask([.string("keypress"), .string("!")])
        #expect(opened["error"] == .string("error running command"), "\(opened)")
        #expect(opened["reason"] == .string("keys from the socket do not open the shell pane"))
        #expect(app.front == .player && app.director.panes.shell.shell == nil, "the shell pane opened")
        // Keys that are not the shell's still work as typed.
        #expect(try mpv.ask([.string("keypress"), .string("SPACE")])["error"] == .string("success"))
        #expect(app.waitUntil { app.director.focusedVideo?.snapshot.isPlaying == false })

        // The user opens the shell; the socket may not type there, nor end its prefix.
        app.key("!")
        #expect(app.front == .shell && app.focus == .pane)
        for key in ["e", "x", "i", "t", "ENTER", "Ctrl+]", "Ctrl+c"] {
            let reply = try mpv.ask([.string("keypress"), .string(key)])
            #expect(reply["error"] == .string("error running command"), "\(key): \(reply)")
            #expect(reply["reason"] == .string("keys from the socket do not type into the shell pane"))
        }
        // Had `exit` and Enter reached /bin/sh, the pane would have closed.
        app.run(for: 0.3)
        #expect(app.front == .shell && app.director.panes.shell.shell != nil)
    }
}
