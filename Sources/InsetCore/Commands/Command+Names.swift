/// The names of the commands, their arguments and a line of help each: the one list the
/// key table, `inset keys`, the config file and the control socket read.
extension Command {
    /// What a command is called, with what it takes, for the help and the error messages.
    public struct Definition: Sendable {
        public let name: String
        /// The argument as the help writes it (`+N | -N`); empty when it takes none.
        public let arguments: String
        public let help: String
    }

    public static let definitions: [Definition] = [
        .init(name: "pause", arguments: "[on | off]", help: "play / pause (no argument: toggle)"),
        .init(name: "seek", arguments: "+TIME | -TIME", help: "skip forward or back (seconds or M:SS)"),
        .init(name: "seek-to", arguments: "TIME", help: "go to a time (90, 1:30, 1:02:03)"),
        .init(name: "frame-step", arguments: "", help: "pause, and show the next frame"),
        .init(name: "frame-back-step", arguments: "", help: "pause, and show the frame before"),
        .init(name: "ab-loop", arguments: "", help: "A-B loop: set A, then B (it loops between them), then clear"),
        .init(name: "screenshot", arguments: "", help: "save the frame on screen as a PNG, at the video's size"),
        .init(name: "live-edge", arguments: "", help: "live input: jump to the newest frame"),
        .init(name: "pip", arguments: "", help: "picture in picture: the video into the floating window"),
        .init(name: "restore", arguments: "", help: "the window's video back full screen"),
        .init(name: "close-window", arguments: "", help: "close the window (its video pauses)"),
        .init(name: "swap", arguments: "", help: "swap the window's video and the full-screen one"),
        .init(name: "focus", arguments: "[toggle | window | pane]", help: "move the keyboard's focus"),
        .init(name: "window-move", arguments: "left | right | up | down | top-left | top-right | bottom-left | bottom-right",
              help: "move the window to the next corner (past the side: stash) or to a corner"),
        .init(name: "window-size", arguments: "+N | -N", help: "the window bigger / smaller"),
        .init(name: "window-stash", arguments: "", help: "stash the window against the edge / pull it back"),
        .init(name: "volume", arguments: "+N | -N | N", help: "volume up / down / to N percent"),
        .init(name: "mute", arguments: "", help: "sound off / on"),
        .init(name: "speed", arguments: "up | down | reset | 0.25…4",
              help: "faster / slower (0.25×, 0.5×, 0.75×, 1×, 1.25×, 1.5×… 4×, the pitch kept), 1×, or a speed"),
        .init(name: "subtitles", arguments: "next | off", help: "subtitles: the next track (after the last: off), or off"),
        .init(name: "audio", arguments: "next", help: "sound: the next track (language, title)"),
        .init(name: "chapter", arguments: "next | previous", help: "the next chapter, or back to this one's start (the one before)"),
        .init(name: "playlist", arguments: "next | previous", help: "the next / previous file of the list"),
        .init(name: "shell", arguments: "", help: "the shell pane (a playing video goes on in the window)"),
        .init(name: "library", arguments: "", help: "back to the library (a playing video goes on in the window)"),
        .init(name: "details", arguments: "", help: "details of the selected file"),
        .init(name: "select", arguments: "next | previous | page-down | page-up | first | last", help: "choose a file"),
        .init(name: "open", arguments: "", help: "play the chosen file full screen"),
        .init(name: "send-prefix", arguments: "", help: "send the prefix chord itself to the shell"),
        .init(name: "help", arguments: "", help: "these keys"),
        .init(name: "quit", arguments: "", help: "quit"),
    ]

    public static func definition(named name: String) -> Definition? {
        definitions.first { $0.name == name }
    }

    public var name: String {
        switch self {
        case .quit: "quit"
        case .help: "help"
        case .pause: "pause"
        case .seek: "seek"
        case .seekTo: "seek-to"
        case .frameStep(let forward): forward ? "frame-step" : "frame-back-step"
        case .abLoop: "ab-loop"
        case .screenshot: "screenshot"
        case .liveEdge: "live-edge"
        case .pip: "pip"
        case .restore: "restore"
        case .closeWindow: "close-window"
        case .swap: "swap"
        case .focus: "focus"
        case .windowMove: "window-move"
        case .windowSize: "window-size"
        case .windowStash: "window-stash"
        case .volume: "volume"
        case .mute: "mute"
        case .speed: "speed"
        case .subtitles: "subtitles"
        case .audio: "audio"
        case .chapter: "chapter"
        case .playlist: "playlist"
        case .shell: "shell"
        case .library: "library"
        case .details: "details"
        case .select: "select"
        case .open: "open"
        case .sendPrefix: "send-prefix"
        }
    }

    /// The help line of this command with its arguments: `seek +15` says "forward 15 s".
    public var help: String {
        switch self {
        case .pause(nil): "play / pause"
        case .pause(true?): "pause"
        case .pause(false?): "play"
        case .seek(let by) where by.microseconds < 0: "back \((-by).shortDuration)"
        case .seek(let by): "forward \(by.shortDuration)"
        case .seekTo(let time): "go to \(time.clockString)"
        case .focus(.toggle): "move focus between the pane and the window"
        case .focus(.window): "focus the window"
        case .focus(.pane): "focus back to the pane"
        case .windowMove(let move): move.rawValue.contains("-")
            ? "move the window to the \(move.rawValue.spacedOut) corner"
            : "move the window \(move.rawValue) (to the next corner; past the side, stash)"
        case .windowSize(let steps): steps >= 0 ? "the window bigger" : "the window smaller"
        case .volume(.by(let step)): step >= 0 ? "volume up \(step)%" : "volume down \(-step)%"
        case .volume(.to(let level)): "volume \(level)%"
        case .speed(.up): "faster (the next speed up: 1.25×, 1.5×… 4×)"
        case .speed(.down): "slower (the next speed down… 0.25×)"
        case .speed(.reset): "normal speed (1×)"
        case .speed(.to(let speed)): "speed \(speed)"
        case .subtitles(.off): "subtitles off"
        case .chapter(.next): "next chapter"
        case .chapter(.previous): "previous chapter (this one's start if past its first 2 s)"
        case .playlist(.next): "the next file of the list"
        case .playlist(.previous): "the file before in the list"
        case .select(let move): "choose a file: \(move.rawValue.spacedOut)"
        default: Command.definition(named: name)?.help ?? name
        }
    }
}

extension String {
    /// `bottom-left` as a sentence says it.
    var spacedOut: String { String(map { $0 == "-" ? " " : $0 }) }
}

extension MediaTime {
    /// `15 s`, `1 min`, `1:30`: a skip's length as the help says it.
    var shortDuration: String {
        let seconds = Double(microseconds) / 1_000_000
        if seconds < 60, seconds == seconds.rounded() { return "\(Int(seconds)) s" }
        if seconds.truncatingRemainder(dividingBy: 60) == 0 { return "\(Int(seconds / 60)) min" }
        return clockString
    }
}
