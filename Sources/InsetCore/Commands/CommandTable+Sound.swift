/// The rows of how a video is heard beside its picture and beside another video.
extension CommandTable {
    static let soundRows: [Row] = [
        Row("audio-delay", arguments: "+S | -S | S",
            parse: { arguments throws(Command.ParseError) in
                let (delay, isStep) = try arguments.oneDelay(limit: AudioDelay.limit)
                return .audioDelay(isStep ? .by(delay) : .to(delay))
            },
            write: { command in
                switch command {
                case .audioDelay(.by(let step)): [(step.microseconds < 0 ? "" : "+") + AudioDelay.text(step)]
                case .audioDelay(.to(let delay)): [AudioDelay.text(delay)]
                default: nil
                }
            },
            help: "the sound later (+) or earlier (-) than the picture, by seconds or to a value",
            helpWithArguments: { command in
                switch command {
                case .audioDelay(.by(let step)): step.microseconds < 0 ? "sound earlier by \(AudioDelay.text(-step)) s"
                                                                      : "sound later by \(AudioDelay.text(step)) s"
                case .audioDelay(.to(let delay)): delay == .zero ? "sound back with the picture (no delay)" : nil
                default: nil
                }
            },
            // mpv's Ctrl++ and Ctrl+- where the terminal sends them (CSI u, modifyOtherKeys);
            // ( and ) everywhere.
            keys: [
                .global(13, "C-+", .audioDelay(.by(.milliseconds(100)))), .global(13, "C--", .audioDelay(.by(.milliseconds(-100)))),
                .global(13, ")", .audioDelay(.by(.milliseconds(100)))), .global(13, "(", .audioDelay(.by(.milliseconds(-100)))),
            ]),

        .plain("audio-focus", .audioFocus, help: "two videos: hear the other place, the window or full screen (a swap keeps it)",
               keys: [.global(14, "A", .audioFocus)]),
    ]
}

/// How far the sound may be put from its picture, and how a delay is written.
public enum AudioDelay {
    /// mpv takes any delay; past ten seconds it is a mistake, not a Bluetooth headset.
    public static let limit = MediaTime.seconds(10)

    /// Seconds with what precision they have: `0.2`, `-0.15`, `1`.
    public static func text(_ delay: MediaTime) -> String {
        let micros = delay.microseconds
        let sign = micros < 0 ? "-" : ""
        let whole = abs(micros) / 1_000_000
        var fraction = String(abs(micros) % 1_000_000)
        guard fraction != "0" else { return sign + String(whole) }
        fraction = String(repeating: "0", count: 6 - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return "\(sign)\(whole).\(fraction)"
    }

    /// The bar's label while the delay is not 0: `A/V +0.2 s`.
    public static func label(_ delay: MediaTime) -> String? {
        delay == .zero ? nil : "A/V " + (delay.microseconds > 0 ? "+" : "") + text(delay) + " s"
    }
}
