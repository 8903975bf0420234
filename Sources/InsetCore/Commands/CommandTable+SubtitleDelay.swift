/// The rows of when and whether subtitles show: mpv's `sub-delay`, with its keys, and
/// `sub-visibility`.
extension CommandTable {
    static let subtitleDelayRows: [Row] = [
        Row("sub-visibility", arguments: "[yes | no]",
            parse: { arguments throws(Command.ParseError) in
                guard arguments.words.count <= 1 else { throw arguments.refuse() }
                switch arguments.words.first {
                case nil: return .subtitleVisibility(nil)
                case "yes"?: return .subtitleVisibility(true)
                case "no"?: return .subtitleVisibility(false)
                case let word?: throw arguments.refuse("'\(word)' is neither yes nor no")
                }
            },
            write: { command in
                guard case .subtitleVisibility(let shown) = command else { return nil }
                return shown.map { [$0 ? "yes" : "no"] } ?? []
            },
            help: "subtitles shown / hidden (the track stays chosen)",
            helpWithArguments: { command in
                guard case .subtitleVisibility(let shown?) = command else { return nil }
                return shown ? "subtitles shown" : "subtitles hidden"
            }),
        Row("sub-delay", arguments: "+S | -S | S",
            parse: { arguments throws(Command.ParseError) in
                let (delay, isStep) = try arguments.oneDelay(limit: SubtitleDelay.limit)
                return .subtitleDelay(isStep ? .by(delay) : .to(delay))
            },
            write: { command in
                switch command {
                case .subtitleDelay(.by(let step)): [(step.microseconds < 0 ? "" : "+") + AudioDelay.text(step)]
                case .subtitleDelay(.to(let delay)): [AudioDelay.text(delay)]
                default: nil
                }
            },
            help: "subtitles later (+) or earlier (-) than the picture, by seconds or to a value",
            helpWithArguments: { command in
                switch command {
                case .subtitleDelay(.by(let step)): step.microseconds < 0 ? "subtitles earlier by \(AudioDelay.text(-step)) s"
                                                                         : "subtitles later by \(AudioDelay.text(step)) s"
                case .subtitleDelay(.to(let delay)): delay == .zero ? "subtitles back with the picture (no delay)" : nil
                default: nil
                }
            },
            // mpv's keys: z earlier, Z later, by a tenth of a second.
            keys: [.global(15, "z", .subtitleDelay(.by(.milliseconds(-100)))), .global(15, "Z", .subtitleDelay(.by(.milliseconds(100))))]),
    ]
}

/// How far subtitles may be put from their picture.
public enum SubtitleDelay {
    /// mpv takes any delay; a whole minute covers a file cut differently from its subtitles.
    public static let limit = MediaTime.seconds(60)

    /// What the bar says: `subtitle delay 0.2 s`, `subtitle delay -1 s`, `subtitle delay 0 s`.
    public static func message(_ delay: MediaTime) -> String { "subtitle delay \(AudioDelay.text(delay)) s" }
}
