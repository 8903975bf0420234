import InsetCore

/// mpv's JSON IPC (mpv's DOCS/man/ipc.rst) on Inset's control socket: a translation layer,
/// pure, between mpv's requests, properties and events and Inset's commands and state
/// (docs/mpv.md has the table of what is as mpv, what differs and what is refused).
///
/// Which shape answers which request: one with `request_id`, or whose command is one of
/// mpv's and not a command of Inset's table (`get_property`, `seek 10 absolute`), is mpv's
/// and gets `{"request_id": N, "error": "success", "data": …}`; anything else (`inset ctl`,
/// `{"command": ["seek", "+15"], "id": 1}`) gets Inset's `{"id": 1, "result": …}`.
public enum MpvIPC {
    /// mpv's commands this layer answers (`MpvIPC.translate`).
    public static let commands: [String] = [
        "get_property", "get_property_string", "set_property", "set_property_string",
        "observe_property", "observe_property_string", "unobserve_property",
        "cycle", "add", "multiply", "cycle-values", "set", "seek", "loadfile", "playlist-next", "playlist-prev", "playlist-move", "screenshot", "quit", "keypress",
        "client_name", "get_version", "keybind", "stop",
        "script-message", "script-message-to", "script-binding", "load-script", "change-list",
    ]

    /// The properties one client may observe at once. mpv has no bound; 12,000
    /// observations of `time-pos` kept the loop at 95% of a core, each a `property-change`
    /// every turn, and other clients waited 1.4–2.7 s for a reply. A client of mpv's
    /// observes a handful (python-mpv-jsonipc, mpv's own scripts: under 30); past this one
    /// more is refused. 64 of `time-pos` are 64 lines a turn, which a client reading in
    /// Python keeps up with; 256 were 1.4 MB/s at 60 turns a second, and a client that
    /// fell behind was dropped for the replies waiting (`ControlServer.mostWaiting`).
    public static let mostObservationsPerClient = 64

    /// The words mpv's clients send that are theirs; a request naming one of them, or
    /// carrying `request_id`, is answered as mpv answers. A command Inset's table reads
    /// (`seek +15`, `pause`) stays Inset's when it has no `request_id`, and so does any
    /// request of a name both tables have (`seek`, `screenshot`, `quit`) that carries
    /// Inset's `id`, as `inset ctl`'s do: `seek 1:00` is refused in Inset's words, in the
    /// shape `inset ctl` waits for, instead of being read as mpv's (issue 48).
    static func speaksMpv(fields: [String: JSONValue], words: [String]) -> Bool {
        if fields["request_id"] != nil { return true }
        guard let first = words.first, commands.contains(first) else { return false }
        if fields["id"] != nil, CommandTable.rows.contains(where: { $0.name == first }) { return false }
        return (try? Command(words: words)) == nil
    }

    /// The words of a line of mpv's text commands (input.conf's syntax: words split at
    /// spaces, '…' and "…" quoting, \ escapes inside double quotes), when its first word is
    /// one of mpv's commands; nil for anything else.
    static func textCommand(_ line: Substring) -> [String]? {
        var words: [String] = []
        var word = ""
        var quote: Character?
        var inWord = false
        var escaped = false
        for character in line {
            if escaped { word.append(character); escaped = false; continue }
            if let open = quote {
                if character == "\\" && open == "\"" { escaped = true } else if character == open { quote = nil } else { word.append(character) }
                continue
            }
            switch character {
            case "'", "\"": quote = character; inWord = true
            case " ", "\t", "\r":
                if inWord { words.append(word); word = ""; inWord = false }
            default: word.append(character); inWord = true
            }
        }
        if inWord { words.append(word) }
        guard quote == nil, let first = words.first, commands.contains(first) else { return nil }
        return words
    }

    /// mpv's reply: `error` is "success" or one of mpv's error strings; `data` only on
    /// success (mpv's own replies to commands carry `"data": null`). A request without
    /// `request_id` is answered with 0, as mpv does.
    public static func reply(id: JSONValue?, data: JSONValue?, error: String?, reason: String? = nil) -> JSONValue {
        var fields: [String: JSONValue] = ["request_id": id ?? .int(0), "error": .string(error ?? "success")]
        if error == nil, let data { fields["data"] = data }
        // Why Inset refused, beside mpv's fixed word: mpv's clients read `error` only.
        if let reason { fields["reason"] = .string(reason) }
        return .object(fields)
    }

    public static func event(_ name: String, _ fields: [String: JSONValue] = [:]) -> JSONValue {
        .object(fields.merging(["event": .string(name)]) { _, new in new })
    }

    /// `property-change` for an observation: no `data` while the property is unavailable.
    public static func propertyChange(id: Int, name: String, value: JSONValue?) -> JSONValue {
        var fields: [String: JSONValue] = ["id": .int(id), "name": .string(name)]
        if let value { fields["data"] = value }
        return event("property-change", fields)
    }

    /// mpv's error strings (libmpv's `mpv_error_string`), the ones this layer answers with.
    public enum Failure: String, Error, Sendable {
        case invalidParameter = "invalid parameter"
        case propertyNotFound = "property not found"
        case propertyUnavailable = "property unavailable"
        case propertyFormat = "unsupported format for accessing property"
        case propertyError = "error accessing property"
        case commandFailed = "error running command"
    }
}
