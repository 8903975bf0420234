/// How many colours the output may use. The terminal layer detects it (COLORTERM, terminfo),
/// `--colors` overrides it, and the renderer takes it to choose its escape sequences.
public enum ColorMode: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// 24-bit direct colour: `ESC[38;2;r;g;bm`.
    case truecolor
    /// The xterm 256-colour palette (6x6x6 cube and grey ramp): `ESC[38;5;nm`.
    case palette256
    /// The 16 ANSI colours: `ESC[30m`...`ESC[97m`.
    case palette16

    /// Parses the value of `--colors`: `truecolor` or `24bit`, `256`, `16` (any case).
    public init?(argument: String) {
        switch argument.lowercased() {
        case "truecolor", "24bit", "24-bit", "direct": self = .truecolor
        case "256", "256color", "palette256": self = .palette256
        case "16", "16color", "palette16": self = .palette16
        default: return nil
        }
    }

    /// The spelling `--colors` takes for this mode.
    public var argument: String {
        switch self {
        case .truecolor: "truecolor"
        case .palette256: "256"
        case .palette16: "16"
        }
    }

    public var description: String { argument }
}
