/// The rows of the floating window: into it, out of it, where the keyboard is, where the
/// window sits and how big.
extension CommandTable {
    static let windowRows: [Row] = [
        .plain("pip", .pip, help: "picture in picture: the video into the floating window"),
        .plain("restore", .restore, help: "the window's video back full screen"),
        .plain("close-window", .closeWindow, help: "close the window (its video pauses)"),
        .plain("swap", .swap, help: "swap the window's video and the full-screen one"),

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
            }),

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
            }),

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
            }),

        .plain("window-stash", .windowStash, help: "stash the window against the edge / pull it back"),
    ]
}
