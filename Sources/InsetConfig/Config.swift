import InsetCore

/// What the config file sets: defaults for the command line's options and changes to the
/// key bindings. A value left nil keeps the built-in default; a command-line option given
/// wins over the file's value.
public struct Config: Sendable {
    public var blitter: Blitter?
    public var graphics: GraphicsMode?
    public var colors: ColorMode?
    /// 0–100.
    public var volume: Int?
    public var muted: Bool?
    /// 0–100: how loud the video not heard plays beside the one heard (`--window-volume`).
    public var windowVolume: Int?
    /// `--audio-delay`: the sound later (positive) than the picture.
    public var audioDelay: MediaTime?
    /// `--audio-device`: a device's name; nil for the system's default.
    public var audioDevice: String?
    /// The speed each video starts at, as `--speed`.
    public var speed: PlaybackSpeed?
    /// What `seek ±15` skips instead, in the default bindings.
    public var skipStep: MediaTime?
    /// The shell pane's prefix chord.
    public var prefix: KeyPress?
    /// The window's size on opening, in `window-size` steps from the default (a quarter of
    /// the screen wide).
    public var windowSize: Int?
    /// The corner the window opens in.
    public var windowCorner: PiPLayout.Corner?
    public var subtitleLanguage: String?
    public var audioLanguage: String?
    /// `gapless-audio = "yes"|"weak"|"no"`, as `--gapless-audio`.
    public var gaplessAudio: GaplessAudio?
    /// `link-rate = "auto"|"off"|N`, as `--link-rate`.
    public var linkRate: LinkRate?
    /// `resume = false`: every file starts at 0, as with `--no-resume`.
    public var resumes: Bool?
    /// `advance = false`: a file's end does not play the next, as with `--no-advance`.
    public var advances: Bool?
    /// `shuffle = true`, as `--shuffle`.
    public var shuffles: Bool?
    /// `loop-playlist = true`, as `--loop-playlist`.
    public var loopsPlaylist: Bool?
    /// Where screenshots go, as `--screenshot-dir`; `~/` is the home folder.
    public var screenshotDirectory: String?
    /// `ytdl = false`, as `--ytdl=no`: page URLs are not resolved through yt-dlp.
    public var ytdl: Bool?
    /// `ytdl-path`, `ytdl-format`, `ytdl-raw-options`, `ytdl-playlist`: as the options.
    public var ytdlPath: String?
    public var ytdlFormat: String?
    public var ytdlRawOptions: String?
    public var ytdlPlaylist: Bool?
    /// `ytdl-sites = ["youtube.com", …]`: the sites whose pages go to yt-dlp first.
    public var ytdlSites: [String]?
    /// `visualizer = "showcqt"` (or `"none"`), as `--visualizer`: nil when the file does not
    /// say, `.some(nil)` for none.
    public var visualizer: Visualizer??
    /// `[keys.*]` lines: each rebinds (or, bound to "none", unbinds) a key in a context.
    public var bindings: [(trigger: KeyBindings.Trigger, command: Command?, context: KeyBindings.Context)] = []
    /// The lines that were not understood, each said once; the rest of the file applies.
    public var problems: [ConfigProblem] = []
    /// The settings table's values kept by value (`Setting.Use.value`), from mpv's keys.
    public var settings = SettingValues()
    /// mpv's options the file names that Inset ignores, each for one log line (`hwdec = "auto"`).
    public var ignoredMpvOptions: [String] = []

    public init() {}

    /// The default bindings with the file's skip step and rebindings applied.
    public func keyBindings(from base: KeyBindings = .defaults) -> KeyBindings {
        var result = skipStep.map { base.withSkipStep($0) } ?? base
        for binding in bindings { result.bind(binding.trigger, to: binding.command, in: binding.context) }
        return result
    }
}

/// One line of the config file that could not be used: the file, the line and what would
/// be valid, as one line for the player's bar and standard error.
public struct ConfigProblem: Sendable, Hashable, CustomStringConvertible {
    public var path: String
    /// 1-based; 0 when the problem is the file itself (unreadable).
    public var line: Int
    public var message: String

    public init(path: String, line: Int, message: String) {
        self.path = path; self.line = line; self.message = message
    }

    public var description: String {
        line > 0 ? "\(path):\(line): \(message)" : "\(path): \(message)"
    }
}

extension PiPLayout.Corner {
    /// The names the `window-move` command gives the corners, which the config file uses too.
    public init?(name: String) {
        guard let corner = Command.WindowMove(rawValue: name.lowercased())?.corner else { return nil }
        self = corner
    }
}
