import Foundation
import InsetCore
import InsetMedia
import Testing
@testable import InsetAudio
import InsetTestSupport

/// Audio through SDL, end to end: decoder → ring → device. Serialized, and the SDL audio
/// subsystem starts and stops in each test, because the driver comes from the process's
/// environment (`SDL_AUDIODRIVER`), read when the subsystem starts.
@Suite("Playing through SDL", .serialized, .tags(.timed))
struct DevicePlaybackTests {
    /// The disk driver writes what it plays to a file; a short delay per buffer (5 ms for
    /// 21 ms of sound) plays about four times faster than real time.
    static let fast = "5"

    @Test("a clip's written samples last as long as the clip")
    func durationMatches() throws {
        let file = temporaryPath("duration")
        defer { unlink(file) }
        let statistics = try withAudioEnvironment(["SDL_AUDIODRIVER": "disk", "SDL_DISKAUDIOFILE": file,
                                                   "SDL_DISKAUDIODELAY": Self.fast]) {
            let playback = try Playback(path: sample("clock_16x9_aac.mp4"))
            #expect(playback.output.driver == "disk")
            playback.start()
            #expect(playback.waitForEnd(timeout: 30))
            return playback.finish()
        }
        let capture = try DiskCapture(path: file, format: stereo48k)
        let span = try #require(capture.audibleSpan())
        let audible = capture.milliseconds(span.last - span.first + 1)
        #expect(abs(audible - 10_000) <= 50, "audible for \(audible) ms")
        // The media frames the callback sent: the decoded stream (AAC pads its last frame).
        let played = capture.milliseconds(statistics.realFrames)
        #expect(abs(played - 10_000) <= 50, "played \(played) ms of media")
        // The 440 Hz sine starts with the first media frame, where the file says it does.
        let offset = capture.frameCount - statistics.renderedFrames
        let start = try #require(statistics.serialStart)
        #expect(abs(offset + start.frame - span.first) <= 48, "media starts at \(offset + start.frame), sound at \(span.first)")
    }

    @Test("the marker clip's tone bursts are at 1, 3, 5, 7, 9 and 11 s in the written file")
    func burstsAtTheirTimes() throws {
        let file = temporaryPath("markers")
        defer { unlink(file) }
        let statistics = try withAudioEnvironment(["SDL_AUDIODRIVER": "disk", "SDL_DISKAUDIOFILE": file,
                                                   "SDL_DISKAUDIODELAY": Self.fast]) {
            let playback = try Playback(path: sample("av_sync_markers.mp4"))
            playback.start()
            #expect(playback.waitForEnd(timeout: 30))
            return playback.finish()
        }
        let capture = try DiskCapture(path: file, format: stereo48k)
        let start = try #require(statistics.serialStart)
        #expect(start.pts == .zero)
        let mediaZero = capture.frameCount - statistics.renderedFrames + start.frame
        let onsets = capture.onsets().map { capture.milliseconds($0 - mediaZero) }
        #expect(onsets.count == 6, "onsets at \(onsets) ms")
        for (onset, expected) in zip(onsets, [1000.0, 3000, 5000, 7000, 9000, 11000]) {
            #expect(abs(onset - expected) <= 3, "burst at \(onset) ms, expected \(expected) ms")
        }
    }

    @Test("after a seek the new serial's first written sample is the one at the target")
    func seekResumesAtTarget() throws {
        let file = temporaryPath("seek")
        defer { unlink(file) }
        let (statistics, serial) = try withAudioEnvironment(["SDL_AUDIODRIVER": "disk", "SDL_DISKAUDIOFILE": file,
                                                             "SDL_DISKAUDIODELAY": Self.fast]) {
            let playback = try Playback(path: sample("av_sync_markers.mp4"))
            playback.start()
            waitUntil(timeout: 10) { (playback.output.clockTimeNow() ?? .zero) >= .milliseconds(1500) }
            let (serial, target) = try #require(playback.pipeline.seek(to: .milliseconds(4950)))
            #expect(target == .milliseconds(4950))
            playback.output.flush(serial: serial)
            waitUntil(timeout: 10) { (playback.output.clockTimeNow() ?? .zero) >= .milliseconds(5600) }
            return (playback.finish(), serial)
        }
        let capture = try DiskCapture(path: file, format: stereo48k)
        let start = try #require(statistics.serialStart)
        #expect(start.serial == serial)
        #expect(abs((start.pts - .milliseconds(4950)).microseconds) <= 1_000, "new serial starts at \(start.pts)")
        let first = capture.frameCount - statistics.renderedFrames + start.frame
        let burst = try #require(capture.onsets(from: first).first)
        let after = capture.milliseconds(burst - first)
        #expect(abs(after - 50) <= 40, "the 5 s burst comes \(after) ms after the new serial's first sample")
    }

