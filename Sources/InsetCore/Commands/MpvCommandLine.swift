/// mpv's command line, read through the settings table (`SettingsTable`) and mpv's own
/// option list (`MpvOptionCatalogue`), rewritten to Inset's options before the parser reads
/// them (docs/mpv.md, "The command line").
///
/// Each `--NAME[=VALUE]` is found as mpv finds it (the name, an alias, a list suffix such as
/// `-append`, a `no-` prefix), and its value parsed by the option's type, so only what mpv
/// itself would refuse is refused, in mpv's words. An option with a row becomes what its row
/// says (Inset's own option, or nothing); a list option's edits are gathered, as mpv applies
/// them, and said once. Any other mpv option is dropped and named in `ignored` for the log.
/// A name neither table knows, and Inset's own spelling (`--start 90`, the value the next
/// word), pass to the parser, which refuses an option it does not know in one line.
public enum MpvCommandLine {
    public struct Translation: Equatable, Sendable {
        public var arguments: [String]
        /// The options dropped, as given, each for one log line.
        public var ignored: [String]
        /// Why each of `ignored` was dropped, in the same order.
        public var reasons: [String]
    }

    public struct Refusal: Error, Equatable, Sendable {
        public var message: String
        public init(message: String) { self.message = message }
    }

    /// - Parameter insetOptionsWithValue: Inset's options whose value is the next word
    ///   (`--volume 50`): given so, they are Inset's spelling and pass to the parser as they are.
    public static func translate(_ arguments: [String], insetOptionsWithValue: Set<String> = []) throws(Refusal) -> Translation {
        var result = Translation(arguments: [], ignored: [], reasons: [])
        var lists = ListEdits()
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let word = arguments[index]
            index += 1
            if word == "--" {
                result.arguments += arguments[(index - 1)...]
                break
            }
            guard word.hasPrefix("--"), word.count > 2 else { result.arguments.append(word); continue }
            let body = word.dropFirst(2)
            let name = String(body.prefix { $0 != "=" })
            let value: String? = body.contains("=") ? String(body.drop { $0 != "=" }.dropFirst()) : nil
            // The parser's own `--help` and `--version` (mpv's print options) stay Inset's.
            if value == nil && ["help", "version"].contains(name) { result.arguments.append(word); continue }
            // Inset's option takes the next word, unless that is an option and mpv has the
            // name too: mpv's bare `--loop-file` (nnn's preview line) is `inf`, not `--loop-file --no-audio`.
            let nextIsOption = index < arguments.endIndex && arguments[index].hasPrefix("--")
            if value == nil && insetOptionsWithValue.contains("--\(name)")
                && !(nextIsOption && (try? MpvOptionName.resolve(name)) != nil) {
                result.arguments.append(word)
                if index < arguments.endIndex { result.arguments.append(arguments[index]); index += 1 }
                continue
            }
            do {
                guard let option = try MpvOptionName.resolve(name) else { result.arguments.append(word); continue }
                if case .row(let row) = option.target, case .insetSpelling = row.use {
                    result.arguments.append(word)
                    continue
                }
                let given = try option.value(value)
                switch option.target {
                case .row(let row):
                    if case .ignored(let why) = row.use {
                        result.ignored.append(word)
                        result.reasons.append(why)
                    } else if row.type.isList {
                        lists.record(row, given)
                    } else if case .value(let parsed) = given {
                        result.arguments += MpvCommandLine.arguments(for: row, parsed)
                    }
                case .catalogue(let entry):
                    result.ignored.append(word)
                    result.reasons.append(entry.deprecated ? "nothing it changes applies to Inset (deprecated in mpv)"
                                                           : "nothing it changes applies to Inset")
                }
            } catch {
                throw Refusal(message: error.description)
            }
        }
        // The lists' final values, said once each, first (so before any `--`).
        result.arguments.insert(contentsOf: lists.arguments(), at: 0)
        return result
    }

    /// The edits of each list option, from its default, in the order given.
    private struct ListEdits {
        private var order: [String] = []
        private var values: [String: (Setting, SettingValue)] = [:]

        mutating func record(_ row: Setting, _ given: MpvOptionName.Given) {
            let start = values[row.name]?.1 ?? row.defaultValue ?? .list([])
            if values[row.name] == nil { order.append(row.name) }
            switch given {
            case .value(let value): values[row.name] = (row, value)
            case .edit(let edit): values[row.name] = (row, edit.applied(to: start))
            }
        }

        func arguments() -> [String] {
            order.flatMap { name -> [String] in
                guard let (row, value) = values[name] else { return [] }
                return MpvCommandLine.arguments(for: row, value)
            }
        }
    }

    /// What a row's value becomes on Inset's command line: its own options, or the hidden
    /// `--mpv-setting NAME=VALUE` that hands a kept value to the play command.
    static func arguments(for row: Setting, _ value: SettingValue) -> [String] {
        switch row.use {
        case .arguments(let make): make(value)
        case .option(let flag, let render): render(value).map { [flag, $0] } ?? []
        case .value: ["--mpv-setting", SettingValues.argument(row.name, value)]
        case .insetSpelling, .ignored: []
        }
    }
}

extension SettingType {
    /// Lists, key/value lists and object lists: mpv edits them with suffixes, so the command
    /// line gathers their edits before saying the result.
    var isList: Bool {
        switch self {
        case .list, .pairs, .objects: true
        default: false
        }
    }
}
