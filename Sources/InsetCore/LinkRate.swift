/// `--link-rate auto|off|N`: how fast the terminal is assumed to take bytes, for fitting
/// the picture's quality to the link (`LinkBudget`).
///
/// - `auto` (the default): measured from the writes themselves; a terminal that never makes
///   a write wait (a local one) is not limiting, and nothing is changed.
/// - `off`: never fitted: every frame at full quality, frames dropped when the link is slow.
/// - a number of bytes a second (`1000000`, `1M`, `500K`, `1.5M`): assumed, not measured.
public enum LinkRate: Hashable, Sendable, CustomStringConvertible {
    case auto
    case off
    case fixed(bytesPerSecond: Int)

    /// The lowest rate taken: below it not even the coarsest cells fit a frame a second.
    public static let lowest = 10_000

    /// Reads `auto`, `off`, or bytes a second with an optional K (1000) or M (1000000) suffix.
    public init?(text: String) {
        let lowered = text.lowercased()
        switch lowered {
        case "auto": self = .auto; return
        case "off": self = .off; return
        default: break
        }
        var digits = Substring(lowered)
        var unit = 1.0
        if digits.hasSuffix("k") { unit = 1e3; digits = digits.dropLast() }
        else if digits.hasSuffix("m") { unit = 1e6; digits = digits.dropLast() }
        guard !digits.isEmpty, digits.allSatisfy({ $0.isNumber || $0 == "." }), let number = Double(digits),
              number.isFinite else { return nil }
        let bytes = number * unit
        guard bytes >= Double(Self.lowest), bytes <= 1e12 else { return nil }
        self = .fixed(bytesPerSecond: Int(bytes))
    }

    public var description: String {
        switch self {
        case .auto: "auto"
        case .off: "off"
        case .fixed(let rate): "\(rate)"
        }
    }
}
