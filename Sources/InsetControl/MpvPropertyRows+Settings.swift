import InsetCore

/// The settings that are live properties too: how the sound is heard, the speed, the
/// title, the loops, the picture, Inset's window.
extension MpvPropertyRows {
    static let settings: [MpvPropertyRow] = subtitleStyle + [
        MpvPropertyRow(["pause"], read: { .success(.bool($0.paused)) }, write: { value, _ in flag(value) { run([.pause($0)]) } },
                       cycle: { _, _ in .run([.pause(nil)], data: .null) }),
        MpvPropertyRow(["volume"], read: { .success(.double(Double($0.volume))) },
                       write: { value, _ in number(value) { run([.volume(.to(Int(max(0, min(100, $0)).rounded())))]) } },
                       // Held to a whole turn of the dial before it becomes an Int: `add volume 1e300`
                       // trapped in the conversion.
                       add: { step, _ in .run([.volume(.by(Int(min(100, max(-100, step)).rounded())))], data: .null) }),
        MpvPropertyRow(["mute"], read: { .success(.bool($0.muted)) },
                       write: { value, state in flag(value) { run($0 == state.muted ? [] : [.mute]) } },
                       cycle: { _, _ in .run([.mute], data: .null) }),
        MpvPropertyRow(["speed"], read: { .success(.double($0.speed)) }, write: { value, _ in
            number(value) { number in
                PlaybackSpeed(text: String(number)).map { run([.speed(.to($0))]) } ?? .fail(.propertyFormat)
            }
        }, add: { step, state in
            guard let speed = PlaybackSpeed(text: String(state.speed + step)) else { return .fail(.propertyError) }
            return .run([.speed(.to(speed))], data: .null)
        }),
        MpvPropertyRow(["audio-delay"], read: { .success(.double($0.audioDelay)) }, write: { value, _ in
            guard let number = MpvIPC.number(value), abs(number) <= AudioDelay.limit.seconds else { return .fail(.propertyFormat) }
            return run([.audioDelay(.to(MediaTime(seconds: number)))])
        }, add: { step, _ in
            // mpv's own Ctrl++ / Ctrl+- are `add audio-delay 0.100` / `-0.100`.
            .run([.audioDelay(.by(MediaTime(seconds: step)))], data: .null)
        }),
        // Read as their options are (what was given or set, else the default).
        MpvPropertyRow(["sub-delay"], read: { MpvIPC.optionValue(of: "sub-delay", in: $0) }, write: { value, _ in
            guard let number = MpvIPC.number(value), abs(number) <= SubtitleDelay.limit.seconds else { return .fail(.propertyFormat) }
            return run([.subtitleDelay(.to(MediaTime(seconds: number)))])
        }, add: { step, _ in
            // mpv's z / Z are `add sub-delay -0.1` / `0.1`; held to the limit before the conversion.
            let limit = SubtitleDelay.limit.seconds
            return .run([.subtitleDelay(.by(MediaTime(seconds: min(limit, max(-limit, step)))))], data: .null)
        }),
        MpvPropertyRow(["sub-visibility"], read: { MpvIPC.optionValue(of: "sub-visibility", in: $0) },
                       write: { value, _ in flag(value) { run([.subtitleVisibility($0)]) } },
                       cycle: { _, _ in .run([.subtitleVisibility(nil)], data: .null) }),
        // As mpv: the forced or page's title, else the title tag, else the file's name.
        MpvPropertyRow(["media-title"], ofFile: true, read: { .success(.string($0.title ?? $0.tags?.title ?? $0.fileName ?? "")) }),
        MpvPropertyRow(["loop-file"], followsPlayer: true, read: { state in
            switch state.session.loopFile {
            case nil: .success(.bool(false))
            case Int.max?: .success(.string("inf"))
            case let count?: .success(.int(count))
            }
        }, write: { value, _ in
            switch value {
            case .bool(let on): return .setSession(.loopFile(on ? Int.max : nil))
            case .string("inf"), .string("yes"), .string("force"): return .setSession(.loopFile(Int.max))
            case .string("no"): return .setSession(.loopFile(nil))
            default:
                guard let number = MpvIPC.number(value), let count = Int(exactly: number), (0...1_000_000).contains(count) else {
                    return .fail(.propertyFormat)
                }
                return .setSession(.loopFile(count == 0 ? nil : count))
            }
        }),
        MpvPropertyRow(["loop-playlist"], read: { .success($0.session.loopPlaylist ? .string("inf") : .bool(false)) }, write: { value, _ in
            switch value {
            case .bool(let on): .setSession(.loopPlaylist(on))
            case .string("inf"), .string("yes"), .string("force"): .setSession(.loopPlaylist(true))
            case .string("no"): .setSession(.loopPlaylist(false))
            default: .fail(.propertyFormat)
            }
        }),
        MpvPropertyRow(["video", "vid"], read: { state in
            if state.idle { return .success(state.session.videoOn ? .string("auto") : .bool(false)) }
            return .success(state.hasVideo ? .int(1) : .bool(false))
        }, write: { value, _ in
            // invidtui sends "0" before a file of sound alone and "1" after one with a picture.
            switch value {
            case .bool(let on): .setSession(.video(on))
            case .string("no"), .string("0"), .int(0): .setSession(.video(false))
            case .string("auto"), .string("yes"), .string("1"), .int(1): .setSession(.video(true))
            default: .fail(.propertyFormat)
            }
        }),
        MpvPropertyRow(["inset-pip"], ofFile: true, followsPlayer: true, read: { .success(.bool($0.inWindow)) },
                       write: { value, state in flag(value) { run($0 == state.inWindow ? [] : [$0 ? .pip : .restore]) } },
                       cycle: { _, state in .run([state.inWindow ? .restore : .pip], data: .null) }),
        MpvPropertyRow(["inset-window-corner"], ofFile: true, followsPlayer: true, read: { state in
            state.inWindow ? .success(state.windowCorner.map(JSONValue.string) ?? .null) : .failure(.propertyUnavailable)
        }, write: { value, _ in
            guard case .string(let text) = value, let move = Command.WindowMove(rawValue: text), move.corner != nil else {
                return .fail(.propertyFormat)
            }
            return run([.windowMove(move)])
        }),
    ]
}
