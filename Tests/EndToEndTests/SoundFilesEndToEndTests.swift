import Foundation
import InsetTestSupport
import Testing

/// Sound files and sound devices as a person meets them, through SDL's disk driver or a
/// driver that fails: what the bar and the picture say, waited for on the screen. None of
/// these asserts a time (the A/V offsets are SoundEndToEndTests', alone in the timed group),
/// so they run beside the other waits.
@Suite("Sound files and devices end to end", .tags(.waits))
struct SoundFilesEndToEndTests {
    @Test("with no sound device: the video plays on the system clock and one notice says so")
    func noDevice() throws {
        let tmux = try Tmux(environment: ["SDL_AUDIODRIVER": "nosuchdriver"])
        try tmux.run("\(try insetBinary()) \(samplePath("clock_16x9_aac.mp4"))")
        let screen = try tmux.waitFor(timeout: 5, "notice") { $0.text.contains("playing without sound") }
        #expect(screen.text.contains("no sound"))
        try tmux.waitFor(timeout: 6, "time moving") { tmux.keysVisible($0) && ($0.shownTime?.position ?? 0) >= 3 }
        try tmux.keys("q")
    }

    /// Issue 42 item 16: a picture whose sound is a second input (`--audio-file`, a page's
    /// separate sound stream) plays as a file with its own sound does where no device opens.
    /// Before, the sound's demuxer, let go of as its track failed, stopped the opening's
    /// interrupt, which read as the user's cancel: "opening was cancelled" and exit 1.
    @Test("issue 42 item 16: with no sound device, --audio-file and a two-stream page play their picture silently and the bar says so",
          arguments: ["--audio-file", "page"])
    func noDeviceForSeparateSound(_ kind: String) throws {
        // The page through yt-dlp's generic extractor: a <video> naming a DASH manifest of a
        // picture and a tone apart (samples/sites/split.html), as a site serves them.
        let server = kind == "page" ? try TestWebServer() : nil
        let input = server.map { $0.url("sites/split.html") }
            ?? "--audio-file \(samplePath("sites/markers_tone.m4a")) \(samplePath("sites/markers_180p.mp4"))"
        let tmux = try Tmux(environment: ["SDL_AUDIODRIVER": "nonexistent"])
        try tmux.run("\(try insetBinary()) \(input); echo \"ex\"\"it=$?\"")
        let screen = try tmux.waitFor(timeout: 15, "notice") {
            $0.text.contains("playing without sound") || $0.text.contains("exit=")
        }
        #expect(screen.text.contains("no sound"), "\(screen.text)")
        #expect(!screen.text.contains("cancelled"))
        // The markers' picture is black but for a flash of two frames each odd second: the
        // time on the bar moving through the 12 s clip is what says it plays.
        try tmux.waitFor(timeout: 6, "the picture's time moving") {
            tmux.keysVisible($0) && $0.shownTime?.duration == 12 && ($0.shownTime?.position ?? 0) >= 3
        }
        try tmux.keys("q")
        let end = try tmux.waitFor(timeout: 5, "the way out") { $0.text.contains("exit=") }
        #expect(end.text.contains("exit=0"), "\(end.text)")
    }

    @Test("a file with sound only: its title, the time and the progress line; the keys work; its end quits")
    func soundOnly() throws {
        let dir = try SoundEndToEndTests.scratch()
        let tone = dir.appendingPathComponent("tone.m4a").path
        _ = try runCommand(["ffmpeg", "-v", "error", "-y", "-f", "lavfi", "-i", "sine=frequency=440:duration=4", "-c:a", "aac", tone])
        let tmux = try Tmux(environment: SoundEndToEndTests.soundEnvironment(dir))
        // No visualiser: the sound-only screen itself (MusicEndToEndTests has the visualiser's).
        try tmux.run("\(try insetBinary()) --visualizer none \(tone); echo \"ex\"\"it=$?\"")
        let screen = try tmux.waitFor(timeout: 5, "title and time") { ($0.shownTime?.position ?? 0) >= 1 }
        #expect(screen.text.contains("tone.m4a") && screen.text.contains("sound only"))
        #expect(screen.shownTime?.duration == 4)
        try tmux.keys("Space")
        let paused = try tmux.waitFor(timeout: 2, "paused") { $0.text.contains("▶") }
        Thread.sleep(forTimeInterval: 1.2)
        #expect(try tmux.capture().shownTime?.position == paused.shownTime?.position)
        try tmux.keys("p")
        try tmux.waitFor(timeout: 2, "no window for sound") { $0.text.contains("no picture") }
        try tmux.keys("Space")
        let end = try tmux.waitFor(timeout: 8, "the end") { $0.text.contains("exit=0") }
        #expect(end.text.contains("exit=0"))
    }

