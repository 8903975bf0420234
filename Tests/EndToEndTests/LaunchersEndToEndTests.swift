import Foundation
import InsetTestSupport
import Testing

/// The launchers that run `mpv` by name, each with its own command line as its script
/// writes it (docs/mpv.md, "What the launchers pass"), through docs/mpv.md's `mpv` wrapper
/// (`AsMpvFolder`), on a page served here and resolved by the real yt-dlp, offline:
/// Debian's ytfzf itself, youtube-tui's commands and yt-x's `__player_mpv`.
@Suite("the launchers' own command lines end to end", .serialized,
       .enabled(if: installed("yt-dlp"), "yt-dlp is not installed (apt install yt-dlp)"), .tags(.waits))
struct LaunchersEndToEndTests {
    /// samples/sites/video.html: the 16:9 clock with sound, titled "Clock in colour".
    static let title = "Clock in colour"

    /// A terminal with the wrapper first on PATH and ytfzf's folders its own.
    static func terminal(_ mpv: AsMpvFolder) throws -> Tmux {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("launcher-home-\(UUID().uuidString.prefix(6))").path
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        let tmux = try Tmux(environment: ["HOME": home, "XDG_CACHE_HOME": home + "/cache", "XDG_CONFIG_HOME": home + "/config"])
        try mpv.install(in: tmux)
        return tmux
    }

    /// Waits for the page's picture and title, then quits with q and waits for the shell.
    static func seesThePageThenQuits(_ tmux: Tmux, _ what: String) throws {
        let screen = try tmux.waitFor(timeout: 25, "\(what): the picture and the page's title") {
            $0.videoRows.count > 10 && $0.text.contains(title)
        }
        #expect(screen.videoRows.count > 10, "\(what)")
        try tmux.keys("q")
        try tmux.waitFor(timeout: 10, "\(what): back at the shell") { $0.text.contains("EXIT=0") }
    }

    /// Waits for the bar's time with no picture (`--no-video`), then quits.
    static func hearsThePageThenQuits(_ tmux: Tmux, _ what: String) throws {
        let screen = try tmux.waitFor(timeout: 25, "\(what): the bar with the time and the title") {
            ($0.shownTime?.position ?? 0) >= 1 && $0.text.contains(title)
        }
        #expect(screen.videoRows.isEmpty, "\(what): a picture with --no-video")
        try tmux.keys("q")
        try tmux.waitFor(timeout: 10, "\(what): back at the shell") { $0.text.contains("EXIT=0") }
    }

    @Test("Debian's ytfzf -cU PAGE plays the page: its own mpv line, audio only (-m), and the README's url handler",
          .enabled(if: installed("ytfzf"), "ytfzf is not installed (apt install ytfzf)"))
    func ytfzf() throws {
        let server = try TestWebServer()
        let page = server.url("sites/video.html")
        let mpv = try AsMpvFolder()
        let handler = mpv.path + "/inset-ytfzf"
        try MpvEndToEndTests.recipe(after: "**ytfzf.**", in: "docs/mpv.md").write(toFile: handler, atomically: true, encoding: .utf8)
        _ = try runCommand(["chmod", "+x", handler])
        let tmux = try Self.terminal(mpv)
        // multimedia_player's video_player: mpv --ytdl-format="$ytdl_pref" $url_handler_opts URL
        try tmux.run("ytfzf -cU '\(page)'; echo EXIT=$?")
        try Self.seesThePageThenQuits(tmux, "ytfzf's own mpv line")
        // audio_player: mpv --no-video --ytdl-format="$ytdl_pref" $url_handler_opts URL
        try tmux.run("clear; ytfzf -m -cU '\(page)'; echo EXIT=$?")
        try Self.hearsThePageThenQuits(tmux, "ytfzf -m")
        try tmux.run("clear; ytfzf --url-handler=inset-ytfzf -cU '\(page)'; echo EXIT=$?")
        try Self.seesThePageThenQuits(tmux, "the README's handler")
    }

    @Test("youtube-tui's commands (src/config/commands.rs, commandbindings.rs): play, listen, a channel as audio, a saved file")
    func youtubeTUI() throws {
        let server = try TestWebServer()
        let page = server.url("sites/video.html")
        let mpv = try AsMpvFolder()
        let tmux = try Self.terminal(mpv)
        // "parrun ${video-player} '${embed-url}'" with video-player = mpv, in a terminal.
        try tmux.run("mpv '\(page)'; echo EXIT=$?")
        try Self.seesThePageThenQuits(tmux, "youtube-tui's play")
        // "parrun ${terminal-emulator} mpv '${hover-url}' --no-video"
        try tmux.run("clear; mpv '\(page)' --no-video; echo EXIT=$?")
        try Self.hearsThePageThenQuits(tmux, "youtube-tui's listen")
        // "parrun ${terminal-emulator} mpv '${hover-channel-url}/videos' --no-video --loop-playlist=inf --shuffle"
        try tmux.run("clear; mpv '\(page)' --no-video --loop-playlist=inf --shuffle; echo EXIT=$?")
        try Self.hearsThePageThenQuits(tmux, "youtube-tui's channel as audio")
        // "parrun ${video-player} '${offline-path}' --force-window": a saved file.
        try tmux.run("clear; mpv '\(samplePath("clock_16x9_aac.mp4"))' --force-window; echo EXIT=$?")
        let saved = try tmux.waitFor(timeout: 15, "youtube-tui's saved file") { $0.videoRows.count > 10 }
        #expect(saved.videoRows.count > 10)
        try tmux.keys("q")
        try tmux.waitFor(timeout: 10, "back at the shell") { $0.text.contains("EXIT=0") }
    }

    @Test("yt-x's __player_mpv watching a page: mpv \"$url\" $CONFIG_MPV_ARGS")
    func ytx() throws {
        let server = try TestWebServer()
        let mpv = try AsMpvFolder()
        let tmux = try Self.terminal(mpv)
        // CONFIG_MPV_ARGS as a user sets it in yt-x.conf; unquoted, as yt-x expands it.
        try tmux.run("CONFIG_MPV_ARGS='--no-config --mute'; mpv '\(server.url("sites/video.html"))' $CONFIG_MPV_ARGS; echo EXIT=$?")
        try Self.seesThePageThenQuits(tmux, "yt-x's watch")
    }
}
