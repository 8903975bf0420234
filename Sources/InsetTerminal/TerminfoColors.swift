import CNcurses
import InsetCore

/// The colour depth the player would choose on a terminal, without taking the terminal:
/// terminfo read by `setupterm` (which writes nothing) and the environment, judged by
/// `ColorCapability` as `TerminalSession` judges them. For `inset doctor`.
public enum TerminfoColors {
    public struct Finding: Equatable, Sendable {
        public var mode: ColorMode
        /// terminfo's RGB or Tc flag.
        public var hasRGB: Bool
        /// terminfo's `colors`; nil when the entry has none or TERM has no entry.
        public var colors: Int?
        /// Whether terminfo has an entry for TERM at all.
        public var hasEntry: Bool

        public init(mode: ColorMode, hasRGB: Bool, colors: Int?, hasEntry: Bool) {
            self.mode = mode; self.hasRGB = hasRGB; self.colors = colors; self.hasEntry = hasEntry
        }
    }

    /// On `fd` (a terminal or not), for TERM in `environment`.
    public static func detect(fd: Int32, environment: [String: String]) -> Finding {
        var status: Int32 = 0
        let loaded = setupterm(environment["TERM"], fd, &status) == 0 && status == 1
        let hasRGB = loaded && Terminfo.hasRGB
        let colors = loaded ? Terminfo.number("colors") : nil
        let mode = ColorCapability.detect(environment: environment, terminfoHasRGB: hasRGB, terminfoColors: colors ?? -1)
        return Finding(mode: mode, hasRGB: hasRGB, colors: colors, hasEntry: loaded)
    }
}
