import Foundation
import Testing
import InsetTestSupport

/// Sound tracks and sound from standard input, heard through SDL's disk driver: a
/// Matroska file made here has two tones as two tracks, 440 Hz (eng, "Main") and 1000 Hz
/// (fra, "Commentaire"); what the driver wrote says which one played when.
@Suite("Audio tracks end to end", .serialized, .tags(.waits))
struct AudioTrackEndToEndTests {
    static let file: String = {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("inset-e2e-tracks-\(getpid()).mkv").path
        _ = try? runCommand(["ffmpeg", "-v", "error", "-nostdin", "-y",
                             "-f", "lavfi", "-i", "testsrc=size=320x180:rate=25:duration=12",
                             "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000:duration=12",
                             "-f", "lavfi", "-i", "sine=frequency=1000:sample_rate=48000:duration=12",
                             "-map", "0", "-map", "1", "-map", "2", "-c:v", "libx264", "-g", "25", "-c:a", "flac",
                             "-metadata:s:a:0", "language=eng", "-metadata:s:a:0", "title=Main",
                             "-metadata:s:a:1", "language=fra", "-metadata:s:a:1", "title=Commentaire", path])
        return path
    }()

    /// What the disk driver wrote (32-bit float; one channel, as the tracks have), split into 100 ms windows
    /// of the first channel, each with the tone's frequency from its rising zero
    /// crossings; silent windows are left out.
    static func tones(_ capture: URL, rate: Int = 48_000, channels: Int = 1) throws -> [Double] {
        let data = try Data(contentsOf: capture)
        let samples = data.withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
        let window = rate / 10
        var tones: [Double] = []
        var start = 0
        while (start + window) * channels <= samples.count {
            var crossings = 0, loud = false
            for frame in start + 1..<start + window {
                let (previous, value) = (samples[(frame - 1) * channels], samples[frame * channels])
                if abs(value) > 0.05 { loud = true }
                if previous < 0 && value >= 0 { crossings += 1 }
            }
            if loud { tones.append(Double(crossings) * 10) }
            start += window
        }
        return tones
    }

    /// q, and the player gone: what the driver wrote is all there.
    static func quit(_ tmux: Tmux) throws {
        try tmux.keys("q")
        #expect(Tmux.eventually(timeout: 3) { (try? tmux.childPID()) == nil }, "the player is still running after q")
    }

    static func environment(_ dir: URL) -> [String: String] {
        ["SDL_AUDIODRIVER": "disk", "SDL_DISKAUDIOFILE": dir.appendingPathComponent("audio.raw").path,
         "SDL_AUDIO_FREQUENCY": "48000"]
    }

