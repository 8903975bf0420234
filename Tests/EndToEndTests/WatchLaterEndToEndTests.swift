import Foundation
import InsetTestSupport
import InsetCore
import Testing

/// mpv's watch_later files end to end (docs/mpv.md, "watch_later"): the real mpv 0.35 and
/// Inset each reading what the other wrote, and lobster's line with its own read-back.
@Suite("mpv's watch_later files end to end", .serialized, .tags(.waits))
struct WatchLaterEndToEndTests {
    static let clip = samplePath("long_gop.mp4")  // 30 s

    static func folder() throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("watch-later-\(UUID().uuidString.prefix(6))")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url.path
    }

    /// The whole seconds of mpv's terminal status line (`AV: 00:00:09 / 00:00:30`).
    static func mpvSeconds(_ screen: Screen) -> Int? {
        guard let match = screen.text.firstMatch(of: /A?V: (\d\d):(\d\d):(\d\d) \//) else { return nil }
        return Int(match.1)! * 3600 + Int(match.2)! * 60 + Int(match.3)!
    }

    @Test("mpv's file is read by Inset, and Inset's by mpv: the position, '# PATH', the file removed once read",
          .enabled(if: installed("mpv"), "mpv is not installed (apt install mpv)"))
    func mpvAndInsetReadEachOther() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = folder + "/" + WatchLaterEntry.fileName(for: Self.clip, currentDirectory: "/")
        let tmux = try Tmux()
        // mpv writes: quit at about 7 s.
        try tmux.run("mpv --no-config --vo=null --ao=null --save-position-on-quit --watch-later-directory=\(folder) --start=7 \(Self.clip); echo EXIT=$?")
        try tmux.waitFor(timeout: 10, "mpv playing") { Self.mpvSeconds($0) != nil }
        try tmux.keys("q")
        try tmux.waitFor(timeout: 10, "mpv gone") { $0.text.contains("EXIT=0") }
        let written = try String(contentsOfFile: file, encoding: .utf8)
        let mpvStart = try #require(WatchLaterEntry.parse(written)?.start, "\(written)")
        #expect(mpvStart.seconds >= 7 && mpvStart.seconds < 10, "\(written)")
        // Inset reads it, removes it, and writes its own at quit.
        try tmux.run("clear; \(try insetBinary()) --no-config --watch-later-directory=\(folder) --save-position-on-quit "
                     + "--write-filename-in-watch-later-config \(Self.clip); echo EXIT=$?")
        try tmux.waitFor(timeout: 10, "Inset resumed where mpv left") { $0.text.contains("resumed at 0:0\(Int(mpvStart.seconds))") }
        #expect(!FileManager.default.fileExists(atPath: file), "the file stays after Inset read it")
        try tmux.waitFor(timeout: 15, "Inset past 0:11") { tmux.keysVisible($0) && ($0.shownTime?.position ?? 0) >= 11 }
        try tmux.keys("q")
        try tmux.waitFor(timeout: 10, "Inset gone") { $0.text.contains("EXIT=0") }
        let ours = try String(contentsOfFile: file, encoding: .utf8)
        #expect(ours.hasPrefix("# \(Self.clip)\nstart="), "\(ours)")
        let insetStart = try #require(WatchLaterEntry.parse(ours)?.start, "\(ours)")
        #expect(insetStart.seconds >= 10, "\(ours)")
        // mpv reads Inset's.
        try tmux.run("clear; mpv --no-config --vo=null --ao=null --watch-later-directory=\(folder) \(Self.clip); echo EXIT=$?")
        let resumed = try tmux.waitFor(timeout: 10, "mpv playing") { Self.mpvSeconds($0) != nil }
        try tmux.keys("q")
        #expect(resumed.text.contains("Resuming playback"), "\(resumed.text)")
        #expect(try #require(Self.mpvSeconds(resumed)) >= Int(insetStart.seconds), "\(resumed.text)")
        try tmux.waitFor(timeout: 10, "mpv gone") { $0.text.contains("EXIT=0") }
        #expect(!FileManager.default.fileExists(atPath: file), "mpv removes what it read")
        print("watch_later: mpv wrote start=\(mpvStart.seconds), Inset wrote start=\(insetStart.seconds), mpv resumed at \(Self.mpvSeconds(resumed) ?? -1) s")
    }

    @Test("lobster's line plays a stream with its title and subtitle; after q, lobster's own pipeline reads the position back")
    func lobster() throws {
        let server = try TestWebServer()
        let folder = try Self.folder()  // lobster makes "$tmp_dir/watchlater" itself
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let mpv = try AsMpvFolder()
        let tmux = try Tmux()
        try mpv.install(in: tmux)
        let link = server.url("long_gop.mp4")
        // lobster.sh's play_video, as it builds player_cmd (subs_arg is --sub-file for one subtitle) and evals it.
        try tmux.run("player_cmd=\"mpv --sub-file='\(samplePath("sidecar.en.srt"))' --force-media-title='Clockwork - Season 1 - Pilot' "
                     + "'\(link)' --watch-later-directory='\(folder)' --write-filename-in-watch-later-config --save-position-on-quit --quiet\"; "
                     + "eval \"$player_cmd\"; echo EXIT=$?")
        let playing = try tmux.waitFor(timeout: 15, "the picture and the title") {
            $0.videoRows.count > 10 && $0.text.contains("Clockwork - Season 1")
        }
        #expect(playing.videoRows.count > 10)
        try tmux.waitFor(timeout: 15, "past 0:04") { tmux.keysVisible($0) && ($0.shownTime?.position ?? 0) >= 4 }
        try tmux.keys("q")
        try tmux.waitFor(timeout: 10, "the player gone") { $0.text.contains("EXIT=0") }
        // lobster.sh's save_progress, word for word.
        let pipeline = "cat \"$watchlater_dir/\"* 2>/dev/null | grep -A1 \"$video_link\" | sed -nE \"s@start=([0-9.]*)@\\1@p\" | cut -d'.' -f1"
        let position = try runCommand(["sh", "-c", "watchlater_dir=\"$1\"; video_link=\"$2\"; " + pipeline, "lobster", folder, link])
        let seconds = try #require(Int(position.trimmingCharacters(in: .whitespacesAndNewlines)), "lobster read '\(position)'")
        #expect(seconds >= 4 && seconds < 30, "lobster read \(seconds)")
        print("lobster's pipeline read \(seconds) s back from \(folder)")
    }
}