    @Test("in real time, the clock advances with host time and agrees with the samples written")
    func clockFollowsTheDevice() throws {
        let file = temporaryPath("clock")
        defer { unlink(file) }
        // Each reading brackets the clock by the file's size just before and just after it,
        // so a descheduled test thread (while SDL writes on) cannot put it out of bounds.
        var readings: [(host: HostTime, clock: MediaTime, writtenBefore: Int, writtenAfter: Int)] = []
        let writtenFrames = { ((try? FileManager.default.attributesOfItem(atPath: file)[.size] as? Int) ?? 0) / stereo48k.bytesPerFrame }
        let statistics = try withAudioEnvironment(["SDL_AUDIODRIVER": "disk", "SDL_DISKAUDIOFILE": file]) {
            let playback = try Playback(path: sample("av_sync_markers.mp4"))
            playback.start()
            waitUntil(timeout: 5) { playback.output.clockTimeNow() != nil }
            for _ in 0..<40 {
                usleep(37_000)
                let before = writtenFrames()
                let host = HostTime.monotonicNow()
                guard let clock = playback.output.clockTime(at: host) else { continue }
                readings.append((host, clock, before, writtenFrames()))
            }
            return playback.finish()
        }
        let capture = try DiskCapture(path: file, format: stereo48k)
        let start = try #require(statistics.serialStart)
        let mediaZero = capture.frameCount - statistics.renderedFrames + start.frame
        #expect(readings.count >= 35)
        let buffer = 1024.0 * 1000 / 48_000
        for reading in readings {
            // The media time of the last sample written so far; the listener is at most
            // one buffer behind it (the disk driver "plays" a buffer after writing it).
            // The file's size lags what SDL wrote by up to stdio's 4 KB buffer (10.7 ms
            // of 48 kHz stereo float) when a buffer is not a multiple of it.
            let before = capture.milliseconds(reading.writtenBefore - mediaZero)
            let after = capture.milliseconds(reading.writtenAfter - mediaZero)
            let clock = reading.clock.seconds * 1000
            #expect(after - clock >= -12 && before - clock <= buffer + 15,
                    "clock \(reading.clock), written through \(before)-\(after) ms around it")
        }
        let first = try #require(readings.first), last = try #require(readings.last)
        let media = (last.clock - first.clock).seconds
        let host = Double(last.host.nanoseconds - first.host.nanoseconds) / 1e9
        #expect(abs(media / host - 1) < 0.05, "clock ran \(media) s in \(host) s")
    }

    @Test("the dummy driver plays silently, and the clock runs")
    func dummyDriver() throws {
        try withAudioEnvironment(["SDL_AUDIODRIVER": "dummy"]) {
            let playback = try Playback(path: sample("clock_16x9_aac.mp4"))
            #expect(playback.output.driver == "dummy")
            playback.start()
            #expect(waitUntil(timeout: 5) { (playback.output.clockTimeNow() ?? .zero) > .milliseconds(300) })
            playback.output.pause(true)
            let held = playback.output.clockTimeNow()
            usleep(100_000)
            #expect(playback.output.clockTimeNow() == held)
            let statistics = playback.finish()
            #expect(statistics.realFrames > 0)
        }
    }

    @Test("a driver that does not exist throws a one-line AudioError")
    func missingDriver() {
        withAudioEnvironment(["SDL_AUDIODRIVER": "nosuchdriver"]) {
            do {
                _ = try AudioOutput(wanted: stereo48k)
                Issue.record("opened a device on a driver that does not exist")
            } catch let error as AudioError {
                #expect(error.description.hasPrefix("no sound: "))
                #expect(!error.description.contains("\n"))
                #expect(error.description.count < 200)
            } catch {
                Issue.record("not an AudioError: \(error)")
            }
        }
    }
}
