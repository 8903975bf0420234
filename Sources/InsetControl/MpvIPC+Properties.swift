import InsetCore

/// mpv's properties, read from `MpvState` and set through Inset's commands.
extension MpvIPC {
    /// Every property this layer answers live, in mpv's names, Inset's own under `inset-`:
    /// the settings table's (`SettingsTable.propertyNames`), so a property is a row first.
    public static let properties: [String] = SettingsTable.propertyNames

    /// A property's value as `get_property` gives it.
    public static func value(of name: String, in state: MpvState) -> Result<JSONValue, Failure> {
        // What belongs to a file is unavailable while none plays, as in mpv.
        let ofFile: Set = ["time-pos", "playback-time", "time-remaining", "duration", "percent-pos", "filename", "path",
                           "media-title", "metadata", "chapter", "chapter-list", "chapters", "inset-pip", "inset-window-corner"]
        if state.idle && ofFile.contains(name) { return .failure(.propertyUnavailable) }
        switch name {
        case "pause": return .success(.bool(state.paused))
        case "time-pos", "playback-time": return .success(.double(state.time))
        case "time-remaining", "duration", "percent-pos":
            guard let duration = state.duration, duration > 0 else { return .failure(.propertyUnavailable) }
            let value = name == "duration" ? duration : name == "percent-pos" ? state.time / duration * 100 : duration - state.time
            return .success(.double(value))
        case "volume": return .success(.double(Double(state.volume)))
        case "mute": return .success(.bool(state.muted))
        case "speed": return .success(.double(state.speed))
        case "audio-delay": return .success(.double(state.audioDelay))
        case "filename": return .success(.string(state.fileName ?? ""))
        case "path": return .success(.string(state.path ?? ""))
        // As mpv: the forced or page's title, else the title tag, else the file's name.
        case "media-title": return .success(.string(state.title ?? state.tags?.title ?? state.fileName ?? ""))
        case "metadata":
            // mpv's keys are the tags' own; these are the ones Inset reads.
            let tags = state.tags
            let fields: [(String, String?)] = [("artist", tags?.artist), ("title", tags?.title), ("album", tags?.album),
                                               ("track", tags?.track), ("date", tags?.date)]
            return .success(.object(Dictionary(uniqueKeysWithValues: fields.compactMap { key, value in value.map { (key, .string($0)) } })))
        case "playlist-pos": return .success(.int(state.playlistPosition ?? -1))
        case "playlist-count": return .success(.int(state.playlistCount))
        case "playlist": return .success(.array(playlist(state)))
        case "chapter": return state.chapter.map { .success(.int($0)) } ?? .failure(.propertyUnavailable)
        case "chapters": return .success(.int(state.chapters.count))
        case "chapter-list":
            return .success(.array(state.chapters.map { chapter in
                .object(["title": .string(chapter.title ?? ""), "time": .double(chapter.time)])
            }))
        case "track-list": return .success(.array(trackList(state)))
        case "aid": return .success(state.audioSelected.map { .int($0 + 1) } ?? .bool(false))
        case "sid": return .success(state.subtitleSelected.map { .int($0 + 1) } ?? .bool(false))
        case "eof-reached": return .success(.bool(state.eof))
        case "idle-active": return .success(.bool(state.idle))
        case "pid": return .success(.int(state.pid))
        case "mpv-version": return .success(.string("Inset (mpv IPC)"))
        case "property-list": return .success(.array(properties.map(JSONValue.string)))
        case "command-list": return .success(.array(commands.map { .object(["name": .string($0)]) }))
        case "inset-pip": return .success(.bool(state.inWindow))
        case "inset-window-corner":
            return state.inWindow ? .success(state.windowCorner.map(JSONValue.string) ?? .null) : .failure(.propertyUnavailable)
        default: return sessionValue(of: name, in: state) ?? optionValue(of: name, in: state)
        }
    }

    /// `get_property_string`: as mpv writes a value as text (yes/no, six decimals).
    public static func text(of value: JSONValue) -> String {
        switch value {
        case .bool(let flag): flag ? "yes" : "no"
        case .double(let number): String(format: "%.6f", number)
        case .int(let number): String(number)
        case .string(let text): text
        case .null: ""
        default: value.line
        }
    }

