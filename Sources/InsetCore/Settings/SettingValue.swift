/// A setting's value once its text is parsed by its `SettingType`: what the command line,
/// the config file, `inset ctl` and mpv's IPC hand on, whichever spelling they read.
public enum SettingValue: Hashable, Sendable {
    case flag(Bool)
    case integer(Int64)
    case number(Double)
    /// A string, one of a choice's words, a colour, a size: text already checked.
    case text(String)
    case position(RelativeTime)
    /// `Time` (`--ab-loop-a`): a time or `no`.
    case time(MediaTime?)
    case list([String])
    case pairs([KeyValue])

    public struct KeyValue: Hashable, Sendable {
        public var key: String
        public var value: String
        public init(_ key: String, _ value: String) { self.key = key; self.value = value }
    }

    /// The value as mpv prints it (`yes`, `100.000`, `a,b`, `k=v`), and as Inset's own
    /// options take it back.
    public var text: String {
        switch self {
        case .flag(let on): on ? "yes" : "no"
        case .integer(let number): String(number)
        case .number(let number): String(format: "%.3f", number)
        case .text(let text): text
        case .position(let position): position.text
        case .time(let time): time.map { String(format: "%.3f", $0.seconds) } ?? "no"
        case .list(let items): items.joined(separator: ",")
        case .pairs(let pairs): pairs.map { "\($0.key)=\($0.value)" }.joined(separator: ",")
        }
    }
}
