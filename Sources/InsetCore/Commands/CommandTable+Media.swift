/// The rows of what the focused video plays: its sound, its speed, its tracks, its
/// chapters and the list it came from.
extension CommandTable {
    static let mediaRows: [Row] = [
        Row("volume", arguments: "+N | -N | N",
            parse: { arguments throws(Command.ParseError) in
                let text = try arguments.one()
                if let (sign, body) = Arguments.signed(text) {
                    guard let step = Int(body), step <= 100 else { throw arguments.refuse("'\(text)' is not a percentage step") }
                    return .volume(.by(sign * step))
                }
                guard let level = Int(text), (0...100).contains(level) else {
                    throw arguments.refuse("'\(text)' is not 0 to 100")
                }
                return .volume(.to(level))
            },
            write: { command in
                switch command {
                case .volume(.by(let step)): [(step < 0 ? "" : "+") + String(step)]
                case .volume(.to(let level)): [String(level)]
                default: nil
                }
            },
            help: "volume up / down / to N percent",
            helpWithArguments: { command in
                switch command {
                case .volume(.by(let step)): step >= 0 ? "volume up \(step)%" : "volume down \(-step)%"
                case .volume(.to(let level)): "volume \(level)%"
                default: nil
                }
            },
            keys: [.global(9, "9", .volume(.by(-10))), .global(9, "0", .volume(.by(10)))]),

        .plain("mute", .mute, help: "sound off / on", keys: [.global(8, "m", .mute)]),

        Row("speed", arguments: "up | down | reset | 0.25…4",
            parse: { arguments throws(Command.ParseError) in
                let text = try arguments.one()
                switch text {
                case "up", "+": return .speed(.up)
                case "down", "-": return .speed(.down)
                case "reset", "normal": return .speed(.reset)
                default:
                    guard let speed = PlaybackSpeed(text: text) else {
                        throw arguments.refuse("'\(text)' is not up, down, reset or a speed from 0.25 to 4")
                    }
                    return .speed(.to(speed))
                }
            },
            write: { command in
                guard case .speed(let change) = command else { return nil }
                return switch change {
                case .up: ["up"]
                case .down: ["down"]
                case .reset: ["reset"]
                case .to(let speed): [speed.number]
                }
            },
            help: "faster / slower (0.25×, 0.5×, 0.75×, 1×, 1.25×, 1.5×… 4×, the pitch kept), 1×, or a speed",
            helpWithArguments: { command in
                guard case .speed(let change) = command else { return nil }
                return switch change {
                case .up: "faster (the next speed up: 1.25×, 1.5×… 4×)"
                case .down: "slower (the next speed down… 0.25×)"
                case .reset: "normal speed (1×)"
                case .to(let speed): "speed \(speed)"
                }
            },
            keys: [
                .player(8, "[", .speed(.down)), .player(8, "]", .speed(.up)), .player(8, "Backspace", .speed(.reset)),
                .window(8, "[", .speed(.down)), .window(8, "]", .speed(.up)), .window(8, "Backspace", .speed(.reset)),
            ]),

        Row("subtitles", arguments: "next | off",
            parse: { arguments throws(Command.ParseError) in .subtitles(try arguments.oneChoice(Command.TrackStep.self)) },
            write: { command in
                guard case .subtitles(let step) = command else { return nil }
                return [step.rawValue]
            },
            help: "subtitles: the next track (after the last: off), or off",
            helpWithArguments: { $0 == .subtitles(.off) ? "subtitles off" : nil },
            keys: [.global(10, "c", .subtitles(.next))]),

        // `.audio(.off)` is written as `audio off`, which this parser refuses: no sound
        // track can be turned off, and nothing but code makes that value.
        Row("audio", arguments: "next",
            parse: { arguments throws(Command.ParseError) in
                guard try arguments.one() == "next" else { throw arguments.refuse() }
                return .audio(.next)
            },
            write: { command in
                guard case .audio(let step) = command else { return nil }
                return [step.rawValue]
            },
            help: "sound: the next track (language, title)",
            keys: [.global(11, "a", .audio(.next))]),

        Row("visualizer", arguments: "[next | showspectrum | showcqt | showwaves | avectorscope | none]",
            parse: { arguments throws(Command.ParseError) in
                switch try arguments.optionalOne() {
                case nil, "next"?: return .visualizer(.next)
                case "none"?, "off"?: return .visualizer(.to(nil))
                case let name?:
                    guard let visualizer = Visualizer(rawValue: name) else { throw arguments.refuse("'\(name)' is not one of them") }
                    return .visualizer(.to(visualizer))
                }
            },
            write: { command in
                guard case .visualizer(let change) = command else { return nil }
                return switch change {
                case .next: []
                case .to(let visualizer): [visualizer?.rawValue ?? "none"]
                }
            },
            help: "a sound-only file's picture: the next of FFmpeg's visualisers (after the last: none), or one by name",
            helpWithArguments: { command in
                guard case .visualizer(.to(let visualizer)) = command else { return nil }
                return visualizer.map { "draw the sound with \($0)" } ?? "no picture for the sound"
            },
            keys: [.player(12, "v", .visualizer(.next)), .window(16, "v", .visualizer(.next))]),

        Row("chapter", arguments: "next | previous",
            parse: { arguments throws(Command.ParseError) in .chapter(try arguments.oneChoice(Command.ChapterStep.self)) },
            write: { command in
                guard case .chapter(let step) = command else { return nil }
                return [step.rawValue]
            },
            help: "the next chapter, or back to this one's start (the one before)",
            helpWithArguments: { command in
                guard case .chapter(let step) = command else { return nil }
                return step == .next ? "next chapter" : "previous chapter (this one's start if past its first 2 s)"
            },
            keys: [
                .player(3, "PgUp", .chapter(.previous)), .player(3, "PgDn", .chapter(.next)),
                .window(3, "PgUp", .chapter(.previous)), .window(3, "PgDn", .chapter(.next)),
            ]),

        Row("playlist", arguments: "next | previous",
            parse: { arguments throws(Command.ParseError) in .playlist(try arguments.oneChoice(Command.PlaylistStep.self)) },
            write: { command in
                guard case .playlist(let step) = command else { return nil }
                return [step.rawValue]
            },
            help: "the next / previous file of the list",
            helpWithArguments: { command in
                guard case .playlist(let step) = command else { return nil }
                return step == .next ? "the next file of the list" : "the file before in the list"
            },
            keys: [
                .player(6, ">", .playlist(.next)), .player(6, "<", .playlist(.previous)),
                .window(6, ">", .playlist(.next)), .window(6, "<", .playlist(.previous)),
            ]),
    ]
}
