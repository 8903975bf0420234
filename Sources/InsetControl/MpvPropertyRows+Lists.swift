import InsetCore

/// The list's entries and the file's tracks.
extension MpvPropertyRows {
    static let lists: [MpvPropertyRow] = [
        MpvPropertyRow(["playlist-pos"], read: { .success(.int($0.playlistPosition ?? -1)) }, write: { value, state in
            number(value) { number in
                guard let index = Int(exactly: number) else { return .fail(.propertyFormat) }
                guard (0..<state.playlistCount).contains(index) else { return .fail(.propertyError) }
                return .playEntry(index)
            }
        }, add: { step, state in steps(step, .playlist(step > 0 ? .next : .previous), places: state.playlistCount) }),
        MpvPropertyRow(["playlist-count"], read: { .success(.int($0.playlistCount)) }),
        MpvPropertyRow(["playlist"], read: { .success(.array(playlist($0))) }),
        MpvPropertyRow(["track-list"], read: { .success(.array(trackList($0))) }),
        MpvPropertyRow(["aid"], read: { state in .success(state.audioSelected.map { .int($0 + 1) } ?? .bool(false)) },
                       write: { value, state in selectTrack(audio: true, value, in: state) },
                       cycle: { _, _ in .run([.audio(.next)], data: .null) }),
        MpvPropertyRow(["sid"], read: { state in .success(state.subtitleSelected.map { .int($0 + 1) } ?? .bool(false)) },
                       write: { value, state in selectTrack(audio: false, value, in: state) },
                       cycle: { _, _ in .run([.subtitles(.next)], data: .null) }),
    ]

    /// `aid` / `sid` to a track's number (from 1, as in `track-list`) or `no`: Inset steps
    /// through its tracks in order (`audio next`, `subtitles next`) until that one is chosen.
    private static func selectTrack(audio: Bool, _ value: JSONValue, in state: MpvState) -> MpvAction {
        let count = audio ? state.audioTracks.count : state.subtitleTracks.count
        let current = audio ? state.audioSelected : state.subtitleSelected
        if MpvIPC.flag(value) == false || value == .string("no") {
            if audio { return current == nil ? .run([], data: nil) : .fail(.propertyError) }
            return .run([.subtitles(.off)], data: nil)
        }
        guard let number = MpvIPC.number(value), let wanted = Int(exactly: number) else { return .fail(.propertyFormat) }
        guard (1...max(1, count)).contains(wanted), count > 0 else { return .fail(.propertyError) }
        // Subtitles cycle through the tracks and off; the sound through its tracks only.
        let ring = audio ? count : count + 1
        let from = current ?? count
        let steps = ((wanted - 1) - from + ring) % ring
        return .run(Array(repeating: audio ? .audio(.next) : .subtitles(.next), count: steps), data: nil)
    }

    private static func playlist(_ state: MpvState) -> [JSONValue] {
        state.playlist.enumerated().map { index, path in
            var fields: [String: JSONValue] = ["filename": .string(path), "id": .int(index + 1)]
            if index == state.playlistPosition { fields["current"] = .bool(true); fields["playing"] = .bool(true) }
            return .object(fields)
        }
    }

    private static func trackList(_ state: MpvState) -> [JSONValue] {
        guard !state.idle else { return [] }
        var list: [JSONValue] = []
        func add(_ type: String, _ id: Int, _ track: MpvState.Track, selected: Bool) {
            var fields: [String: JSONValue] = ["type": .string(type), "id": .int(id), "selected": .bool(selected),
                                               "external": .bool(track.external)]
            if let title = track.title { fields["title"] = .string(title) }
            if let language = track.language { fields["lang"] = .string(language) }
            if let codec = track.codec { fields["codec"] = .string(codec) }
            list.append(.object(fields))
        }
        if state.hasVideo { add("video", 1, .init(), selected: true) }
        for (index, track) in state.audioTracks.enumerated() { add("audio", index + 1, track, selected: index == state.audioSelected) }
        for (index, track) in state.subtitleTracks.enumerated() { add("sub", index + 1, track, selected: index == state.subtitleSelected) }
        return list
    }
}
