import InsetCore
import InsetMedia
import InsetPlayback
import InsetSites

/// What the command line asked for.
public struct AppOptions: Sendable {
    /// Files, playlists or directories. Files play full screen, one after the other, the
    /// library listing them; no path or only directories open the library.
    public var paths: [String]
    public var colorMode: ColorMode?
    public var showStats: Bool
    public var loop: Bool
    /// `--start`: where each file starts, mpv's way (`90`, `-10` from the end, `25%`, `#2`);
    /// resolved against each file when it opens (`Director.finishOpening`).
    public var start: RelativeTime?
    /// The settings table's values kept for the code that uses them (`Setting.Use.value`).
    public var settings = SettingValues()
    public var threads: Int?
    public var linear: LinearRanges
    public var pipAllowed: Bool
    public var automaticPiP: Bool
    public var startsInPiP: Bool
    /// `--pip-saver`: a PiP window decodes fewer frames (`DecodeWorkRule`).
    public var pipSaver: Bool
    /// `--mute`: the sound plays silently (its clock still times the picture).
    public var muted: Bool
    /// `--volume N`, 0–100.
    public var volume: Int
    /// `--shell`: start in the shell pane, the video (if a file is given) in the window.
    public var startsInShell: Bool
    /// The shell pane's program: nil for `$SHELL` (or /bin/sh).
    public var shellCommand: [String]?
    /// The chord after which one key goes to Inset rather than the shell (`--prefix`).
    public var prefix: KeyPress
    /// `--blitter`: how cells hold the picture's pixels; nil chooses for the terminal.
    public var blitter: Blitter?
    /// `--graphics`: real pixels (kitty, sixel) or cells; nil (auto) asks the terminal.
    public var graphics: GraphicsMode?
    /// `--link-rate`: how fast the terminal takes bytes, for fitting the quality to it.
    public var linkRate: LinkRate = .auto
    /// `--sub FILE`: a subtitle file for the one file given, shown first.
    public var subtitleFile: String? = nil
    /// `--audio-file`: a sound track from another file or URL, played with the video's
    /// picture on one clock (listed after the file's own tracks; `a` cycles them).
    public var audioFile: String? = nil
    /// Page URLs through yt-dlp (`--ytdl`, `--ytdl-path`, `--ytdl-format`…).
    public var sites = SiteOptions()
    /// What may be opened and with which headers: the inputs named on the command line and
    /// the user's own headers (`InputAllowance`), handed to everything that opens an input.
    public var allowance = InputAllowance.webOnly
    /// `--sub-lang LANG`: the first subtitle track in this ISO 639 language shows.
    public var subtitleLanguage: String? = nil
    /// `--sub-charset CHARSET`: the character set of the subtitle files read (an iconv
    /// name); nil: UTF-8, or a guess from their bytes.
    public var subtitleCharset: String? = nil
    /// `--audio-lang LANG`: the first sound track in this ISO 639 language plays.
    public var audioLanguage: String? = nil
    /// `--gapless-audio`: whether the next file of a list is heard right after a sound-only
    /// one, on the same device (`Director+Gapless`).
    public var gaplessAudio: GaplessAudio = .weak
    /// Whether the videos' sound goes to a device; without one they play silently on the
    /// system clock (the director's tests: time is theirs to give, not a device's to keep).
    public var soundDevice = true
    /// `--audio-device NAME`: the sound device to open; nil for the system's default.
    public var audioDevice: String? = nil
    /// `--audio-delay S`: each file's sound later (positive) than its picture, until the
    /// file's own remembered delay or a command changes it.
    public var audioDelay: MediaTime = .zero
    /// `--window-volume N`, 0–100: with two videos, how loud the one not heard plays (on
    /// the volume's curve, times its own volume).
    public var windowVolume: Int = AppOptions.defaultWindowVolume
    /// Low enough not to talk over the video heard, loud enough to hear that the other plays.
    public static let defaultWindowVolume = 30
    /// Which command each key runs: the defaults, changed by the config file.
    public var keyBindings: KeyBindings = .defaults
    /// Said on the player's bar at start (a config file's bad lines).
    public var notices: [String] = []
    /// Where the window opens (`window-corner` in the config file).
    public var windowCorner: PiPLayout.Corner = .bottomRight
    /// The window's size on opening, in `window-size` steps from the default.
    public var windowSizeSteps: Int = 0
    /// Where each file's position is kept when its video stops (`ResumeStore.standard()`
    /// for `inset`); nil keeps none, as the tests' directors do.
    public var resumeStore: ResumeStore? = nil
    /// Whether a file starts where it was left (`--no-resume` turns it off; `--start` wins).
    public var resumes: Bool = true
    /// mpv's watch_later folder, read when a file starts and written at quit when asked
    /// (`WatchLaterStore`); nil reads and writes none, as the tests' directors do.
    public var watchLater: WatchLaterStore? = nil
    /// `--speed`: how fast each video starts playing (`[`, `]` and Backspace change it).
    public var speed: PlaybackSpeed = .normal
    /// `--screenshot-dir`: where screenshots go; nil for the current directory.
    public var screenshotDirectory: String? = nil
    /// Where the control socket is served (`inset ctl` finds it); nil serves none.
    public var controlSocketPath: String? = nil
    /// At the end of a file the next of the list plays (`--no-advance` turns it off).
    public var advances: Bool = true
    /// `--loop-playlist`: after the last file, the first again.
    public var loopsPlaylist: Bool = false
    /// `--shuffle`: the files play in an order made from this seed (each once).
    public var shuffleSeed: UInt64? = nil
    /// `--title` (mpv's `--force-media-title`): the name every video is shown by, in place
    /// of its file's or page's.
    public var mediaTitle: String? = nil
    /// `--loop-file=N`: with `loop`, each file plays again N times, not for ever.
    public var loopCount: Int? = nil
    /// `--end`: each file ends here, as at its end (the next plays, or the player quits);
    /// mpv's forms as `--start`'s: `-T` back from the end, `N%` of the file, `#C` a chapter.
    public var end: RelativeTime? = nil
    /// `--visualizer NAME|none`: what draws a file of sound alone with no cover (one of
    /// FFmpeg's filters); nil draws nothing. The `visualizer` command changes it for the
    /// file playing and those opened after.
    public var visualizer: Visualizer? = .standard
    /// `--no-video`: the sound alone, with the bar (its time and progress), no picture.
    public var noVideo: Bool = false
    /// `--embed`: draw in this rectangle of the terminal only, the video alone (no bar,
    /// no messages), over whatever the screen shows, and erase it on the way out.
    public var embed: EmbedGeometry? = nil
    /// `--embed-keys`: an embedded player reads the keyboard (else nothing is read).
    public var embedKeys: Bool = false
    /// The program that erases an embedded player's rectangle if the player is killed
    /// outright (`inset embed-guard`, this executable); nil starts none.
    public var embedGuardExecutable: String? = nil
    /// mpv's `--length`: each file ends this long after where it starts (`--start`
    /// resolved), an excerpt a preview loops; nil plays to `end` or the file's end.
    public var excerptLength: MediaTime? = nil
    /// mpv's `--pause`: every file starts paused, on its first frame.
    public var startsPaused: Bool = false
    /// mpv's `--vo-kitty-use-shm`: kitty pictures through shared memory (yes) or in the
    /// escapes (no); nil decides by the terminal (shared memory in a local kitty).
    public var kittySharedMemory: Bool? = nil
    /// mpv's `--chapters-file`: these chapters in place of each file's own; nil keeps them.
    public var chapters: [Chapter]? = nil
    /// mpv's `--sub-files` after the first (which is `subtitleFile`): more subtitle files
    /// for the one file given, listed after it.
    public var moreSubtitleFiles: [String] = []
    /// mpv's `--script-opts`, in order, for the Lua scripts (`mp.options.read_options`).
    public var scriptOptions: [MpvMappedOptions.Pair] = []
    /// mpv's `--script` files (and `--scripts` lists, `A:B`), run by `ScriptDesk`.
    public var scripts: [String] = []
    /// The config folder's `scripts/` and `script-opts/` are read (not with
    /// `--load-scripts=no` or `--no-config`).
    public var loadsConfigFolderScripts = true
    /// mpv's `--idle`, `--keep-open`, `--no-terminal`, `--no-input-terminal` (`MpvSession`).
    public var mpvSession = MpvSession()

