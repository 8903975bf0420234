import Foundation
import InsetCore
import Testing
@testable import InsetApp
@testable import InsetPlayback

/// Speed through the director with no terminal: the keys, the clock, the next file.
@Suite("Director: speed", .serialized)
struct DirectorSpeedTests {
    /// A folder holding two of the samples, which opens the library.
    static func folder() throws -> String {
        let directory = NSTemporaryDirectory() + "inset-speed-\(UUID().uuidString.prefix(6))"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        for name in ["clock_16x9_aac.mp4", "long_gop.mp4"] {
            try FileManager.default.createSymbolicLink(atPath: directory + "/" + name, withDestinationPath: sample(name))
        }
        return directory
    }

    @Test("] plays the video in front at 1.25x (its time runs 1.25 s a second); the next file opened plays at the speed chosen last")
    func speedCarriesOver() throws {
        let directory = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let app = try DirectorHarness(paths: [directory])
        #expect(app.waitUntil { app.director.catalog.entries.count == 2 && app.director.catalog.entries.allSatisfy(\.isPlayable) })
        app.key("Enter")
        #expect(app.waitForPlayer("clock_16x9_aac.mp4"))
        app.run(for: 0.5)
        app.key("]")
        let video = try #require(app.director.videos.fullScreen)
        #expect(video.snapshot.speed.hundredths == 125)
        // The director's clock (the harness's own, untimed) against the media's.
        let (mediaBefore, clockBefore) = (video.masterTime(at: app.now), app.now)
        app.run(for: 1.5)
        let elapsed = app.now.elapsed(since: clockBefore).components
        let rate = (video.masterTime(at: app.now) - mediaBefore).seconds / (Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18)
        #expect(rate > 1.1 && rate < 1.4, "the time ran \(rate) s a second")
        app.key("Esc")
        app.keys("Down", "Enter")
        #expect(app.waitForPlayer("long_gop.mp4"))
        #expect(app.director.videos.fullScreen?.snapshot.speed.hundredths == 125)
        app.key("Backspace")
        #expect(app.director.videos.fullScreen?.snapshot.speed == .normal)
    }
}