    @Test("a sound file with a cover picture shows the cover, and plays to its end")
    func coverPicture() throws {
        let dir = try SoundEndToEndTests.scratch()
        let song = dir.appendingPathComponent("song.mp3").path
        _ = try runCommand(["ffmpeg", "-v", "error", "-y", "-f", "lavfi", "-i", "sine=duration=3",
                            "-f", "lavfi", "-i", "color=red:size=64x64:duration=1", "-map", "0:a", "-map", "1:v",
                            "-c:a", "libmp3lame", "-c:v", "mjpeg", "-frames:v", "1", "-disposition:v", "attached_pic",
                            "-id3v2_version", "3", song])
        let tmux = try Tmux(environment: SoundEndToEndTests.soundEnvironment(dir))
        try tmux.run("\(try insetBinary()) \(song); echo \"ex\"\"it=$?\"")
        let screen = try tmux.waitFor(timeout: 5, "cover and time") { ($0.shownTime?.position ?? 0) >= 1 && $0.videoRows.count > 10 }
        #expect(screen.text.contains("song.mp3") && screen.text.contains("sound only"))
        let red = screen.rows.flatMap { $0 }.filter { $0.isPicture && (($0.character == "▀" ? $0.foreground : $0.background).map { $0.r > 200 && $0.g < 60 } ?? false) }
        #expect(red.count > 100, "the red cover is drawn")
        try tmux.waitFor(timeout: 6, "the end") { $0.text.contains("exit=0") }
    }

    @Test("with SDL's dummy driver: silent playback on the sound's clock, and one notice")
    func dummyDriver() throws {
        let tmux = try Tmux(environment: ["SDL_AUDIODRIVER": "dummy"])
        try tmux.run("\(try insetBinary()) \(samplePath("clock_16x9_aac.mp4"))")
        try tmux.waitFor(timeout: 5, "notice") { $0.text.contains("playing silently") }
        try tmux.waitFor(timeout: 6, "time moving") { tmux.keysVisible($0) && ($0.shownTime?.position ?? 0) >= 3 }
        try tmux.keys("q")
    }

    @Test("undecodable sound: the video plays on and one notice says why")
    func brokenAudio() throws {
        let dir = try SoundEndToEndTests.scratch()
        let broken = dir.appendingPathComponent("broken_audio.mp4").path
        // The noise filter corrupts every byte of the audio packets; the video is copied intact.
        _ = try runCommand(["ffmpeg", "-v", "error", "-y", "-i", samplePath("clock_16x9_aac.mp4"), "-c", "copy",
                            "-bsf:a", "noise=amount=1", broken])
        let tmux = try Tmux(environment: SoundEndToEndTests.soundEnvironment(dir))
        try tmux.run("\(try insetBinary()) \(broken)")
        try tmux.waitFor(timeout: 5, "notice") { $0.text.contains("audio cannot be decoded") && $0.text.contains("without sound") }
        try tmux.waitFor(timeout: 6, "video and time moving") {
            tmux.keysVisible($0) && $0.videoRows.count > 20 && ($0.shownTime?.position ?? 0) >= 3
        }
        try tmux.keys("q")
    }

    @Test("m mutes, 9 and 0 change the volume, and the bar says so")
    func volumeKeys() throws {
        let dir = try SoundEndToEndTests.scratch()
        let tmux = try Tmux(environment: SoundEndToEndTests.soundEnvironment(dir))
        try tmux.run("\(try insetBinary()) --volume 50 \(samplePath("clock_16x9_aac.mp4"))")
        try tmux.waitFor(timeout: 5, "playing") { $0.shownTime != nil }
        try tmux.keys("0")
        try tmux.waitFor(timeout: 2, "louder") { $0.text.contains("volume 60%") }
        try tmux.keys("9")
        try tmux.keys("9")
        try tmux.waitFor(timeout: 2, "quieter") { $0.text.contains("volume 40%") }
        try tmux.keys("m")
        try tmux.waitFor(timeout: 2, "muted") { $0.text.contains("sound off") }
        try tmux.keys("q")
    }
}
