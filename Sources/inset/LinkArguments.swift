import ArgumentParser
import InsetApp
import InsetConfig
import InsetCore

/// How fast the terminal takes bytes (`--link-rate`), for fitting the picture's quality to
/// a slow link (SSH) instead of dropping frames.
struct LinkArguments: ParsableArguments {
    @Option(name: .customLong("link-rate"),
            help: ArgumentHelp("How fast the terminal takes bytes, for trading fidelity for a steady frame rate on a slow link "
                               + "(SSH): auto (measured from the writes; a terminal that never makes them wait changes nothing), "
                               + "off (full quality, frames dropped), or bytes a second (1000000, 1M, 500K). "
                               + "Cells take coarser colours (fewer escapes), then give up the finer blitter for half blocks; "
                               + "pictures a lower JPEG quality or a smaller sixel palette, then a smaller size. "
                               + "--stats shows the rate and the quality. Default: auto.", valueName: "auto|off|N"))
    var linkRate: String?

    static let optionsWithValue: Set<String> = ["--link-rate"]

    func validate() throws {
        if let linkRate, LinkRate(text: linkRate) == nil {
            throw invalidValue("--link-rate", linkRate, "expected auto, off, or bytes a second of at least \(LinkRate.lowest) (1M, 500K)")
        }
    }

    /// Sets the option on the player's, over the config file's.
    func apply(to options: inout AppOptions, config: Config) {
        options.linkRate = linkRate.flatMap(LinkRate.init(text:)) ?? config.linkRate ?? .auto
    }
}
