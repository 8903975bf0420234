import InsetCore

/// mpv's commands (input.rst's "List of Input Commands"), each onto Inset's.
extension MpvIPC {
    /// What an mpv request's command array asks for.
    public static func translate(_ arguments: [JSONValue], in state: MpvState) -> MpvAction {
        guard case .string(let name)? = arguments.first else { return .fail(.invalidParameter) }
        let rest = Array(arguments.dropFirst())
        func text(_ index: Int) -> String? {
            guard rest.indices.contains(index) else { return nil }
            if case .string(let text) = rest[index] { return text }
            return nil
        }
        switch name {
        case "get_property", "get_property_string":
            guard rest.count == 1, let property = text(0) else { return .fail(.invalidParameter) }
            switch value(of: property, in: state) {
            case .success(let value): return .answer(name == "get_property" ? value : .string(MpvIPC.text(of: value)))
            case .failure(let failure): return .fail(failure)
            }
        case "set_property", "set_property_string", "set":
            guard rest.count == 2, let property = text(0) else { return .fail(.invalidParameter) }
            return set(property, to: rest[1], in: state)
        case "observe_property", "observe_property_string":
            guard rest.count == 2, let id = number(rest[0]).flatMap({ Int(exactly: $0) }), let property = text(1) else {
                return .fail(.invalidParameter)
            }
            return .observe(id: id, name: property, asString: name == "observe_property_string")
        case "unobserve_property":
            guard rest.count == 1, let id = number(rest[0]).flatMap({ Int(exactly: $0) }) else { return .fail(.invalidParameter) }
            return .unobserve(id: id)
        case "cycle": return cycle(text(0), direction: text(1), in: state)
        case "add":
            guard let property = text(0) else { return .fail(.invalidParameter) }
            let step = rest.count > 1 ? number(rest[1]) : 1
            guard let step else { return .fail(.invalidParameter) }
            return add(property, step, in: state)
        case "seek":
            guard let target = rest.first.flatMap(number) else { return .fail(.invalidParameter) }
            return seek(target, flags: text(1) ?? "relative", in: state)
        case "loadfile": return loadFile(rest)
        case "playlist-next", "playlist-prev":
            // mpv refuses to go past either end of the list; so does `playlist next`.
            return .run([.playlist(name == "playlist-next" ? .next : .previous)], data: .null)
        case "screenshot": return .run([.screenshot], data: .null)
        case "quit": return quit(rest)
        case "keypress":
            guard let key = text(0).flatMap(keyPress) else { return .fail(.invalidParameter) }
            return .key(key)
        case "client_name": return .answer(.string("inset-client"))
        case "get_version": return .answer(.int(0x020000))
        default: return scriptCommand(name, rest) ?? sessionCommand(name, rest) ?? .fail(.invalidParameter)
        }
    }

    private static func cycle(_ property: String?, direction: String?, in state: MpvState) -> MpvAction {
        guard let property else { return .fail(.invalidParameter) }
        let commands: [Command]
        switch property {
        case "pause": commands = [.pause(nil)]
        case "mute": commands = [.mute]
        case "inset-pip": commands = [state.inWindow ? .restore : .pip]
        case "sid": commands = [.subtitles(.next)]
        case "sub-visibility": commands = [.subtitleVisibility(nil)]
        case "aid": commands = [.audio(.next)]
        default: return .fail(properties.contains(property) ? .propertyError : .propertyNotFound)
        }
        _ = direction
        return .run(commands, data: .null)
    }

    private static func add(_ property: String, _ step: Double, in state: MpvState) -> MpvAction {
        switch property {
        // Held to a whole turn of the dial before it becomes an Int: `add volume 1e300`
        // trapped in the conversion.
        case "volume": return .run([.volume(.by(Int(min(100, max(-100, step)).rounded())))], data: .null)
        // mpv's own Ctrl++ / Ctrl+- are `add audio-delay 0.100` / `-0.100`.
        case "audio-delay": return .run([.audioDelay(.by(MediaTime(seconds: step)))], data: .null)
        // mpv's z / Z are `add sub-delay -0.1` / `0.1`; held to the limit before the conversion.
        case "sub-delay":
            let limit = SubtitleDelay.limit.seconds
            return .run([.subtitleDelay(.by(MediaTime(seconds: min(limit, max(-limit, step)))))], data: .null)
        case "time-pos", "playback-time": return seek(step, flags: "relative", in: state)
        case "speed":
            guard let speed = PlaybackSpeed(text: String(state.speed + step)) else { return .fail(.propertyError) }
            return .run([.speed(.to(speed))], data: .null)
        case "chapter", "playlist-pos":
            guard step != 0 else { return .run([], data: .null) }
            let forward = step > 0
            let command: Command = property == "chapter" ? .chapter(forward ? .next : .previous) : .playlist(forward ? .next : .previous)
            // One step a command, so no more steps than there are places to go (a chapter
            // more: the first `previous` goes back to the start of this one). Uncapped,
            // `add playlist-pos 1e9` built a billion commands (2.5 GB) and `add chapter
            // 1e300` trapped in the conversion to Int.
            let places = property == "chapter" ? state.chapters.count + 1 : state.playlistCount
            let steps = min(abs(step).rounded(), Double(max(1, places)))
            return .run(Array(repeating: command, count: Int(steps)), data: .null)
        default:
            return .fail(properties.contains(property) ? .propertyError : .propertyNotFound)
        }
    }

    /// `seek TARGET [FLAGS]`: relative (the default), absolute, absolute-percent,
    /// relative-percent, each with +exact or +keyframes (Inset's seeks are always exact).
    private static func seek(_ target: Double, flags: String, in state: MpvState) -> MpvAction {
        let parts = Set(flags.split(separator: "+").map(String.init)).subtracting(["exact", "keyframes"])
        guard parts.count <= 1 else { return .fail(.invalidParameter) }
        let duration = state.duration
        switch parts.first ?? "relative" {
        case "relative": return .run([.seek(by: MediaTime(seconds: target))], data: .null)
        case "absolute":
            // mpv counts a negative absolute time from the end.
            if target < 0, let duration { return .run([.seekTo(MediaTime(seconds: max(0, duration + target)))], data: .null) }
            return .run([.seekTo(MediaTime(seconds: max(0, target)))], data: .null)
        case "absolute-percent", "relative-percent":
            guard let duration else { return .fail(.commandFailed) }
            let seconds = max(0, min(100, target)) / 100 * duration
            if parts.first == "absolute-percent" { return .run([.seekTo(MediaTime(seconds: seconds))], data: .null) }
            return .run([.seek(by: MediaTime(seconds: target / 100 * duration))], data: .null)
        default: return .fail(.invalidParameter)
        }
    }

    /// A key as mpv names it (`SPACE`, `Ctrl+x`, `PGDWN`), as Inset names it (`Space`, `C-x`).
    static func keyPress(_ name: String) -> KeyPress? {
        var rest = Substring(name)
        var prefix = ""
        for (word, short) in [("Ctrl+", "C-"), ("Alt+", "M-"), ("Meta+", "M-"), ("Shift+", "S-")] {
            while rest.lowercased().hasPrefix(word.lowercased()) && rest.count > word.count {
                prefix += short
                rest = rest.dropFirst(word.count)
            }
        }
        let names = ["PGDWN": "PgDn", "KP_ENTER": "Enter", "IDEOGRAPHIC_SPACE": "Space"]
        let key = names[String(rest).uppercased()] ?? String(rest)
        return KeyPress(name: prefix + key)
    }
}
