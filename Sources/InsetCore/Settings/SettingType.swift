/// A setting's kind of value, as mpv's option types (`m_option_type_*`) read text: the row
/// says which, and every reader (command line, config file, `inset ctl`, mpv IPC) parses
/// through it, so a value means the same wherever it is written.
public enum SettingType: Hashable, Sendable {
    /// `yes` or `no`; given with no value, yes. `--no-NAME` is `--NAME=no`.
    case flag
    /// Digits (mpv's strtoll, so `0x10` too) within the range, if any.
    case integer(ClosedRange<Int64>?)
    /// A decimal or a ratio (`4:3`, `16/9`) within the range, if any; mpv's Float and Double.
    case number(ClosedRange<Double>?)
    /// A number, or the word `default` (mpv's `M_OPT_DEFAULT_NAN`: `--scale-param1`).
    case numberOrDefault(ClosedRange<Double>?)
    /// Any text.
    case text
    /// One of the words, or a whole number in `integers` when mpv allows one (`--loop-file=3`).
    case choice([String], integers: ClosedRange<Int64>?)
    /// mpv's relative time or percent position (`--start`): see `RelativeTime`.
    case position
    /// mpv's Time (`--ab-loop-a`): a time, or `no`.
    case time
    /// Items joined by commas (by `:` for a list of files, `pathSeparated`), edited by the
    /// `-append`, `-add`, `-pre`, `-set`, `-clr`, `-remove`, `-del`, `-toggle` suffixes.
    case list(pathSeparated: Bool)
    /// `key=value` pairs joined by commas (`--script-opts`, `--stream-lavf-o`), a value
    /// quoted as `"…"`, `[…]` or `%N%…` when it has a comma; `-append` takes one pair whole.
    case pairs
    /// mpv's object settings list (`--vo=kitty`, `--af=lavfi=[…]`): names with parameters.
    case objects
    /// A size in bytes, with mpv's suffixes (KiB, MiB, GiB, TiB, B, K, M, G, T), in range.
    case byteSize(ClosedRange<Double>?)
    /// `#RRGGBB`, `#AARRGGBB` or `r/g/b[/a]` with each part from 0 to 1.
    case color
    /// mpv types whose text Inset uses nowhere (a window geometry, channel layouts, an
    /// image format, `--msg-level`): taken as they are, any text.
    case unchecked(String)
    /// mpv's Print options (`--list-options`): they take no value.
    case print

    /// Whether `--NAME` with no `=` needs the next word (mpv 0.35 refuses that: "option
    /// requires parameter") or means yes.
    public var takesBareName: Bool {
        switch self {
        case .flag, .print: true
        case .choice(let words, _): words.contains("yes")
        default: false
        }
    }

    /// Whether `--no-NAME` is a spelling of it (mpv: flags and choices; a choice without
    /// `no` then refuses the value).
    public var negatable: Bool {
        switch self {
        case .flag, .choice: true
        default: false
        }
    }

    /// The suffixes mpv lists under an option of this type (`--sub-files-append`).
    public var actions: [String] {
        switch self {
        case .list, .objects: ["add", "append", "clr", "del", "pre", "remove", "set", "toggle"]
        case .pairs: ["add", "append", "remove", "set"]
        default: []
        }
    }
}