    /// The playlist's rules from the three options above.
    var playlistRules: PlaylistCursor.Rules {
        .init(advances: advances, loops: loopsPlaylist, shuffleSeed: shuffleSeed)
    }

    public init(paths: [String], colorMode: ColorMode? = nil, showStats: Bool = false, loop: Bool = false,
                start: RelativeTime? = nil, threads: Int? = nil, linear: LinearRanges = .none,
                pipAllowed: Bool = true, automaticPiP: Bool = true, startsInPiP: Bool = false,
                pipSaver: Bool = false, muted: Bool = false, volume: Int = 100, startsInShell: Bool = false,
                shellCommand: [String]? = nil, prefix: KeyPress = KeyPress(.character("]"), .control),
                blitter: Blitter? = nil, graphics: GraphicsMode? = nil) {
        self.blitter = blitter
        self.graphics = graphics
        self.paths = paths; self.colorMode = colorMode; self.showStats = showStats; self.loop = loop
        self.start = start; self.threads = threads; self.linear = linear
        self.pipAllowed = pipAllowed; self.automaticPiP = automaticPiP; self.startsInPiP = startsInPiP
        self.pipSaver = pipSaver
        self.muted = muted; self.volume = min(100, max(0, volume))
        self.startsInShell = startsInShell; self.shellCommand = shellCommand; self.prefix = prefix
    }

    /// The state machine's configuration for a video played from here.
    func playbackConfiguration(loops: Bool) -> PlaybackStateMachine.Configuration {
        var configuration = PlaybackStateMachine.Configuration(
            pipAllowed: pipAllowed, automaticPiP: automaticPiP, startsInPiP: startsInPiP || startsInShell,
            loops: loops, linear: linear, autoplay: !startsPaused, startPosition: start?.resolved(duration: nil), speed: speed)
        configuration.loopCount = loopCount
        return configuration
    }
}

/// How a session ended, for the exit status and the closing line.
public struct PlaybackSummary: Sendable {
    public var framesShown: Int
    public var framesDropped: Int
    /// Skips to a keyframe by a decoder far behind the clock.
    public var catchUps: Int
    /// Wall time from the first frame shown to the end, in seconds.
    public var wallSeconds: Double
    /// The signal that ended the program (SIGTERM, SIGHUP), if one did.
    public var signal: Int32?
    /// Why nothing could be shown (a single file that does not open or decode): one line
    /// for the command to print, with a non-zero exit.
    public var error: String?
    /// One line to say after the terminal is restored (a file cut short played what it had).
    public var notice: String?
    /// The HLS variant last on screen and the switches ("640x360 (2/3), 1 switches"), for `--stats`.
    public var variant: String?
    /// What went out as pixels and what did not, for `--stats` (nil: cells only).
    public var pictures: String?
    /// The link's rate and the quality it bought (`LinkFitter.summary`), for `--stats`.
    public var link: String?
}
