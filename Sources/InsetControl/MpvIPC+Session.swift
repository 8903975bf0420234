import Foundation
import InsetCore

/// mpv's commands for a session a program runs (invidtui's, python-mpv's): `loadfile` in
/// both of its forms with per-file options, `keybind`, `quit CODE`, `stop`.
extension MpvIPC {
    /// `loadfile URL [FLAGS [INDEX] [OPTIONS]]`: mpv 0.35 reads the options third
    /// (`loadfile URL replace "start=30"`), 0.38 after an index (`loadfile URL replace -1
    /// "start=30"`). A third argument that is a whole number is the index; as in mpv 0.38,
    /// only `insert-at` and `insert-at-play` use it (the entry it goes before, from 0; -1 or
    /// past the end: the end), the other flags leave it unread.
    /// `insert-next` and `insert-next-play` (mpv 0.38) list it after the playing entry
    /// (at the end when none plays), read the index as the others do, and leave it unread.
    static func loadFile(_ rest: [JSONValue], in state: MpvState) -> MpvAction {
        guard case .string(let path)? = rest.first, !path.isEmpty else { return .fail(.invalidParameter) }
        var append = false
        var insertsAt = false
        var insertsNext = false
        if rest.count > 1 {
            guard case .string(let flags) = rest[1] else { return .fail(.invalidParameter) }
            switch flags {
            case "replace": append = false
            case "append", "append-play": append = true
            case "insert-at", "insert-at-play": append = true; insertsAt = true
            case "insert-next", "insert-next-play": append = true; insertsNext = true
            default: return .fail(.invalidParameter)
            }
        }
        var optionsText = ""
        var rest = Array(rest.dropFirst(2))
        var index = -1
        if let given = rest.first, given != .string(""), let number = number(given) {
            guard let whole = Int(exactly: number), whole >= -1 else { return .fail(.invalidParameter) }
            index = whole
            rest.removeFirst()
        }
        if let options = rest.first {
            guard case .string(let text) = options, rest.count == 1 else { return .fail(.invalidParameter) }
            optionsText = text
        }
        do {
            let options = try MpvFileOptions(parsing: optionsText)
            if insertsAt && index >= 0 { return .insert(path, at: index, options: options) }
            if insertsNext, let playing = state.playlistPosition, playing + 1 < state.playlistCount {
                return .insert(path, at: playing + 1, options: options)
            }
            return .load(path, append: append, options: options)
        } catch {
            return .fail(error)
        }
    }

    /// `quit [CODE]`: mpv exits with CODE (0 without).
    static func quit(_ rest: [JSONValue]) -> MpvAction {
        guard let code = rest.first else { return .quit(code: 0) }
        guard rest.count == 1, let number = number(code), let whole = Int32(exactly: number) else { return .fail(.invalidParameter) }
        return .quit(code: whole)
    }

    /// The commands of a session other than those `translate` reads itself; nil for a
    /// command mpv lacks.
    static func sessionCommand(_ name: String, _ rest: [JSONValue]) -> MpvAction? {
        switch name {
        case "keybind":
            guard rest.count == 2, case .string(let keyName) = rest[0], case .string(let line) = rest[1],
                  let key = keyPress(keyName) else { return .fail(.invalidParameter) }
            guard let command = boundCommand(line) else { return .fail(.invalidParameter) }
            return .bind(key, command)
        case "stop": return .stop
        default: return nil
        }
    }

    /// What `keybind`'s COMMAND runs: "" or `ignore` unbinds (`.some(nil)`; invidtui's
    /// `keybind q ""` keeps its TUI's q from quitting the player); a command mpv's IPC
    /// carries out as one of Inset's (`cycle pause`, `seek 10`, `quit`), or Inset's own
    /// (`pip`). Nil: neither.
    static func boundCommand(_ line: String) -> Command?? {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty || trimmed == "ignore" { return .some(nil) }
        if let words = textCommand(Substring(trimmed)) {
            switch translate(words.map(JSONValue.string), in: MpvState()) {
            case .run(let commands, _) where commands.count == 1: return .some(commands[0])
            case .quit: return .some(.quit)
            default: break
            }
        }
        if let command = try? Command(parsing: trimmed) { return .some(command) }
        return nil
    }
}
