import InsetCore

/// Embed mode (`inset --embed`): the video alone in a rectangle of someone else's screen.
/// What would need the rest of the screen (the library, the shell pane, the window, the
/// key list) is refused, whether a key (`--embed-keys`) or the control socket asks; each
/// command's row of the command table says whether, and why (`CommandTable.EmbedRule`).
extension Director {
    /// Why `command` cannot run embedded; nil when it can.
    static func refusedWhenEmbedded(_ command: Command) -> String? {
        CommandTable.row(of: command).embedded.refusal
    }
}
