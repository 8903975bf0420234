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

    /// What a launcher's line must bring to the screen before q: the page's picture and
    /// title, the bar's time and the title with no picture (`--no-video`), or a saved file's
    /// picture (no title of the page).
    enum Shows: String {
        case page = "the picture and the page's title"
        case pageSoundOnly = "the bar with the time and the title, no picture"
        case file = "the saved file's picture"

        func isShown(on screen: Screen) -> Bool {
            switch self {
            case .page: screen.videoRows.count > 10 && screen.text.contains(LaunchersEndToEndTests.title)
            case .pageSoundOnly: (screen.shownTime?.position ?? 0) >= 1 && screen.text.contains(LaunchersEndToEndTests.title)
                && screen.videoRows.isEmpty
            case .file: screen.videoRows.count > 10
            }
        }
    }

    /// One launcher's line: what it is (its source), the line as its script runs it, and
    /// what it must show.
    struct Line {
        let what: String
        let command: String
        let shows: Shows
    }

    /// Each line run in turn on a cleared screen: waits for what it shows, quits with q,
    /// and waits for the shell with the line's status 0.
    static func run(_ lines: [Line], in tmux: Tmux) throws {
        for line in lines {
            try tmux.run("clear; \(line.command); echo EXIT=$?")
            try tmux.waitFor(timeout: 25, "\(line.what): \(line.shows.rawValue)") { line.shows.isShown(on: $0) }
            try tmux.keys("q")
            try tmux.waitFor(timeout: 10, "\(line.what): back at the shell") { $0.text.contains("EXIT=0") }
        }
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
        try Self.run([
            // multimedia_player's video_player: mpv --ytdl-format="$ytdl_pref" $url_handler_opts URL
            Line(what: "ytfzf's own mpv line", command: "ytfzf -cU '\(page)'", shows: .page),
            // audio_player: mpv --no-video --ytdl-format="$ytdl_pref" $url_handler_opts URL
            Line(what: "ytfzf -m", command: "ytfzf -m -cU '\(page)'", shows: .pageSoundOnly),
            Line(what: "the README's handler", command: "ytfzf --url-handler=inset-ytfzf -cU '\(page)'", shows: .page),
        ], in: try Self.terminal(mpv))
    }

    @Test("youtube-tui's commands (src/config/commands.rs, commandbindings.rs): play, listen, a channel as audio, a saved file")
    func youtubeTUI() throws {
        let server = try TestWebServer()
        let page = server.url("sites/video.html")
        let mpv = try AsMpvFolder()
        let saved = samplePath("clock_16x9_aac.mp4")
        try Self.run([
            // "parrun ${video-player} '${embed-url}'" with video-player = mpv, in a terminal.
            Line(what: "youtube-tui's play", command: "mpv '\(page)'", shows: .page),
            // "parrun ${terminal-emulator} mpv '${hover-url}' --no-video"
            Line(what: "youtube-tui's listen", command: "mpv '\(page)' --no-video", shows: .pageSoundOnly),
            // "parrun ${terminal-emulator} mpv '${hover-channel-url}/videos' --no-video --loop-playlist=inf --shuffle"
            Line(what: "youtube-tui's channel as audio", command: "mpv '\(page)' --no-video --loop-playlist=inf --shuffle",
                 shows: .pageSoundOnly),
            // "parrun ${video-player} '${offline-path}' --force-window": a saved file.
            Line(what: "youtube-tui's saved file", command: "mpv '\(saved)' --force-window", shows: .file),
        ], in: try Self.terminal(mpv))
    }

    @Test("yt-x's __player_mpv watching a page: mpv \"$url\" $CONFIG_MPV_ARGS")
    func ytx() throws {
        let server = try TestWebServer()
        let mpv = try AsMpvFolder()
        // CONFIG_MPV_ARGS as a user sets it in yt-x.conf; unquoted, as yt-x expands it.
        try Self.run([
            Line(what: "yt-x's watch",
                 command: "CONFIG_MPV_ARGS='--no-config --mute'; mpv '\(server.url("sites/video.html"))' $CONFIG_MPV_ARGS",
                 shows: .page),
        ], in: try Self.terminal(mpv))
    }
}
