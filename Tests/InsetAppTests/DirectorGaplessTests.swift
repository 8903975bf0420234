import Foundation
import InsetCore
import Testing
@testable import InsetApp
@testable import InsetPlayback

/// Gapless sound between the files of a list, through the director with a real (dummy)
/// device, timed: the next sound file is queued behind the one playing on its output and
/// becomes the video when its first sample is heard; a seek or `>` meanwhile, a next file
/// with a picture and `--gapless-audio no` go today's way.
@Suite("Director: gapless sound", .serialized)
struct DirectorGaplessTests {
    /// Two one-second tones, 48 kHz mono FLAC, in a fresh directory.
    static func tones() throws -> (String, String) {
        let dir = try makeTemporaryDirectory("gapless")
        let names = (dir.appendingPathComponent("a.flac").path, dir.appendingPathComponent("b.flac").path)
        for (path, frequency) in [(names.0, 440), (names.1, 880)] {
            #expect(runQuietly(["ffmpeg", "-v", "error", "-nostdin", "-y", "-f", "lavfi", "-i",
                                "sine=frequency=\(frequency):sample_rate=48000:duration=1", "-ac", "1", "-c:a", "flac", path]))
        }
        return names
    }

    static func playing(_ paths: [String], configure: (inout AppOptions) -> Void = { _ in }) throws -> (DirectorHarness, Playback) {
        let app = try DirectorHarness(paths: paths, timed: true, configure: configure)
        #expect(app.waitUntil { app.fullScreenVideo == "a.flac" && app.director.videos.fullScreen?.sound != nil })
        return (app, try #require(app.director.videos.fullScreen))
    }

    /// Ticks as the loop does until the full-screen video is no longer `first`; true if so.
    /// Before every tick, whether the queued file's first sample had been heard: once it
    /// has, that tick must hand over.
    static func untilReplaced(_ first: Playback, in app: DirectorHarness, timeout: Double = 6) -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout)
        while Date() < deadline {
            let heard = app.director.gapless.next?.media?.sound?.firstSampleHeard(at: app.now) ?? false
            app.tick()
            let replaced = app.director.videos.fullScreen !== first
            #expect(!heard || replaced, "the next file's first sample was heard and the first file is still the video")
            if replaced { return true }
            usleep(2_000)
        }
        return false
    }

    @Test("the next sound file is written behind the first on its output and becomes the video when its first sample is heard")
    func handsOverWhenHeard() throws {
        let (a, b) = try Self.tones()
        let (app, first) = try Self.playing([a, b])
        let output = try #require(first.sound?.output)
        #expect(app.waitUntil { app.director.gapless.next?.queued == true }, "queued behind the first file")
        #expect(first.snapshot.isPlaying && !first.snapshot.isFinished)
        #expect(Self.untilReplaced(first, in: app))
        let second = try #require(app.director.videos.fullScreen)
        #expect(second.path == b)
        #expect(second.sound?.output === output, "the same device")
        #expect(second.sound?.firstSampleHeard(at: app.now) == true)
        #expect(first.snapshot.isFinished, "the first file's end was reached")
        #expect(second.snapshot.position < .milliseconds(200), "its own clock, from its start: \(second.snapshot.position)")
        #expect(app.director.list.labels[b] == "2/2")
        #expect(app.waitUntil { second.snapshot.position >= .milliseconds(500) }, "its time moves on")
    }

    @Test("a seek while the next file is queued drops it: the first plays on from there and the next follows it later")
    func seekDropsQueued() throws {
        let (a, b) = try Self.tones()
        let (app, first) = try Self.playing([a, b])
        #expect(app.waitUntil { app.director.gapless.next?.queued == true })
        try app.command("seek-to 0.2")
        #expect(app.waitUntil { app.director.gapless.next?.queued != true }, "the queued file dropped")
        #expect(app.director.videos.fullScreen === first)
        #expect(first.snapshot.position < .milliseconds(700), "\(first.snapshot.position)")
        #expect(Self.untilReplaced(first, in: app))
        #expect(app.director.videos.fullScreen?.path == b)
        #expect(app.director.videos.fullScreen?.sound?.output === first.sound?.output, "gapless after all")
    }

    @Test("> while the next file is queued: it opens as any file does, on a device of its own")
    func nextByHand() throws {
        let (a, b) = try Self.tones()
        let (app, first) = try Self.playing([a, b])
        let output = first.sound?.output
        #expect(app.waitUntil { app.director.gapless.next?.queued == true })
        app.key(">")
        #expect(app.director.gapless.next == nil)
        #expect(app.waitUntil { app.director.videos.fullScreen?.path == b })
        #expect(app.director.videos.fullScreen?.sound.map { $0.output !== output } == true)
    }

    @Test("a next file with a picture is not gapless: it opens as any file does")
    func nextWithPicture() throws {
        let (a, b) = try Self.tones()
        let video = sample("clock_16x9_aac.mp4")
        let (app, first) = try Self.playing([a, video])
        #expect(app.waitUntil { app.director.gapless.refused === first }, "a picture does not follow gaplessly")
        #expect(app.waitUntil(timeout: 6) { app.director.videos.fullScreen?.path == video })
        #expect(app.director.videos.fullScreen?.sound?.output !== first.sound?.output)
    }

    @Test("--gapless-audio no: the next sound file opens on a device of its own")
    func gaplessOff() throws {
        let (a, b) = try Self.tones()
        let (quiet, alone) = try Self.playing([a, b]) { $0.gaplessAudio = .no }
        #expect(quiet.waitUntil(timeout: 6) { quiet.director.videos.fullScreen?.path == b })
        #expect(quiet.director.gapless.next == nil && quiet.director.gapless.refused == nil)
        #expect(quiet.director.videos.fullScreen?.sound?.output !== alone.sound?.output)
    }
}
