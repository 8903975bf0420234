import InsetCore

/// What a session's client reads while it plays (invidtui polls `core-idle`,
/// `paused-for-cache`, `cache-buffering-state`, observes `seeking` and `eof-reached`), as
/// mpv 0.35 gives them; and what answers.
extension MpvPropertyRows {
    static let session: [MpvPropertyRow] = [
        // mpv: playback is not moving (paused, waiting for its cache, seeking, idle, at the end).
        MpvPropertyRow(["core-idle"], followsPlayer: true, read: { state in
            .success(.bool(state.idle || state.paused || state.eof || state.session.buffering || state.session.seeking))
        }),
        MpvPropertyRow(["paused-for-cache"], followsPlayer: true, read: { state in
            state.idle ? .failure(.propertyUnavailable) : .success(.bool(state.session.buffering))
        }),
        MpvPropertyRow(["seeking"], followsPlayer: true, read: { state in
            state.idle ? .failure(.propertyUnavailable) : .success(.bool(state.session.seeking))
        }),
        MpvPropertyRow(["cache-buffering-state"], moves: true, read: { state in
            guard !state.idle else { return .failure(.propertyUnavailable) }
            guard state.session.buffering else { return .success(.int(100)) }
            let share = (state.session.cachedAhead ?? 0) / MpvIPC.cachePauseWait * 100
            return .success(.int(Int(max(0, min(99, share)))))
        }),
        MpvPropertyRow(["demuxer-cache-duration"], moves: true, read: { state in
            guard !state.idle, let ahead = state.session.cachedAhead else { return .failure(.propertyUnavailable) }
            return .success(.double(ahead))
        }),
        MpvPropertyRow(["pid"], read: { .success(.int($0.pid)) }),
        MpvPropertyRow(["mpv-version"], read: { _ in .success(.string("Inset (mpv IPC)")) }),
        MpvPropertyRow(["property-list"], read: { _ in .success(.array(MpvIPC.properties.map(JSONValue.string))) }),
        MpvPropertyRow(["command-list"], read: { _ in .success(.array(MpvIPC.commands.map { .object(["name": .string($0)]) })) }),
    ]
}
