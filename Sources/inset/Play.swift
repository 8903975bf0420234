import ArgumentParser
import Foundation
import InsetApp
import InsetConfig
import InsetControl
import InsetCore
import InsetLog
import InsetMedia
import InsetPlayback
import InsetSites
import InsetTerminal

struct Play: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Play a video full screen (the default command).")

    @Argument(help: "Files or URLs play full screen, one after the other (- reads standard input; a .m3u playlist plays its files); a directory opens the library. With none, the current folder's library when it holds media, else a short usage.")
    var paths: [String] = []

    @Flag(name: .customLong("pip"), help: "Start in picture in picture, over the library.")
    var startInPiP = false

    @Flag(name: .customLong("shell"), help: "Start in the shell pane ($SHELL in a terminal), the video in the window over it.")
    var startInShell = false

    @Option(help: ArgumentHelp("The shell pane's prefix chord: after it one key goes to Inset (Tab, f, x, ?…). Default: C-].",
                               valueName: "chord"))
    var prefix: String?

    @Option(help: "The colours cells are drawn in: truecolor, 256 or 16. Default: from COLORTERM and terminfo.")
    var colors: ColorMode?

    @Flag(help: "Show frames/s, drops and bytes per frame in a corner, and a closing line with the totals on exit.")
    var stats = false

    @Flag(help: "Play each file again from its start when it ends, instead of going on to the next or quitting.")
    var loop = false

    @Option(parsing: .unconditional, help: ArgumentHelp("Start at this time (90, 1:30, 1:02:03.5; -10 from the end, 25%, #2 a chapter) "
                                                        + "instead of where the file was left.", valueName: "time"))
    var start: PositionArgument?

    @Flag(name: .customLong("no-advance"), help: "At the end of a file, stay on its last frame instead of playing the next of the list.")
    var noAdvance = false

    @Flag(help: "Play the list's files in a random order, each once (the order is fixed for the run).")
    var shuffle = false

    @Flag(name: .customLong("loop-playlist"), help: "After the last file of the list, play the first again (a single file plays over and over).")
    var loopPlaylist = false

    @Flag(name: .customLong("no-resume"), help: "Start at the beginning, not where this file was left (the position is still kept when it stops).")
    var noResume = false

    @Option(help: ArgumentHelp("No skipping, the skip keys and buttons greyed out: everywhere (all, or --linear alone), "
                               + "or only within ranges like 0:00-0:30,1:00-1:10.", valueName: "ranges"))
    var linear: String?

    @Flag(name: .customLong("no-pip"), help: "Do not allow picture in picture: p says why, and leaving a video pauses it.")
    var noPiP = false

    @Flag(name: .customLong("no-auto-pip"), help: "Leaving a playing video for another pane (Esc, !) pauses it instead of moving it into the picture-in-picture window.")
    var noAutoPiP = false

    @Flag(name: .customLong("pip-saver"),
          help: "Save CPU in picture in picture: a window a third of the screen wide or less (as by default) shows key and P-frames only, about a third of them; a larger one skips the other B-frames. Without it the window shows every frame.")
    var pipSaver = false

    @Option(name: .customLong("threads"), parsing: .unconditional,
            help: ArgumentHelp("Decoder threads, 1 to 64. Default: one per core.", valueName: "n"))
    var threadsArgument: WholeNumberArgument?
    var threads: Int? { threadsArgument?.value }

    @Option(help: ArgumentHelp("How cells draw the picture: half, quadrant, sextant, octant (2x1 to 2x4 sub-pixels per cell) or auto. "
                               + "Default: auto, octants where the terminal draws them, else half blocks.",
                               valueName: "blitter"))
    var blitter: ChoiceArgument<Blitter>?

    @Option(help: ArgumentHelp("How the picture reaches the terminal: kitty, sixel or iterm (real pixels; iterm: iTerm2's inline images, JPEG), cells (drawn by --blitter) or auto. "
                               + "Default: auto, the best the terminal says it has (inset probe-terminal shows which).",
                               valueName: "graphics"))
    var graphics: ChoiceArgument<GraphicsMode>?

    @Flag(help: "Play without sound (the sound's clock still times the picture).")
    var mute = false

    @Option(name: .customLong("volume"), parsing: .unconditional,
            help: ArgumentHelp("Start at this volume, 0 to 100 (9 and 0 change it by 10). Default: 100.", valueName: "n"))
    var volumeArgument: WholeNumberArgument?

    @Option(name: .customLong("speed"), parsing: .unconditional,
            help: ArgumentHelp("Play at this speed, 0.25 to 4 (1.5, 2x, 150%), the pitch kept. Default: 1. "
                               + "[ and ] step it, Backspace resets it.", valueName: "speed"))
    var speed: String?

    @Option(name: [.customLong("sub"), .customLong("sub-file")], help: ArgumentHelp("A subtitle file (.srt, .vtt, .ass) for the file played, shown first. "
                                                          + "Files beside the video with its name (movie.srt, movie.en.srt) are found without it.",
                                                          valueName: "file"))
    var subtitleFile: String?

    @Option(name: .customLong("sub-lang"), help: ArgumentHelp("Show the first subtitle track in this language (ISO 639: en, eng, fr…). "
                                                               + "Default: the first track. c cycles the tracks and off.",
                                                               valueName: "lang"))
    var subtitleLanguage: String?

    @Option(name: .customLong("sub-charset"), help: ArgumentHelp("The character set of the subtitle files (CP1252, ISO-8859-15, CP1251, SHIFT_JIS…: "
                                                                  + "any iconv name). Default: UTF-8, or a guess from the bytes (CP1252 for text that is not UTF-8).",
                                                                  valueName: "charset"))
    var subtitleCharset: String?

    @Option(name: .customLong("audio-lang"), help: ArgumentHelp("Play the first sound track in this language (ISO 639: en, eng, fr…). "
                                                                 + "Default: the container's choice. a cycles the tracks.",
                                                                 valueName: "lang"))
    var audioLanguage: String?

    @Option(name: .customLong("audio-file"), help: ArgumentHelp("Play this sound (a file or URL) with the video's picture, on one clock: "
                                                                 + "listed after the video's own sound tracks, heard first; a cycles them.",
                                                                 valueName: "file"))
    var audioFile: String?

    @Option(name: .customLong("config"), help: ArgumentHelp("Read settings and key bindings from this file instead of "
                                                           + "$XDG_CONFIG_HOME/inset/config (else ~/.config/inset/config).", valueName: "file"))
    var configPath: String?

    @Flag(name: .customLong("no-config"), help: "Read no config file: every setting and key binding at its default.")
    var noConfig = false

    @Option(name: .customLong("socket"), help: ArgumentHelp("Serve the control socket (inset ctl) at this path instead of "
                                                           + "$XDG_RUNTIME_DIR/inset/PID.sock; none serves none.", valueName: "path"))
    var socket: String?

    @Option(name: .customLong("screenshot-dir"), help: ArgumentHelp("Save screenshots (s: the frame on screen as a PNG, at the video's size) in this directory instead of the current one.",
                                                                   valueName: "dir"))
    var screenshotDirectory: String?

    @OptionGroup var sites: SiteArguments
    @OptionGroup var mpvSpelled: MpvSpelledArguments
    @OptionGroup var mpvMapped: MpvMappedArguments
    @OptionGroup var mpvSession: MpvSessionArguments
    @OptionGroup var sound: SoundArguments
    @OptionGroup var music: MusicArguments
    @OptionGroup var embedding: EmbedArguments
    @OptionGroup var link: LinkArguments
    @OptionGroup var kept: KeptSettingsArguments
    @OptionGroup var watchLater: WatchLaterArguments

    func validate() throws {
        try start?.validate(as: "--start")
        try threadsArgument?.validate(as: "--threads", in: ArgumentBounds.threads)
        try volumeArgument?.validate(as: "--volume", in: ArgumentBounds.volume)
        if let speed, PlaybackSpeed(text: speed) == nil {
            throw invalidValue("--speed", speed, "not a speed from 0.25 to 4 (1.5, 2x, 150%)")
        }
        try blitter?.validate(as: "--blitter")
        try graphics?.validate(as: "--graphics")
        if let subtitleLanguage, !SubtitleLanguage.isCode(subtitleLanguage) {
            throw invalidValue("--sub-lang", subtitleLanguage, "not an ISO 639 language code (two or three letters: en, eng, fr)")
        }
        if let audioLanguage, !SubtitleLanguage.isCode(audioLanguage) {
            throw invalidValue("--audio-lang", audioLanguage, "not an ISO 639 language code (two or three letters: en, eng, fr)")
        }
        if let subtitleCharset, !SubtitleCharset.isKnown(subtitleCharset) {
            throw invalidValue("--sub-charset", subtitleCharset, "not a character set iconv knows (UTF-8, CP1252, ISO-8859-1…)")
        }
        if let audioFile {
            do { try MediaSource.checkPath(audioFile, allowance: InputAllowance(named: [audioFile])) } catch let error as MediaError {
                throw invalidValue("--audio-file", audioFile, error.reason)
            }
        }
        if let subtitleFile {
            do { try MediaSource.checkPath(subtitleFile, allowance: InputAllowance(named: [subtitleFile])) } catch let error as MediaError {
                throw invalidValue("--sub", subtitleFile, error.reason)
            }
        }
        // The config's screenshot-dir gets the same check (ConfigReader): a missing folder is
        // made on the first screenshot.
        if let screenshotDirectory, let why = ScreenshotFolder.problem(screenshotDirectory) {
            throw invalidValue("--screenshot-dir", screenshotDirectory, why)
        }
        if let prefix, KeyPress.chord(parsing: prefix) == nil {
            throw ValidationError("--prefix: not a chord: \(prefix) (C-x with a letter or one of []\\^_@, or M-x)")
        }
        if let linear, linear != "all" {
            do { _ = try LinearRanges(parsing: linear) } catch { throw invalidValue("--linear", linear, error) }
        }
    }

    /// The checks that need the paths, which `PathArguments` sets after the parser (and so
    /// after `validate()`) has run; they fail as validate's do.
    func validatePaths() throws {
        if let subtitleFile, paths.count != 1 { throw invalidValue("--sub", subtitleFile, "goes with exactly one video") }
        if let audioFile, paths.count != 1 { throw invalidValue("--audio-file", audioFile, "goes with exactly one video") }
    }

    func run() throws {
        if try sound.listDevicesIfAsked() { return }
        if startInPiP && noPiP { throw CommandFailure("--pip and --no-pip cannot both be given") }
        if startInShell && noPiP { throw CommandFailure("--shell and --no-pip cannot both be given (the video plays in the window)") }
        var paths = self.paths
        if paths.isEmpty && !mpvSession.waitsWithoutFiles {
            guard case .library(let folder) = NoFileGiven.choice(folder: ".") else { return Output.lines(NoFileGiven.usage) }
            paths = [folder]
        }
        var linearRanges = LinearRanges.none
        if let linear {
            do { linearRanges = linear == "all" ? .all : try LinearRanges(parsing: linear) } catch {
                throw CommandFailure("--linear \(linear): \(error)")
            }
        }
        if noConfig && configPath != nil { throw CommandFailure("--config and --no-config cannot both be given") }
        let config = ConfigFile.load(explicitPath: configPath, disabled: noConfig)
        config.problems.forEach { Output.error("config \($0)") }
        config.ignoredMpvOptions.forEach { Log.info("ignored mpv's \($0) in the config file: nothing it changes applies to Inset (docs/config.md)") }
        // The command line's options win over the file's defaults.
        var options = AppOptions(
            paths: paths, colorMode: colors ?? config.colors, showStats: stats, loop: loop, start: start?.position, threads: threads,
            linear: linearRanges, pipAllowed: !noPiP, automaticPiP: !noAutoPiP, startsInPiP: startInPiP,
            pipSaver: pipSaver, muted: mute || config.muted == true, volume: volumeArgument?.value ?? config.volume ?? 100,
            startsInShell: startInShell,
            prefix: prefix.flatMap(KeyPress.chord(parsing:)) ?? config.prefix ?? KeyPress(.character("]"), .control),
            blitter: blitter?.value ?? config.blitter, graphics: graphics?.value ?? config.graphics)
        options.subtitleFile = subtitleFile
        options.audioFile = audioFile
        mpvSpelled.apply(to: &options)
        mpvSession.apply(to: &options, filesGiven: !self.paths.isEmpty)
        options.settings = kept.values(over: config.settings)
        sound.apply(to: &options, config: config)
        link.apply(to: &options, config: config)
        music.apply(to: &options, config: config)
        options.sites = sites.options(config: config, subtitleLanguage: subtitleLanguage ?? config.subtitleLanguage)
        options.notices += options.sites.ytdlp.refusedRawOptions
        options.subtitleLanguage = subtitleLanguage ?? config.subtitleLanguage
        options.subtitleCharset = subtitleCharset
        options.audioLanguage = audioLanguage ?? config.audioLanguage
        options.keyBindings = config.keyBindings()
        options.windowCorner = config.windowCorner ?? .bottomRight
        options.windowSizeSteps = config.windowSize ?? 0
        options.screenshotDirectory = screenshotDirectory ?? config.screenshotDirectory
        options.speed = speed.flatMap(PlaybackSpeed.init(text:)) ?? config.speed ?? .normal
        options.notices += ConfigProblem.barNotices(config.problems, home: ProcessInfo.processInfo.environment["HOME"])
        options.controlSocketPath = socket == "none" ? nil : socket ?? ControlPaths.socketPath()
        options.resumeStore = ResumeStore.standard()
        options.resumes = !noResume && config.resumes != false
        watchLater.apply(to: &options)
        options.advances = !noAdvance && config.advances != false
        options.loopsPlaylist = loopPlaylist || config.loopsPlaylist == true
        if shuffle || config.shuffles == true { options.shuffleSeed = UInt64.random(in: .min ... .max) }
        let rectangle = try mpvMapped.apply(to: &options, graphicsGiven: graphics != nil, blitterGiven: blitter != nil)
        // As mpv's --no-config: no script or script-opts file of the config folder either.
        if noConfig { options.loadsConfigFolderScripts = false }
        var embedding = self.embedding
        // mpv's kitty or sixel output given a rectangle (a file manager's preview) is Inset's --embed.
        if embedding.embed == nil, let rectangle { embedding.embed = rectangle.description }
        try embedding.apply(to: &options, paths: paths, explicitPaths: !self.paths.isEmpty)
        // URLs of schemes other than http and https are opened only when named here: the
        // paths, `--audio-file`, `--sub` and mpv's `--sub-files`. One value, handed down.
        options.allowance = options.allowance.naming(paths + options.paths + [options.audioFile, options.subtitleFile].compactMap { $0 }
                                                     + options.moreSubtitleFiles)
        let app: App
        do {
            app = try App(options: options)
        } catch let error as MediaError {
            throw CommandFailure(error.description)
        } catch let error as TerminalError {
            throw CommandFailure(error.description)
        }
        let summary = app.run()
        let speaks = ExitDeadline.claimLastWords()
        if speaks, let notice = summary.notice { Output.error(notice) }
        if stats || ProcessInfo.processInfo.environment["INSET_SUMMARY"] != nil {
            var line = String(format: "inset: %d frames shown, %d dropped, %.3f s, %d catch-ups", summary.framesShown,
                              summary.framesDropped, summary.wallSeconds, summary.catchUps)
            if let variant = summary.variant { line += ", variant \(variant)" }
            for part in [summary.pictures, summary.link].compactMap({ $0 }) { line += "; \(part)" }
            Output.lines(line + "\n", to: .standardError)
        }
        if let signal = summary.signal { TerminalSession.exit(bySignal: signal) }
        // mpv's `quit CODE` on the socket: the status a launcher waits for.
        if let code = app.quitCode, code != 0 { throw ExitCode(code) }
        if let error = summary.error { throw CommandFailure(error, alreadySaid: !speaks) }
    }
}
