import InsetCore

/// Embed mode (`inset --embed`): the video alone in a rectangle of someone else's screen.
/// What would need the rest of the screen (the library, the shell pane, the window, the
/// key list) is refused, whether a key (`--embed-keys`) or the control socket asks.
extension Director {
    /// Why `command` cannot run embedded; nil when it can.
    static func refusedWhenEmbedded(_ command: Command) -> String? {
        switch command {
        case .pip, .restore, .closeWindow, .swap, .focus, .windowMove, .windowSize, .windowStash:
            "no window in embed mode"
        case .shell, .library, .details, .select, .open, .sendPrefix:
            "only the video in embed mode"
        case .help:
            "no key list in embed mode"
        default:
            nil
        }
    }
}
