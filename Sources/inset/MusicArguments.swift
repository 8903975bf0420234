import ArgumentParser
import InsetApp
import InsetConfig
import InsetCore

/// What a file of sound alone looks like: the picture drawn from its sound when it has no
/// cover (`--visualizer`, one of FFmpeg's filters, or none).
struct MusicArguments: ParsableArguments {
    @Option(help: ArgumentHelp("What draws a file of sound alone with no cover: showspectrum, showcqt, showwaves or avectorscope "
                               + "(FFmpeg's filters), or none. The v key cycles them. Default: showspectrum.", valueName: "name"))
    var visualizer: String?

    static let optionsWithValue: Set<String> = ["--visualizer"]

    func validate() throws {
        if let visualizer, visualizer.lowercased() != "none", Visualizer(rawValue: visualizer.lowercased()) == nil {
            throw invalidValue("--visualizer", visualizer, "expected showspectrum, showcqt, showwaves, avectorscope or none")
        }
    }

    /// The command line's choice, else the config file's, else the default.
    func apply(to options: inout AppOptions, config: Config) {
        if let visualizer {
            options.visualizer = Visualizer(rawValue: visualizer.lowercased())
        } else if let configured = config.visualizer {
            options.visualizer = configured
        }
    }
}
