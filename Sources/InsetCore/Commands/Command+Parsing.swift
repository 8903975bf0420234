/// A command's text both ways, through its row of the command table (`CommandTable`): the
/// row's parser reads the arguments, its writer writes them back.
extension Command {
    /// Why a command's text was refused: one line saying what would be valid.
    public struct ParseError: Error, Hashable, Sendable, CustomStringConvertible {
        public var reason: String
        public var description: String { reason }
    }

    /// Reads `seek +15` as typed in the config file or on `inset ctl`.
    public init(parsing text: String) throws(ParseError) {
        try self.init(words: text.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init))
    }

    /// Reads a command from its name and arguments (`["seek", "+15"]`), as the control
    /// socket's JSON array gives them. A name no row has is refused, never taken for another.
    public init(words: [String]) throws(ParseError) {
        guard let name = words.first else { throw ParseError(reason: "no command given") }
        guard let row = CommandTable.row(named: name) else {
            throw ParseError(reason: "unknown command '\(name)'; the commands are "
                             + CommandTable.rows.map(\.name).joined(separator: ", "))
        }
        self = try row.parse(CommandTable.Arguments(name: name, usage: row.arguments, words: Array(words.dropFirst())))
    }

    /// The words of the command, as `Command(words:)` reads them.
    public var words: [String] { CommandTable.words(of: self) }
}

extension Command: CustomStringConvertible {
    public var description: String { words.joined(separator: " ") }
}

extension MediaTime {
    /// Seconds as a command writes them: `15`, `1.5`; past a minute the clock (`1:30`).
    var compactText: String {
        let whole = microseconds / 1_000_000, fraction = microseconds % 1_000_000
        if whole >= 60 { return fraction == 0 ? clockString : preciseClockString }
        guard fraction != 0 else { return String(whole) }
        var digits = String(fraction + 1_000_000).dropFirst()
        while digits.last == "0" { digits.removeLast() }
        return "\(whole).\(digits)"
    }
}
