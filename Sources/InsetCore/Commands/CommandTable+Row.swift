extension CommandTable {
    /// Everything about one command name, field by field in the order a command is met:
    /// typed (name, usage, parser), written back (writer), explained (help), allowed or
    /// not (embed mode), bound (default keys).
    public struct Row: Sendable {
        /// The first word: `seek`, `window-move`.
        public let name: String
        /// The arguments as the help writes them (`+N | -N`); empty when it takes none.
        public let arguments: String
        /// Reads the words after the name as this row's command, or refuses them saying why
        /// (`Arguments.refuse` adds what the row expects).
        let parse: @Sendable (Arguments) throws(Command.ParseError) -> Command
        /// The words after the name for `command`, as `parse` reads them back; nil when
        /// `command` is another row's. It is what ties an enum case to its row.
        let write: @Sendable (Command) -> [String]?
        /// The line `inset keys` lists the command with.
        public let help: String
        /// The help of one command with its arguments (`seek -15`: "back 15 s"); nil says `help`.
        let helpWithArguments: @Sendable (Command) -> String?
        /// Whether `inset --embed` runs it.
        public let embedded: EmbedRule
        /// The keys it is bound to before any config file.
        public let keys: [DefaultKey]

        init(_ name: String, arguments: String,
             parse: @escaping @Sendable (Arguments) throws(Command.ParseError) -> Command,
             write: @escaping @Sendable (Command) -> [String]?,
             help: String, helpWithArguments: @escaping @Sendable (Command) -> String? = { _ in nil },
             embedded: EmbedRule = .allowed, keys: [DefaultKey] = []) {
            self.name = name; self.arguments = arguments; self.parse = parse; self.write = write
            self.help = help; self.helpWithArguments = helpWithArguments; self.embedded = embedded; self.keys = keys
        }

        /// The row of a command that takes no argument: its name reads as `command` alone.
        static func plain(_ name: String, _ command: Command, help: String, embedded: EmbedRule = .allowed,
                          keys: [DefaultKey] = []) -> Row {
            Row(name, arguments: "",
                parse: { arguments throws(Command.ParseError) in try arguments.none(); return command },
                write: { $0 == command ? [] : nil },
                help: help, embedded: embedded, keys: keys)
        }
    }

    /// Embed mode (`inset --embed`) shows the video alone in a rectangle of someone else's
    /// screen: what would need the rest of the screen (the library, the shell pane, the
    /// window, the key list) is refused, whether a key or the control socket asks.
    public enum EmbedRule: Hashable, Sendable {
        case allowed
        case refused(String)

        static let noWindow = EmbedRule.refused("no window in embed mode")
        static let onlyTheVideo = EmbedRule.refused("only the video in embed mode")
        static let noKeyList = EmbedRule.refused("no key list in embed mode")

        /// Why embed mode refuses the command; nil when it runs it.
        public var refusal: String? {
            guard case .refused(let reason) = self else { return nil }
            return reason
        }
    }

    /// A key a command ships bound to: where it is read, its name, and the command it runs
    /// (`seek`'s keys run `seek -15`, `seek +15`, `seek +5`…).
    public struct DefaultKey: Sendable {
        public let context: KeyBindings.Context
        /// Where this row's keys come in the context's list, which is the order the `?`
        /// overlay, `inset keys` and docs/keys.md show: lowest first, the keys of one row at
        /// one place in the row's order. One row per place in a context (CommandTableTests);
        /// a new binding between two others renumbers the ones after it.
        public let place: Int
        /// As a config file names it: `Space`, `S-Left`, `WheelUp`.
        public let key: String
        public let command: Command

        static func player(_ place: Int, _ key: String, _ command: Command) -> DefaultKey {
            DefaultKey(context: .player, place: place, key: key, command: command)
        }
        static func window(_ place: Int, _ key: String, _ command: Command) -> DefaultKey {
            DefaultKey(context: .window, place: place, key: key, command: command)
        }
        static func windowVideo(_ place: Int, _ key: String, _ command: Command) -> DefaultKey {
            DefaultKey(context: .windowVideo, place: place, key: key, command: command)
        }
        static func library(_ place: Int, _ key: String, _ command: Command) -> DefaultKey {
            DefaultKey(context: .library, place: place, key: key, command: command)
        }
        static func details(_ place: Int, _ key: String, _ command: Command) -> DefaultKey {
            DefaultKey(context: .details, place: place, key: key, command: command)
        }
        static func shell(_ place: Int, _ key: String, _ command: Command) -> DefaultKey {
            DefaultKey(context: .shell, place: place, key: key, command: command)
        }
        static func global(_ place: Int, _ key: String, _ command: Command) -> DefaultKey {
            DefaultKey(context: .global, place: place, key: key, command: command)
        }
    }
}
