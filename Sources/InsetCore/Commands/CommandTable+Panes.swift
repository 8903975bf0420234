/// The rows of the panes (the shell, the library, a file's details), the key list and
/// quitting.
extension CommandTable {
    static let paneRows: [Row] = [
        .plain("shell", .shell, help: "the shell pane (a playing video goes on in the window)"),
        .plain("library", .library, help: "back to the library (a playing video goes on in the window)"),
        .plain("details", .details, help: "details of the selected file"),

        Row("select", arguments: "next | previous | page-down | page-up | first | last",
            parse: { arguments throws(Command.ParseError) in .select(try arguments.oneChoice(Command.SelectionMove.self)) },
            write: { command in
                guard case .select(let move) = command else { return nil }
                return [move.rawValue]
            },
            help: "choose a file",
            helpWithArguments: { command in
                guard case .select(let move) = command else { return nil }
                return "choose a file: \(move.rawValue.spacedOut)"
            }),

        .plain("open", .open, help: "play the chosen file full screen"),
        .plain("send-prefix", .sendPrefix, help: "send the prefix chord itself to the shell"),
        .plain("help", .help, help: "these keys"),
        .plain("quit", .quit, help: "quit"),
    ]
}
