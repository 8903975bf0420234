import InsetCore

/// mpv's commands for its Lua scripts, as a client of the socket sends them: a message to
/// every script or to one (`script-message`, `script-message-to NAME`), a script's key
/// binding run by name (`script-binding NAME` or `NAME/BINDING`), and `load-script`,
/// refused: only the user loads a script, from the command line or the config folder
/// (docs/scripts.md), never a program that found the socket.
extension MpvIPC {
    static func scriptCommand(_ name: String, _ rest: [JSONValue]) -> MpvAction? {
        let words = rest.compactMap { value -> String? in
            if case .string(let text) = value { return text }
            return nil
        }
        switch name {
        case "script-message":
            guard words.count == rest.count, !words.isEmpty else { return .fail(.invalidParameter) }
            return .scriptMessage(target: nil, arguments: words)
        case "script-message-to":
            guard words.count == rest.count, words.count >= 2 else { return .fail(.invalidParameter) }
            return .scriptMessage(target: words[0], arguments: Array(words.dropFirst()))
        case "script-binding":
            guard words.count == 1, let binding = words.first else { return .fail(.invalidParameter) }
            let parts = binding.split(separator: "/", maxSplits: 1).map(String.init)
            let target = parts.count == 2 ? parts[0] : nil
            return .scriptMessage(target: target, arguments: ["key-binding", parts.last ?? binding, "p-", ""])
        case "load-script":
            return .refused("load-script: only the user loads a script (--script, the config folder's scripts)")
        default:
            return nil
        }
    }

    /// A key as a script names it in `mp.add_key_binding` (mpv's names: `SPACE`, `Ctrl+x`,
    /// `PGDWN`, or Inset's: `Space`, `C-x`).
    public static func scriptKey(_ name: String) -> KeyPress? { keyPress(name) }
}
