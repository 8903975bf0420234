import InsetCore

/// What a session's client reads while it plays (invidtui polls `core-idle`,
/// `paused-for-cache`, `cache-buffering-state`, observes `seeking` and `eof-reached`) and
/// the settings it sets (`video`, `loop-file`, `loop-playlist`), as mpv 0.35 gives them.
extension MpvIPC {
    /// How long mpv waits for its cache before playing on (its `--cache-pause-wait`, 1 s):
    /// `cache-buffering-state` is the share of it read.
    static let cachePauseWait = 1.0

    /// A session property's value; nil for a name that is not one.
    static func sessionValue(of name: String, in state: MpvState) -> Result<JSONValue, Failure>? {
        let session = state.session
        switch name {
        // mpv: playback is not moving (paused, waiting for its cache, seeking, idle, at the end).
        case "core-idle":
            return .success(.bool(state.idle || state.paused || state.eof || session.buffering || session.seeking))
        case "paused-for-cache": return state.idle ? .failure(.propertyUnavailable) : .success(.bool(session.buffering))
        case "seeking": return state.idle ? .failure(.propertyUnavailable) : .success(.bool(session.seeking))
        case "cache-buffering-state":
            guard !state.idle else { return .failure(.propertyUnavailable) }
            guard session.buffering else { return .success(.int(100)) }
            let share = (session.cachedAhead ?? 0) / cachePauseWait * 100
            return .success(.int(Int(max(0, min(99, share)))))
        case "demuxer-cache-duration":
            guard !state.idle, let ahead = session.cachedAhead else { return .failure(.propertyUnavailable) }
            return .success(.double(ahead))
        case "loop-file":
            switch session.loopFile {
            case nil: return .success(.bool(false))
            case Int.max?: return .success(.string("inf"))
            case let count?: return .success(.int(count))
            }
        case "loop-playlist": return .success(session.loopPlaylist ? .string("inf") : .bool(false))
        case "video", "vid":
            if state.idle { return .success(session.videoOn ? .string("auto") : .bool(false)) }
            return .success(state.hasVideo ? .int(1) : .bool(false))
        case "playtime-remaining":
            guard !state.idle, let duration = state.duration, duration > 0, state.speed > 0 else { return .failure(.propertyUnavailable) }
            return .success(.double(max(0, duration - state.time) / state.speed))
        default: return nil
        }
    }

    /// `set_property` of a session setting; nil for a name that is not one (or read only).
    static func setSession(_ name: String, to value: JSONValue) -> MpvAction? {
        switch name {
        case "video", "vid":
            // invidtui sends "0" before a file of sound alone and "1" after one with a picture.
            switch value {
            case .bool(let on): return .setSession(.video(on))
            case .string("no"), .string("0"), .int(0): return .setSession(.video(false))
            case .string("auto"), .string("yes"), .string("1"), .int(1): return .setSession(.video(true))
            default: return .fail(.propertyFormat)
            }
        case "loop-file":
            switch value {
            case .bool(let on): return .setSession(.loopFile(on ? Int.max : nil))
            case .string("inf"), .string("yes"), .string("force"): return .setSession(.loopFile(Int.max))
            case .string("no"): return .setSession(.loopFile(nil))
            default:
                guard let number = number(value), let count = Int(exactly: number), (0...1_000_000).contains(count) else {
                    return .fail(.propertyFormat)
                }
                return .setSession(.loopFile(count == 0 ? nil : count))
            }
        case "loop-playlist":
            switch value {
            case .bool(let on): return .setSession(.loopPlaylist(on))
            case .string("inf"), .string("yes"), .string("force"): return .setSession(.loopPlaylist(true))
            case .string("no"): return .setSession(.loopPlaylist(false))
            default: return .fail(.propertyFormat)
            }
        default: return nil
        }
    }
}

/// A session's setting set through mpv's IPC.
public enum MpvSessionSetting: Equatable, Sendable {
    /// Files opened from now on show their picture, or play their sound alone.
    case video(Bool)
    /// The file loops for ever (`Int.max`), N more times, or not (nil); the next files too.
    case loopFile(Int?)
    case loopPlaylist(Bool)
}
