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
}

extension Tmux {
    /// Whether the control bar is up (any key brings it back).
    func keysVisible(_ screen: Screen) -> Bool {
        if screen.shownTime == nil { try? keys("z") }
        return screen.shownTime != nil
    }
}
