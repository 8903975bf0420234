/// Inset's own command-line options as the table's rows spell them (`Setting.Use.option`),
/// for the play command's reader of the words before the parser (`PathArguments`: which
/// option takes the next word as its value, and which takes it even when it begins with
/// `-`). Before, each was a hand list beside the table (`Play.optionsWithValue`), and a row
/// whose option was missing there had its value read as a path.
extension SettingsTable {
    /// The rows' Inset options that take a value (`--volume`, `--title`).
    public static let insetOptionsWithValue = optionsWithValue(of: all)

    /// Those whose value may begin with `-`: a number (`--audio-delay -0.5`) or a time or
    /// position (`--end -9`, from the end).
    public static let insetUnconditionalOptions = unconditionalOptions(of: all)

    /// Of any rows: what a row added to the table gives the command line's reader.
    public static func optionsWithValue(of rows: [Setting]) -> Set<String> { Set(rows.compactMap(\.insetOption)) }

    public static func unconditionalOptions(of rows: [Setting]) -> Set<String> {
        Set(rows.compactMap { row in
            switch row.type {
            case .number, .integer, .numberOrDefault, .position, .time: row.insetOption
            default: nil
            }
        })
    }
}

extension Setting {
    /// The Inset option this row's value becomes (`Use.option`), nil for any other use.
    public var insetOption: String? {
        if case .option(let flag, _) = use { return flag }
        return nil
    }
}
