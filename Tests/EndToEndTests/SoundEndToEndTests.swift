import Foundation
import Testing

/// Sound through SDL's disk driver (it writes what it plays to a file, in real time), so
/// the audio clock drives the picture as it would with a sound card.
@Suite("Sound end to end", .serialized)
struct SoundEndToEndTests {
    static func soundEnvironment(_ dir: URL) -> [String: String] {
        ["SDL_AUDIODRIVER": "disk", "SDL_DISKAUDIOFILE": dir.appendingPathComponent("audio.raw").path]
    }

    static func scratch() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("inset-sound-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    /// (frame time, sound heard when it was shown), in milliseconds, from the player's log.
    static func presented(log: URL) throws -> [(frame: Double, heard: Double)] {
        try String(contentsOf: log, encoding: .utf8).split(separator: "\n").compactMap { line in
            let words = line.split(separator: " ")
            guard let at = words.firstIndex(of: "present"), at + 3 < words.count,
                  let frame = Double(words[at + 1]), let heard = Double(words[at + 3]) else { return nil }
            return (frame / 1000, heard / 1000)
        }
    }

    @Test("A/V offset at every marker (flash with tone) within ±45 ms, through a pause, a skip and a PiP round trip")
    func markersStayInSync() throws {
        let dir = try Self.scratch()
        let log = dir.appendingPathComponent("inset.log")
        let tmux = try Tmux(environment: Self.soundEnvironment(dir))
        try tmux.run("INSET_LOG=\(log.path) \(try insetBinary()) \(samplePath("av_sync_markers.mp4")); echo \"do\"\"ne\"")
        try tmux.waitFor(timeout: 5, "playing") { ($0.shownTime?.position ?? 0) >= 2 }
        try tmux.keys("Space")                       // pause at ~2 s
        Thread.sleep(forTimeInterval: 1)
        try tmux.keys("Space")                       // resume
        try tmux.waitFor(timeout: 5, "past 4 s") { ($0.shownTime?.position ?? 0) >= 4 }
        try tmux.keys("Left")                        // skip back to the start
        try tmux.waitFor(timeout: 5, "past 2 s again") { tmux.keysVisible($0) && ($0.shownTime?.position ?? 0) >= 2 }
        try tmux.keys("p")                           // into the window...
        try tmux.waitFor(timeout: 3, "window") { ($0.pipTime ?? 0) >= 3 }
        try tmux.keys("f")                           // ...and back
        try tmux.waitFor(timeout: 15, "the end") { $0.text.contains("done") }

        let shown = try Self.presented(log: log)
        let markers = [1.0, 3.0, 5.0, 7.0, 9.0, 11.0]
        var checked = 0
        for (frame, heard) in shown where markers.contains(where: { frame >= $0 * 1000 && frame < $0 * 1000 + 80 }) {
            #expect(abs(frame - heard) <= 45, "flash at \(frame) ms shown while \(heard) ms was heard")
            checked += 1
        }
        // Markers 1 and 3 play twice (before and after the skip back); each has two flash frames.
        #expect(checked >= 12, "only \(checked) flash frames were logged")
        let offsets = shown.map { abs($0.frame - $0.heard) }
        print("A/V offsets over \(shown.count) frames: max \(offsets.max() ?? -1) ms, mean \(offsets.reduce(0, +) / Double(max(1, offsets.count))) ms; markers checked: \(checked)")
    }

    /// The same markers, with nothing taken from the player: scripts/av-sync reads the times
    /// frames reached its pty and the samples SDL's disk driver wrote, and pairs each flash
    /// with its tone (see the script).
    /// Through a pipe (`cat CLIP | inset -`) the picture and the sound come from one read
    /// of standard input, and the skip back replays what the demuxer kept of it.
    @Test("A/V offset at every marker measured outside the player (pty and disk driver): within ±45 ms through a pause, a skip and PiP",
          arguments: [false, true])
    func markersInSyncFromOutside(piped: Bool) throws {
        let offsets = try AVSyncScript.check(piped ? ["--pipe"] : [])
        print("A/V from outside: \(offsets?.count ?? 0) markers, offsets \(offsets ?? []) ms")
    }

    /// In pixels the picture reaches the terminal after it is encoded and written, tens of
    /// milliseconds after its frame: the frames go early by that (`PictureLatency`), and the
    /// flash is the picture turning white (scripts/ptypictures.py reads sixel and kitty).
    @Test("A/V offset with the video in pixels, sixel and kitty, measured outside the player: within ±45 ms",
          arguments: ["sixel", "kitty"])
    func markersInSyncInPixels(graphics: String) throws {
        let offsets = try AVSyncScript.check(["--graphics", graphics, "--columns", "120", "--rows", "40"])
        print("A/V in \(graphics) pixels: \(offsets?.count ?? 0) markers, offsets \(offsets ?? []) ms")
    }

    @Test("with no sound device: the video plays on the system clock and one notice says so")
    func noDevice() throws {
        let tmux = try Tmux(environment: ["SDL_AUDIODRIVER": "nosuchdriver"])
        try tmux.run("\(try insetBinary()) \(samplePath("clock_16x9_aac.mp4"))")
        let screen = try tmux.waitFor(timeout: 5, "notice") { $0.text.contains("playing without sound") }
        #expect(screen.text.contains("no sound"))
        try tmux.waitFor(timeout: 6, "time moving") { tmux.keysVisible($0) && ($0.shownTime?.position ?? 0) >= 3 }
        try tmux.keys("q")
    }

    @Test("a file with sound only: its title, the time and the progress line; the keys work; its end quits")
    func soundOnly() throws {
        let dir = try Self.scratch()
        let tone = dir.appendingPathComponent("tone.m4a").path
        _ = try runCommand(["ffmpeg", "-v", "error", "-y", "-f", "lavfi", "-i", "sine=frequency=440:duration=4", "-c:a", "aac", tone])
        let tmux = try Tmux(environment: Self.soundEnvironment(dir))
        try tmux.run("\(try insetBinary()) \(tone); echo \"ex\"\"it=$?\"")
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
        let dir = try Self.scratch()
        let song = dir.appendingPathComponent("song.mp3").path
        _ = try runCommand(["ffmpeg", "-v", "error", "-y", "-f", "lavfi", "-i", "sine=duration=3",
                            "-f", "lavfi", "-i", "color=red:size=64x64:duration=1", "-map", "0:a", "-map", "1:v",
                            "-c:a", "libmp3lame", "-c:v", "mjpeg", "-frames:v", "1", "-disposition:v", "attached_pic",
                            "-id3v2_version", "3", song])
        let tmux = try Tmux(environment: Self.soundEnvironment(dir))
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
        let dir = try Self.scratch()
        let broken = dir.appendingPathComponent("broken_audio.mp4").path
        // The noise filter corrupts every byte of the audio packets; the video is copied intact.
        _ = try runCommand(["ffmpeg", "-v", "error", "-y", "-i", samplePath("clock_16x9_aac.mp4"), "-c", "copy",
                            "-bsf:a", "noise=amount=1", broken])
        let tmux = try Tmux(environment: Self.soundEnvironment(dir))
        try tmux.run("\(try insetBinary()) \(broken)")
        try tmux.waitFor(timeout: 5, "notice") { $0.text.contains("audio cannot be decoded") && $0.text.contains("without sound") }
        try tmux.waitFor(timeout: 6, "video and time moving") {
            tmux.keysVisible($0) && $0.videoRows.count > 20 && ($0.shownTime?.position ?? 0) >= 3
        }
        try tmux.keys("q")
    }

    @Test("m mutes, 9 and 0 change the volume, and the bar says so")
    func volumeKeys() throws {
        let dir = try Self.scratch()
        let tmux = try Tmux(environment: Self.soundEnvironment(dir))
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

extension Tmux {
    /// Whether the control bar is up (any key brings it back).
    func keysVisible(_ screen: Screen) -> Bool {
        if screen.shownTime == nil { try? keys("z") }
        return screen.shownTime != nil
    }
}
