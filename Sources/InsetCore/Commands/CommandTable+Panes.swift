/// The rows of the panes (the shell, the library, a file's details), the key list and
/// quitting. Embed mode shows only the video, so it refuses the panes.
extension CommandTable {
    static let paneRows: [Row] = [
        .plain("shell", .shell, help: "the shell pane (a playing video goes on in the window)", embedded: .onlyTheVideo,
               keys: [.global(3, "!", .shell)]),
        .plain("library", .library, help: "back to the library (a playing video goes on in the window)", embedded: .onlyTheVideo,
               keys: [
                   .player(11, "Esc", .library),
                   .details(2, "Esc", .library), .details(2, "Left", .library), .details(2, "Backspace", .library),
                   .details(2, "h", .library),
               ]),
        .plain("details", .details, help: "details of the selected file", embedded: .onlyTheVideo,
               keys: [.library(3, "i", .details), .library(3, "Right", .details)]),

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
            },
            embedded: .onlyTheVideo,
            keys: [
                .library(1, "Up", .select(.previous)), .library(1, "k", .select(.previous)),
                .library(1, "Down", .select(.next)), .library(1, "j", .select(.next)),
                .library(1, "PgUp", .select(.pageUp)), .library(1, "PgDn", .select(.pageDown)),
                .library(1, "Home", .select(.first)), .library(1, "g", .select(.first)),
                .library(1, "End", .select(.last)), .library(1, "G", .select(.last)),
            ]),

        .plain("open", .open, help: "play the chosen file full screen", embedded: .onlyTheVideo,
               keys: [.library(2, "Enter", .open), .details(1, "Enter", .open)]),
        .plain("send-prefix", .sendPrefix, help: "send the prefix chord itself to the shell", embedded: .onlyTheVideo),
        .plain("help", .help, help: "these keys", embedded: .noKeyList, keys: [.global(2, "?", .help)]),
        .plain("quit", .quit, help: "quit", keys: [.global(1, "q", .quit), .global(1, "C-c", .quit)]),
    ]
}
