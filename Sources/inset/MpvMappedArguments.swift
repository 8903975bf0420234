import ArgumentParser
import InsetApp
import InsetCore
import InsetLog
import InsetMedia

/// mpv's options Inset has a thing of its own for, under mpv's names and in mpv's value
/// syntax (docs/mpv.md, "Mapped"): the settings table's rows (`Setting.Use.mapped`) hand
/// them on as `--NAME=VALUE`, mpv's list edits applied and its flags spelled out
/// (`--no-pause` is `--pause=no`); the parser only gathers the words, and
/// `MpvMappedSettings` reads them as mpv does and sets the player's options.
struct MpvMappedArguments: ParsableArguments {
    @Option(name: .customLong("vo"), help: .hidden) var vo: String?
    @Option(name: .customLong("vo-kitty-left"), help: .hidden) var kittyLeft: String?
    @Option(name: .customLong("vo-kitty-top"), help: .hidden) var kittyTop: String?
    @Option(name: .customLong("vo-kitty-cols"), help: .hidden) var kittyColumns: String?
    @Option(name: .customLong("vo-kitty-rows"), help: .hidden) var kittyRows: String?
    @Option(name: .customLong("vo-sixel-left"), help: .hidden) var sixelLeft: String?
    @Option(name: .customLong("vo-sixel-top"), help: .hidden) var sixelTop: String?
    @Option(name: .customLong("vo-sixel-cols"), help: .hidden) var sixelColumns: String?
    @Option(name: .customLong("vo-sixel-rows"), help: .hidden) var sixelRows: String?
    @Option(name: .customLong("vo-kitty-use-shm"), help: .hidden) var kittySharedMemory: String?
    @Option(name: .customLong("vo-tct-algo"), help: .hidden) var tctAlgorithm: String?
    @Option(name: .customLong("pause"),
            help: ArgumentHelp("Start paused, on the first frame (mpv's --pause; --pause=no, --no-pause).", valueName: "yes|no"))
    var pause: String?
    @Option(name: .customLong("msg-level"), help: .hidden) var messageLevel: String?
    @Option(name: .customLong("script-opts"), help: .hidden) var scriptOptions: String?
    @Option(name: .customLong("script"), help: .hidden) var scripts: [String] = []
    @Flag(name: .customLong("no-load-scripts"), help: .hidden) var noLoadScripts = false
    @Option(name: .customLong("stream-lavf-o"), help: .hidden) var streamOptions: String?
    @Option(name: .customLong("sub-files"), help: .hidden) var subtitleFiles: String?
    @Option(name: .customLong("chapters-file"), help: .hidden) var chaptersFile: String?

    var settings: MpvMappedSettings {
        var settings = MpvMappedSettings()
        settings.vo = vo
        settings.kittyRectangle.left = kittyLeft; settings.kittyRectangle.top = kittyTop
        settings.kittyRectangle.columns = kittyColumns; settings.kittyRectangle.rows = kittyRows
        settings.sixelRectangle.left = sixelLeft; settings.sixelRectangle.top = sixelTop
        settings.sixelRectangle.columns = sixelColumns; settings.sixelRectangle.rows = sixelRows
        settings.kittySharedMemory = kittySharedMemory
        settings.tctAlgorithm = tctAlgorithm
        settings.pause = pause
        settings.messageLevel = messageLevel
        settings.scriptOptions = scriptOptions
        settings.scripts = scripts
        settings.loadScripts = !noLoadScripts
        settings.streamOptions = streamOptions
        settings.subtitleFiles = subtitleFiles
        settings.chaptersFile = chaptersFile
        return settings
    }

    /// Every value checked before anything plays, as mpv refuses a bad one at start.
    func validate() throws {
        var scratch = AppOptions(paths: [])
        do { _ = try settings.apply(to: &scratch, graphicsGiven: false, blitterGiven: false) } catch {
            throw ValidationError(error.message)
        }
        if let subtitleFiles {
            for file in MpvMappedOptions.pathList(subtitleFiles) {
                do { try MediaSource.checkPath(file, allowance: InputAllowance(named: [file])) } catch let error as MediaError {
                    throw invalidValue("--sub-files", file, error.reason)
                }
            }
        }
    }

    /// Sets the player's options; the log hears what was taken differently. Returns the
    /// rectangle mpv's kitty or sixel output was given, for the embed mode.
    func apply(to options: inout AppOptions, graphicsGiven: Bool, blitterGiven: Bool) throws -> EmbedGeometry? {
        let outcome: MpvMappedSettings.Outcome
        do { outcome = try settings.apply(to: &options, graphicsGiven: graphicsGiven, blitterGiven: blitterGiven) } catch {
            throw ValidationError(error.message)
        }
        if let level = outcome.messageLevel { Log.keep(mpvLevel: level) }
        outcome.logLines.forEach { Log.info($0) }
        InputOptions.setCommon(outcome.inputOptions.map { ($0.key, $0.value) })
        return outcome.rectangle
    }
}
