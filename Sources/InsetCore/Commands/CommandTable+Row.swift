extension CommandTable {
    /// Everything about one command name, field by field in the order a command is met:
    /// typed (name, usage, parser), written back (writer), explained (help).
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

        init(_ name: String, arguments: String,
             parse: @escaping @Sendable (Arguments) throws(Command.ParseError) -> Command,
             write: @escaping @Sendable (Command) -> [String]?,
             help: String, helpWithArguments: @escaping @Sendable (Command) -> String? = { _ in nil }) {
            self.name = name; self.arguments = arguments; self.parse = parse; self.write = write
            self.help = help; self.helpWithArguments = helpWithArguments
        }

        /// The row of a command that takes no argument: its name reads as `command` alone.
        static func plain(_ name: String, _ command: Command, help: String) -> Row {
            Row(name, arguments: "",
                parse: { arguments throws(Command.ParseError) in try arguments.none(); return command },
                write: { $0 == command ? [] : nil },
                help: help)
        }
    }
}
