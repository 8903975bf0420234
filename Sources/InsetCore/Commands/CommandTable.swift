/// The command table: one row per command name, holding everything about a command but
/// what it does (`Director.execute` alone says that). As in mpv's `command.c` table and
/// tmux's `cmd_entry`, a command is added by adding its row: the name, the usage of its
/// arguments, their parser, the writer back to words, the help, whether embed mode runs it
/// and the keys it ships on all sit together, so no switch elsewhere can miss it or take
/// it for another (the parser's old `default:` read an unknown name as `send-prefix`).
///
/// Read by `Command(words:)`, `Command.words`, `name` and `help`, `KeyBindings.defaults`,
/// `inset keys`' command list and the director's embed check (ARCHITECTURE.md, "The path
/// of a key").
public enum CommandTable {
    /// Every row, in the order `inset keys` lists the commands and a refusal names them.
    public static let rows: [Row] = playbackRows + windowRows + mediaRows + soundRows + subtitleDelayRows + subtitleStyleRows + paneRows

    /// The row of the command called `name`; nil for a name no command has.
    public static func row(named name: String) -> Row? {
        rows.first { $0.name == name }
    }

    /// The row whose writer takes `command`: there is exactly one (CommandTableTests).
    public static func row(of command: Command) -> Row {
        guard let row = rows.first(where: { $0.write(command) != nil }) else { missingRow() }
        return row
    }

    /// The name and the arguments of `command`, as `Command(words:)` reads them.
    static func words(of command: Command) -> [String] {
        for row in rows {
            if let arguments = row.write(command) { return [row.name] + arguments }
        }
        missingRow()
    }

    /// A case of `Command` with no row is a programming error that CommandTableTests
    /// catches; the message cannot print the command, whose description needs its row.
    private static func missingRow() -> Never {
        preconditionFailure("a Command case has no row in the command table")
    }
}
