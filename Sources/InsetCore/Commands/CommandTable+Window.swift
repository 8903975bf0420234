/// The rows of the floating window: into it, out of it, where the keyboard is, where the
/// window sits and how big. Embed mode has no window, so it refuses them all.
extension CommandTable {
    static let windowRows: [Row] = [
        .plain("pip", .pip, help: "picture in picture: the video into the floating window", embedded: .noWindow,
               keys: [.player(10, "p", .pip)]),
        .plain("restore", .restore, help: "the window's video back full screen", embedded: .noWindow,
               // `p` again takes the video out of the window, as the PiP button toggles.
               keys: [.window(9, "Enter", .restore), .window(9, "f", .restore), .window(9, "p", .restore),
                      .windowVideo(3, "p", .restore), .global(5, "f", .restore)]),
        .plain("close-window", .closeWindow, help: "close the window (its video pauses)", embedded: .noWindow,
               keys: [.window(10, "x", .closeWindow), .global(6, "x", .closeWindow)]),
        .plain("swap", .swap, help: "swap the window's video and the full-screen one", embedded: .noWindow,
               keys: [.window(11, "w", .swap), .global(7, "w", .swap)]),

        Row("focus", arguments: "[toggle | window | pane]",
            parse: { arguments throws(Command.ParseError) in
                guard let text = try arguments.optionalOne() else { return .focus(.toggle) }
                return .focus(try arguments.choice(text, Command.FocusTarget.self))
            },
            write: { command in
                guard case .focus(let target) = command else { return nil }
                return target == .toggle ? [] : [target.rawValue]
            },
            help: "move the keyboard's focus",
            helpWithArguments: { command in
                guard case .focus(let target) = command else { return nil }
                return switch target {
                case .toggle: "move focus between the pane and the window"
                case .window: "focus the window"
                case .pane: "focus back to the pane"
                }
            },
            embedded: .noWindow,
            keys: [.window(15, "Esc", .focus(.pane)), .shell(1, "Tab", .focus(.window)), .global(4, "Tab", .focus(.toggle))]),

        Row("window-move", arguments: "left | right | up | down | top-left | top-right | bottom-left | bottom-right",
            parse: { arguments throws(Command.ParseError) in .windowMove(try arguments.oneChoice(Command.WindowMove.self)) },
            write: { command in
                guard case .windowMove(let move) = command else { return nil }
                return [move.rawValue]
            },
            help: "move the window to the next corner (past the side: stash) or to a corner",
            helpWithArguments: { command in
                guard case .windowMove(let move) = command else { return nil }
                return move.rawValue.contains("-")
                    ? "move the window to the \(move.rawValue.spacedOut) corner"
                    : "move the window \(move.rawValue) (to the next corner; past the side, stash)"
            },
            embedded: .noWindow,
            keys: [
                .window(12, "S-Left", .windowMove(.left)), .window(12, "H", .windowMove(.left)),
                .window(12, "S-Right", .windowMove(.right)), .window(12, "L", .windowMove(.right)),
                .window(12, "S-Up", .windowMove(.up)), .window(12, "K", .windowMove(.up)),
                .window(12, "S-Down", .windowMove(.down)), .window(12, "J", .windowMove(.down)),
            ]),

        Row("window-size", arguments: "+N | -N",
            parse: { arguments throws(Command.ParseError) in
                let text = try arguments.one()
                guard let (sign, body) = Arguments.signed(text), let steps = Int(body), steps > 0, steps <= 20 else {
                    throw arguments.refuse("'\(text)' is not a step count such as +1 or -1")
                }
                return .windowSize(sign * steps)
            },
            write: { command in
                guard case .windowSize(let steps) = command else { return nil }
                return [(steps < 0 ? "" : "+") + String(steps)]
            },
            help: "the window bigger / smaller",
            helpWithArguments: { command in
                guard case .windowSize(let steps) = command else { return nil }
                return steps >= 0 ? "the window bigger" : "the window smaller"
            },
            embedded: .noWindow,
            keys: [.window(13, "+", .windowSize(1)), .window(13, "=", .windowSize(1)), .window(13, "-", .windowSize(-1))]),

        .plain("window-stash", .windowStash, help: "stash the window against the edge / pull it back", embedded: .noWindow,
               keys: [.window(14, "s", .windowStash)]),
    ]
}
