/// Every option of mpv 0.35.1, from its `--list-options` (`MpvOptionCatalogue+Data.swift`,
/// made by `scripts/mpv-option-catalogue`): each option's type, choices, range and
/// default, and which are aliases or were removed. An mpv option with no row in
/// `SettingsTable` is checked against this as mpv would check it, then ignored with one log
/// line; an option mpv removed is refused, as mpv refuses it.
public enum MpvOptionCatalogue {
    public struct Entry: Sendable {
        public enum Kind: Sendable, Equatable {
            case option(SettingType)
            /// Another option's name, possibly with a list action (`sub-files-append`).
            case alias(String)
            case removed
        }

        public var name: String
        public var kind: Kind
        /// mpv's default as `--list-options` prints it; empty for none.
        public var defaultText: String
        public var deprecated: Bool
        /// mpv takes it on the command line only ("[not in config files]").
        public var commandLineOnly: Bool
    }

    /// The options by name, read from the generated text once.
    public static let entries: [String: Entry] = {
        var entries: [String: Entry] = [:]
        for line in data.split(separator: "\n") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 5 else { continue }
            let flags = Set(fields[4].split(separator: ",").map(String.init))
            entries[fields[0]] = Entry(name: fields[0], kind: kind(fields[1], fields[2], file: flags.contains("file")),
                                       defaultText: fields[3], deprecated: flags.contains("deprecated"),
                                       commandLineOnly: flags.contains("noconfig"))
        }
        return entries
    }()

    public static func entry(named name: String) -> Entry? { entries[name] }

    private static func kind(_ kind: String, _ detail: String, file: Bool) -> Entry.Kind {
        switch kind {
        case "alias": return .alias(detail)
        case "removed": return .removed
        case "flag": return .option(.flag)
        case "print": return .option(.print)
        case "int": return .option(.integer(integerRange(detail)))
        case "float": return .option(.number(numberRange(detail)))
        case "floatd": return .option(.numberOrDefault(numberRange(detail)))
        case "bytes": return .option(.byteSize(numberRange(detail)))
        case "string": return .option(.text)
        case "list": return .option(.list(pathSeparated: false))
        case "filelist": return .option(.list(pathSeparated: true))
        case "pairs": return .option(.pairs)
        case "objects": return .option(.objects)
        case "position": return .option(.position)
        case "time": return .option(.time)
        case "color": return .option(.color)
        case "choice":
            let parts = detail.split(separator: ";", omittingEmptySubsequences: false)
            let words = parts[0].split(separator: " ").map(String.init)
            let numbers = parts.count > 1 && !parts[1].isEmpty ? integerRange(String(parts[1])) : nil
            return .option(.choice(words, integers: numbers))
        default: return .option(.unchecked(detail))
        }
    }

    /// `MIN MAX` with `any` for an open end; nil when both are open.
    private static func numberRange(_ text: String) -> ClosedRange<Double>? {
        let ends = text.split(separator: " ").map { $0 == "any" ? nil : Double($0) }
        guard ends.count == 2, ends[0] != nil || ends[1] != nil else { return nil }
        return (ends[0] ?? -.greatestFiniteMagnitude)...(ends[1] ?? .greatestFiniteMagnitude)
    }

    private static func integerRange(_ text: String) -> ClosedRange<Int64>? {
        numberRange(text).map { range in
            let low = range.lowerBound <= -9.2e18 ? Int64.min : Int64(range.lowerBound)
            let high = range.upperBound >= 9.2e18 ? Int64.max : Int64(range.upperBound)
            return low...high
        }
    }
}
