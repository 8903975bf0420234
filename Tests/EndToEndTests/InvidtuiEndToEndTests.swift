import Foundation
import Testing
import InsetTestSupport

/// invidtui's player as invidtui starts it (its mediaplayer/mpv.go, `connect`), in a pane
/// of its own with no file, and invidtui's own requests (`scripts/mpv-ipc-client
/// invidtui`): the player stays up idle, plays what `loadfile` in mpv 0.38's form gives it
/// with its `audio-file`, stays on the end, plays again, and exits with `quit`'s code; with
/// `--no-terminal` it writes nothing at all to the pane, and its sound reaches SDL's disk
/// driver.
@Suite("invidtui's mpv session end to end", .serialized, .tags(.waits))
struct InvidtuiEndToEndTests {
    @Test("invidtui's command line and requests: idle, loadfile URL replace -1 \"length=…,audio-file=…\", kept open, quit 3; nothing drawn, the sound heard")
    func invidtuiSession() throws {
        let dir = try SoundEndToEndTests.scratch()
        let socket = MpvEndToEndTests.socketPath()
        let audio = dir.appendingPathComponent("audio.raw").path
        let tmux = try Tmux()
        try tmux.run("clear; SDL_AUDIODRIVER=disk SDL_DISKAUDIOFILE=\(audio) \(try insetBinary()) --no-config --idle --keep-open "
                     + "--no-terminal --really-quiet --no-input-terminal --user-agent=invidtui --input-ipc-server=\(socket) "
                     + "--script-opts=ytdl_hook-ytdl_path=/usr/bin/yt-dlp; echo EXIT=$?")
        try MpvEndToEndTests.waitForSocket(socket)
        let output = try runCommand(["python3", MpvEndToEndTests.client, "invidtui", socket, samplePath("clock_4x3.mp4"),
                                     samplePath("clock_16x9_aac.mp4")])
        #expect(output.hasSuffix("OK\n"), "\(output)")
        let screen = try tmux.waitFor(timeout: 10, "the player gone with quit's code") { $0.text.contains("EXIT=") }
        #expect(screen.text.contains("EXIT=3"), "\(screen.text)")
        // The pane holds the command line and the status, nothing the player drew.
        let lines = screen.text.split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        #expect(lines.allSatisfy { $0.contains("EXIT=") || $0.contains("--idle") || $0.contains("$") || $0.hasPrefix("-") || !$0.contains("▀") },
                "\(screen.text)")
        #expect(!screen.text.contains("▀") && !screen.text.contains("▄") && !screen.text.contains("0:0"), "drawn on: \(screen.text)")
        let heard = (try? FileManager.default.attributesOfItem(atPath: audio)[.size] as? Int) ?? 0
        #expect(heard > 100_000, "the sound reached the device: \(heard) bytes")
    }
}
