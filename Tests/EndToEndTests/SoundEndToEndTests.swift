import Foundation
import Testing
import InsetTestSupport

/// Sound through SDL's disk driver (it writes what it plays to a file, in real time), so
/// the audio clock drives the picture as it would with a sound card. In the timed group:
/// beside the other groups the piped play came 74 ms off in one fresh full run and lost
/// its last marker in the next (the skip back through a pipe reads and decodes again), and
/// held alone; so the CPU it gets decides, as for `SoundLoadEndToEndTests`.
@Suite("Sound end to end", .serialized, .tags(.timed))
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

    /// The markers with nothing taken from the player: scripts/av-sync reads the times
    /// frames reached its pty and the samples SDL's disk driver wrote, and pairs each flash
    /// with its tone (see the script); the same play's log then gives the player's own
    /// account, each flash frame against the sound heard when it was shown (one play serves
    /// both: they were two plays of the same keys).
    /// Through a pipe (`cat CLIP | inset -`) the picture and the sound come from one read
    /// of standard input, and the skip back replays what the demuxer kept of it.
    @Test("A/V offset at every marker, measured outside the player (pty and disk driver) and in its log: within ±45 ms through a pause, a skip and PiP",
          arguments: [false, true])
    func markersInSync(piped: Bool) throws {
        let log = try Self.scratch().appendingPathComponent("inset.log")
        let offsets = try AVSyncScript.check((piped ? ["--pipe"] : []) + ["--log", log.path])
        print("A/V from outside: \(offsets?.count ?? 0) markers, offsets \(offsets ?? []) ms")
        let shown = try Self.presented(log: log)
        let markers = [1.0, 3.0, 5.0]
        var checked = 0
        for (frame, heard) in shown where markers.contains(where: { frame >= $0 * 1000 && frame < $0 * 1000 + 80 }) {
            #expect(abs(frame - heard) <= 45, "flash at \(frame) ms shown while \(heard) ms was heard")
            checked += 1
        }
        // Markers 1 and 3 play twice (before and after the skip back), then 5 before q; each
        // has two flash frames.
        #expect(checked >= 10, "only \(checked) flash frames were logged")
        let frameOffsets = shown.map { abs($0.frame - $0.heard) }
        print("A/V in the log over \(shown.count) frames: max \(frameOffsets.max() ?? -1) ms; markers checked: \(checked)")
    }
}

extension Tmux {
    /// Whether the control bar is up (any key brings it back).
    func keysVisible(_ screen: Screen) -> Bool {
        if screen.shownTime == nil { try? keys("z") }
        return screen.shownTime != nil
    }
}