    static func scratch() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("inset-tracks-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    @Test("inset probe lists the sound tracks with their language and title")
    func probeLists() throws {
        let text = try runCommand([try insetBinary(), "probe", Self.file])
        #expect(text.contains("audio tracks  2"))
        #expect(text.contains("#1 eng, Main: flac, mono, 48000 Hz (played)"), "\(text)")
        #expect(text.contains("#2 fra, Commentaire: flac, mono, 48000 Hz"))
    }

    @Test("a switches to the next track: the bar names it, the other tone is heard, the time goes on")
    func cycles() throws {
        let dir = try Self.scratch()
        let tmux = try Tmux(environment: Self.environment(dir))
        try tmux.run("\(try insetBinary()) \(Self.file)")
        try tmux.waitFor(timeout: 5, "playing") { ($0.shownTime?.position ?? 0) >= 2 }
        try tmux.keys("a")
        try tmux.waitFor(timeout: 2, "the track named") { $0.text.contains("audio 2/2: fra, Commentaire") }
        try tmux.waitFor(timeout: 5, "time moving on") { tmux.keysVisible($0) && ($0.shownTime?.position ?? 0) >= 5 }
        try Self.quit(tmux)
        let tones = try Self.tones(dir.appendingPathComponent("audio.raw"))
        // 440 Hz first, then 1000 Hz to the end, never back. (A window holding the device's
        // start, the change or a late period on a loaded machine is partly silent: it counts
        // fewer crossings, and nine in ten windows on each side are enough.)
        let first = try #require(tones.firstIndex { abs($0 - 1000) < 30 }, "never 1000 Hz: \(tones)")
        #expect(first >= 15, "the other track from the start: \(tones)")
        let before = tones[..<first], after = tones[first...]
        #expect(before.filter { abs($0 - 440) < 30 }.count * 10 >= before.count * 9, "\(tones)")
        #expect(after.filter { abs($0 - 1000) < 30 }.count * 10 >= after.count * 9, "\(tones)")
        #expect(!after.contains { abs($0 - 440) < 30 }, "back to the first track: \(tones)")
    }

    @Test("--audio-file: heard first, listed after the file's own tracks; a goes through them and back to it")
    func externalTrackCycles() throws {
        let dir = try Self.scratch()
        let tone = dir.appendingPathComponent("tone2k.flac").path
        _ = try runCommand(["ffmpeg", "-v", "error", "-nostdin", "-y", "-f", "lavfi", "-i",
                            "sine=frequency=2000:sample_rate=48000:duration=12", "-c:a", "flac", tone])
        let tmux = try Tmux(environment: Self.environment(dir))
        try tmux.run("\(try insetBinary()) --audio-file \(tone) \(Self.file)")
        try tmux.waitFor(timeout: 5, "playing") { ($0.shownTime?.position ?? 0) >= 1 }
        for (label, at) in [("audio 1/3: eng, Main", 3), ("audio 2/3: fra, Commentaire", 5), ("audio 3/3: external, tone2k", 7)] {
            try tmux.waitFor(timeout: 5, "\(at) s") { ($0.shownTime?.position ?? 0) >= at - 1 }
            try tmux.keys("a")
            try tmux.waitFor(timeout: 2, label) { $0.text.contains(label) }
        }
        try tmux.waitFor(timeout: 5, "time moving on") { tmux.keysVisible($0) && ($0.shownTime?.position ?? 0) >= 8 }
        try Self.quit(tmux)
        // 2000 Hz, then 440, 1000 and 2000 again, each for a stretch, in that order.
        let tones = try Self.tones(dir.appendingPathComponent("audio.raw"))
        // A window across a change of track mixes two tones and can read as a third (1990 and
        // 440 Hz counted as 980 in one run): a tone counts once two windows in a row hear it.
        var runs: [Double] = []
        for (previous, tone) in zip(tones, tones.dropFirst()) where abs(previous - tone) < 40 {
            guard let heard = [440.0, 1000, 2000].first(where: { abs($0 - tone) < 40 }) else { continue }
            if runs.last != heard { runs.append(heard) }
        }
        #expect(runs == [2000, 440, 1000, 2000], "\(tones)")
    }

    @Test("--audio-lang fr starts with the French track")
    func languageChosen() throws {
        let dir = try Self.scratch()
        let tmux = try Tmux(environment: Self.environment(dir))
        try tmux.run("\(try insetBinary()) --audio-lang fr \(Self.file)")
        try tmux.waitFor(timeout: 5, "playing") { ($0.shownTime?.position ?? 0) >= 2 }
        try Self.quit(tmux)
        let tones = try Self.tones(dir.appendingPathComponent("audio.raw"))
        #expect(tones.count >= 10 && tones.dropFirst().allSatisfy { abs($0 - 1000) < 30 }, "\(tones)")
    }

    @Test("a file piped to standard input plays with its sound")
    func pipedSound() throws {
        let dir = try Self.scratch()
        let tmux = try Tmux(environment: Self.environment(dir))
        try tmux.run("cat \(Self.file) | \(try insetBinary()) -")
        // (Live input: the bar shows how far back it can go rather than a position.)
        try tmux.waitFor(timeout: 5, "playing") { $0.videoRows.count > 20 }
        // Played until the driver has written the tone windows checked below.
        let capture = dir.appendingPathComponent("audio.raw")
        #expect(Tmux.eventually(timeout: 6) { ((try? Self.tones(capture)) ?? []).count >= 21 })
        try Self.quit(tmux)
        let tones = try Self.tones(capture)
        #expect(tones.count >= 20 && tones.dropFirst().allSatisfy { abs($0 - 440) < 30 }, "\(tones)")
    }
}
