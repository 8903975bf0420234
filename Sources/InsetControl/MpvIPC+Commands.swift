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
        case "cycle", "add", "multiply", "cycle-values": return step(name, rest, in: state)
        case "seek":
            guard let target = rest.first.flatMap(number) else { return .fail(.invalidParameter) }
            return seek(target, flags: text(1) ?? "relative", in: state)
        case "loadfile": return loadFile(rest, in: state)
        case "playlist-next", "playlist-prev":
            // mpv refuses to go past either end of the list; so does `playlist next`.
            return .run([.playlist(name == "playlist-next" ? .next : .previous)], data: .null)
        case "playlist-move":
            let indices = rest.compactMap { number($0).flatMap { Int(exactly: $0) } }
            guard rest.count == 2, indices.count == 2, indices.allSatisfy({ $0 >= 0 }) else { return .fail(.invalidParameter) }
            return .move(from: indices[0], to: indices[1])
        case "screenshot": return .run([.screenshot], data: .null)
        case "quit": return quit(rest)
        case "keypress":
            guard let key = text(0).flatMap(keyPress) else { return .fail(.invalidParameter) }
            return .key(key)
        case "change-list": return changeList(rest, in: state)
        case "client_name": return .answer(.string("inset-client"))
        case "get_version": return .answer(.int(0x020000))
        default: return scriptCommand(name, rest) ?? sessionCommand(name, rest) ?? .fail(.invalidParameter)
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
