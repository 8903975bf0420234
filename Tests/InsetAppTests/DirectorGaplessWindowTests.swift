import Foundation
import InsetCore
import Testing
@testable import InsetApp

/// The next sound file of a list follows gaplessly after one in the window (issue 44 item 1).
/// It is started in the middle of a delivery (the first file's end), so its machine's answer
/// waits in the queue; the navigation machine holds the takeover until that answer comes.
/// A file followed gaplessly has no picture of its own to put in the window, so its machine
/// answers without PiP and it comes full screen (`takeOverFailed`). Before, the takeover was
/// forgotten when `startVideo` returned: the file was put full screen at once, and the
/// window stayed "up" with no video in it (`windowIsUp`, focus could go to it).
@Suite("Director: gapless sound after the window", .serialized)
struct DirectorGaplessWindowTests {
    /// Two tones of `seconds`, 48 kHz mono FLAC, in a fresh directory.
    static func tones(seconds: Double) throws -> (String, String) {
        let dir = try makeTemporaryDirectory("gapless-window")
        let names = (dir.appendingPathComponent("a.flac").path, dir.appendingPathComponent("b.flac").path)
        for (path, frequency) in [(names.0, 440), (names.1, 880)] {
            #expect(runQuietly(["ffmpeg", "-v", "error", "-nostdin", "-y", "-f", "lavfi", "-i",
                                "sine=frequency=\(frequency):sample_rate=48000:duration=\(seconds)", "-ac", "1", "-c:a", "flac", path]))
        }
        return names
    }

    @Test("the next sound file follows on the same output, full screen, and the window it could not take closes")
    func followsAfterWindow() throws {
        let (a, b) = try Self.tones(seconds: 2.5)
        let app = try DirectorHarness(paths: [a, b], timed: true)
        #expect(app.waitUntil { app.fullScreenVideo == "a.flac" && app.director.videos.fullScreen?.sound != nil })
        let first = try #require(app.director.videos.fullScreen)
        app.key("p")
        #expect(app.waitForWindow())
        #expect(app.waitUntil { app.window?.isAnimating == false })
        #expect(app.waitUntil(timeout: 8) { app.director.videos.window == nil && app.director.videos.fullScreen != nil })
        #expect(app.fullScreenVideo == "b.flac")
        #expect(app.director.videos.fullScreen?.sound?.output === first.sound?.output, "followed gaplessly, on the same output")
        #expect(app.waitUntil { app.director.navigation.places.takingOverWindow == nil })
        #expect(!app.director.windowIsUp && app.window == nil, "a window up with no video in it")
        #expect(app.front == .player)
        #expect(app.director.machineEvents.deepestNavigation == 1)
    }
}
