import Foundation
import InsetCore
import InsetTerminal

/// Sizes and colours for commands that write cells without taking the terminal over.
public enum TerminalSize {
    /// The size of the terminal on standard output (TIOCGWINSZ), or nil when it is not one.
    public static func ofStandardOutput() -> CellSize? {
        var size = winsize()
        guard isatty(STDOUT_FILENO) != 0, ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0,
              size.ws_col > 0, size.ws_row > 0 else { return nil }
        return CellSize(columns: Int(size.ws_col), rows: Int(size.ws_row))
    }
}

extension ColorMode {
    /// The colour mode the environment asks for (COLORTERM, TERM), without terminfo: for
    /// `inset cat`, whose output may not go to a terminal at all.
    public static func fromEnvironment() -> ColorMode {
        ColorCapability.detect(environment: ProcessInfo.processInfo.environment, terminfoHasRGB: false)
    }
}
