import InsetCore

/// Where the file plays and what it is: its time, length, name, tags and chapters.
extension MpvPropertyRows {
    static let playing: [MpvPropertyRow] = [
        MpvPropertyRow(["time-pos", "playback-time"], ofFile: true, moves: true, read: { .success(.double($0.time)) },
                       write: { value, _ in number(value) { run([.seekTo(MediaTime(seconds: max(0, $0)))]) } },
                       add: { step, _ in .run([.seek(by: MediaTime(seconds: step))], data: .null) }),
        MpvPropertyRow(["time-remaining"], ofFile: true, moves: true, read: { state in
            length(state).map { .double($0 - state.time) }
        }),
        MpvPropertyRow(["playtime-remaining"], ofFile: true, moves: true, read: { state in
            guard state.speed > 0 else { return .failure(.propertyUnavailable) }
            return length(state).map { .double(max(0, $0 - state.time) / state.speed) }
        }),
        MpvPropertyRow(["duration"], ofFile: true, read: { length($0).map(JSONValue.double) }),
        MpvPropertyRow(["percent-pos"], ofFile: true, moves: true, read: { state in
            length(state).map { .double(state.time / $0 * 100) }
        }, write: { value, state in
            number(value) { percent in
                guard let duration = state.duration else { return .fail(.propertyUnavailable) }
                return run([.seekTo(MediaTime(seconds: max(0, min(100, percent)) / 100 * duration))])
            }
        }),
        MpvPropertyRow(["filename"], ofFile: true, read: { .success(.string($0.fileName ?? "")) }),
        MpvPropertyRow(["path"], ofFile: true, read: { .success(.string($0.path ?? "")) }),
        MpvPropertyRow(["metadata"], ofFile: true, read: { state in
            // mpv's keys are the tags' own; these are the ones Inset reads.
            let tags = state.tags
            let fields: [(String, String?)] = [("artist", tags?.artist), ("title", tags?.title), ("album", tags?.album),
                                               ("track", tags?.track), ("date", tags?.date)]
            return .success(.object(Dictionary(uniqueKeysWithValues: fields.compactMap { key, value in value.map { (key, .string($0)) } })))
        }),
        MpvPropertyRow(["chapter"], ofFile: true, followsPlayer: true, read: { state in
            state.chapter.map { .success(.int($0)) } ?? .failure(.propertyUnavailable)
        }, write: { value, state in
            number(value) { number in
                guard let index = Int(exactly: number) else { return .fail(.propertyFormat) }
                guard state.chapters.indices.contains(index) else { return .fail(.propertyError) }
                return run([.seekTo(MediaTime(seconds: state.chapters[index].time))])
            }
        }, add: { step, state in steps(step, .chapter(step > 0 ? .next : .previous), places: state.chapters.count + 1) }),
        MpvPropertyRow(["chapters"], ofFile: true, read: { .success(.int($0.chapters.count)) }),
        MpvPropertyRow(["chapter-list"], ofFile: true, read: { state in
            .success(.array(state.chapters.map { .object(["title": .string($0.title ?? ""), "time": .double($0.time)]) }))
        }),
        MpvPropertyRow(["eof-reached"], read: { .success(.bool($0.eof)) }),
        MpvPropertyRow(["idle-active"], read: { .success(.bool($0.idle)) }),
    ]

    /// The file's length, unavailable when unknown (a stream) or none.
    static func length(_ state: MpvState) -> Result<Double, MpvIPC.Failure> {
        guard let duration = state.duration, duration > 0 else { return .failure(.propertyUnavailable) }
        return .success(duration)
    }

    /// `add chapter|playlist-pos STEP`: one command a step, and no more steps than there
    /// are places to go (a chapter more: the first `previous` goes back to the start of this
    /// one). Uncapped, `add playlist-pos 1e9` built a billion commands (2.5 GB) and `add
    /// chapter 1e300` trapped in the conversion to Int.
    static func steps(_ step: Double, _ command: Command, places: Int) -> MpvAction {
        guard step != 0 else { return .run([], data: .null) }
        let count = min(abs(step).rounded(), Double(max(1, places)))
        return .run(Array(repeating: command, count: Int(count)), data: .null)
    }
}
