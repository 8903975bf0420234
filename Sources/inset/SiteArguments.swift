import ArgumentParser
import InsetApp
import InsetConfig
import InsetPlayback
import InsetSites

/// `--ytdl` and its kin, as mpv names them: how page URLs of video sites are resolved
/// through yt-dlp (docs/streams.md).
struct SiteArguments: ParsableArguments {
    @Option(name: .customLong("ytdl"), help: ArgumentHelp("yes or no: resolve page URLs of video sites through yt-dlp (default yes). "
                                                           + "ytdl://URL and ytdl://ytsearchN:words always are.", valueName: "yes|no"))
    var ytdl: String?

    @Option(name: .customLong("ytdl-path"), help: ArgumentHelp("The yt-dlp program to run (default: yt-dlp on PATH).", valueName: "path"))
    var ytdlPath: String?

    @Option(name: .customLong("ytdl-format"), help: ArgumentHelp("yt-dlp's format syntax (bv*[height<=480]+ba/b), instead of the "
                                                                  + "picture the terminal can show and the best sound.", valueName: "format"))
    var ytdlFormat: String?

    @Option(name: .customLong("ytdl-raw-options"), help: ArgumentHelp("More yt-dlp options, as mpv takes them: key=value pairs joined by "
                                                                       + "commas (cookies=FILE,no-check-certificates).", valueName: "options"))
    var ytdlRawOptions: String?

    @Flag(name: .customLong("ytdl-playlist"), help: "A video URL that is also in a list plays the list, not the video alone.")
    var ytdlPlaylist = false

    func validate() throws {
        if let ytdl, !["yes", "no"].contains(ytdl.lowercased()) { throw invalidValue("--ytdl", ytdl, "expected yes or no") }
        if let ytdlRawOptions {
            do { _ = try YtdlpRawOptions.parse(ytdlRawOptions) } catch { throw invalidValue("--ytdl-raw-options", ytdlRawOptions, error.reason) }
        }
    }

    /// The options given, over the config file's, over the defaults.
    func options(config: Config, subtitleLanguage: String?) -> SiteOptions {
        var options = SiteOptions()
        options.enabled = ytdl.map { $0.lowercased() == "yes" } ?? config.ytdl ?? true
        options.sites = config.ytdlSites ?? options.sites
        options.ytdlp.executable = ytdlPath ?? config.ytdlPath ?? "yt-dlp"
        options.ytdlp.format = ytdlFormat ?? config.ytdlFormat
        options.ytdlp.rawOptions = ytdlRawOptions ?? config.ytdlRawOptions
        // Only the command line's may run a program or write files (`YtdlpRawOptions.denied`).
        options.ytdlp.rawOptionsFromCommandLine = ytdlRawOptions != nil
        options.ytdlp.wantsPlaylist = ytdlPlaylist || config.ytdlPlaylist == true
        options.ytdlp.subtitleLanguages = subtitleLanguage
        return options
    }
}