    /// `set_property`: what to do for it, or why not (a property read only is mpv's
    /// "error accessing property"; a value of the wrong kind its "unsupported format").
    public static func set(_ name: String, to value: JSONValue, in state: MpvState) -> MpvAction {
        guard properties.contains(name) else { return setOption(name, to: value) }
        let number = MpvIPC.number(value)
        let flag = MpvIPC.flag(value)
        switch name {
        case "pause":
            guard let flag else { return .fail(.propertyFormat) }
            return .run([.pause(flag)], data: nil)
        case "time-pos", "playback-time":
            guard let number else { return .fail(.propertyFormat) }
            return .run([.seekTo(MediaTime(seconds: max(0, number)))], data: nil)
        case "percent-pos":
            guard let number else { return .fail(.propertyFormat) }
            guard let duration = state.duration else { return .fail(.propertyUnavailable) }
            return .run([.seekTo(MediaTime(seconds: max(0, min(100, number)) / 100 * duration))], data: nil)
        case "volume":
            guard let number else { return .fail(.propertyFormat) }
            return .run([.volume(.to(Int(max(0, min(100, number)).rounded())))], data: nil)
        case "mute":
            guard let flag else { return .fail(.propertyFormat) }
            return .run(flag == state.muted ? [] : [.mute], data: nil)
        case "audio-delay":
            guard let number, abs(number) <= AudioDelay.limit.seconds else { return .fail(.propertyFormat) }
            return .run([.audioDelay(.to(MediaTime(seconds: number)))], data: nil)
        case "sub-visibility":
            guard let flag else { return .fail(.propertyFormat) }
            return .run([.subtitleVisibility(flag)], data: nil)
        case "sub-delay":
            guard let number, abs(number) <= SubtitleDelay.limit.seconds else { return .fail(.propertyFormat) }
            return .run([.subtitleDelay(.to(MediaTime(seconds: number)))], data: nil)
        case "speed":
            guard let number, let speed = PlaybackSpeed(text: String(number)) else { return .fail(.propertyFormat) }
            return .run([.speed(.to(speed))], data: nil)
        case "playlist-pos":
            guard let number, let index = Int(exactly: number) else { return .fail(.propertyFormat) }
            guard (0..<state.playlistCount).contains(index) else { return .fail(.propertyError) }
            return .playEntry(index)
        case "chapter":
            guard let number, let index = Int(exactly: number) else { return .fail(.propertyFormat) }
            guard state.chapters.indices.contains(index) else { return .fail(.propertyError) }
            return .run([.seekTo(MediaTime(seconds: state.chapters[index].time))], data: nil)
        case "aid", "sid":
            return selectTrack(name, value, in: state)
        case "inset-pip":
            guard let flag else { return .fail(.propertyFormat) }
            return .run(flag == state.inWindow ? [] : [flag ? .pip : .restore], data: nil)
        case "inset-window-corner":
            guard case .string(let text) = value, let move = Command.WindowMove(rawValue: text), move.corner != nil else {
                return .fail(.propertyFormat)
            }
            return .run([.windowMove(move)], data: nil)
        default:
            return setSession(name, to: value) ?? .fail(.propertyError)
        }
    }

    /// `aid` / `sid` to a track's number (from 1, as in `track-list`) or `no`: Inset steps
    /// through its tracks in order (`audio next`, `subtitles next`) until that one is chosen.
    private static func selectTrack(_ name: String, _ value: JSONValue, in state: MpvState) -> MpvAction {
        let audio = name == "aid"
        let count = audio ? state.audioTracks.count : state.subtitleTracks.count
        let current = audio ? state.audioSelected : state.subtitleSelected
        if flag(value) == false || value == .string("no") {
            if audio { return current == nil ? .run([], data: nil) : .fail(.propertyError) }
            return .run([.subtitles(.off)], data: nil)
        }
        guard let number = number(value), let wanted = Int(exactly: number) else { return .fail(.propertyFormat) }
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

    /// A number as mpv's clients send it (a JSON number, or text); nil for NaN and the
    /// infinities (`"nan"`, `"inf"`), which name no time, volume, speed or entry, so every
    /// request that takes a number refuses them in one place.
    static func number(_ value: JSONValue) -> Double? {
        let number: Double? = switch value {
        case .int(let number): Double(number)
        case .double(let number): number
        case .string(let text): Double(text)
        default: nil
        }
        return number.flatMap { $0.isFinite ? $0 : nil }
    }

    static func flag(_ value: JSONValue) -> Bool? {
        switch value {
        case .bool(let flag): flag
        case .string("yes"), .string("true"): true
        case .string("no"), .string("false"): false
        default: nil
        }
    }
}
