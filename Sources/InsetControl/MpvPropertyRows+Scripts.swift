import Foundation
import InsetCore

/// The scripts' options as a live property, as in mpv: `script-opts` (and
/// `options/script-opts`, which mpv's options.lua observes for a script's `on_update`),
/// set while playing by `set`/`set_property` or `change-list script-opts append k=v`; and
/// the few read-only properties popular scripts ask beside it.
extension MpvPropertyRows {
    static let scripts: [MpvPropertyRow] = [
        MpvPropertyRow(["script-opts"], read: { .success(MpvIPC.json(.pairs($0.session.scriptOptions))) }, write: { value, _ in
            guard let pairs = MpvIPC.pairs(value) else { return .fail(.propertyFormat) }
            return .setSession(.scriptOptions(pairs))
        }),
        // The process's own, which no state of the playing holds: what mpv answers (hacel's
        // recent.lua joins the path playing to it).
        MpvPropertyRow(["working-directory"], read: { _ in .success(.string(FileManager.default.currentDirectoryPath)) }),
        // mpv's autoload.lua places the folder's files around the entry playing by these.
        MpvPropertyRow(["playlist-pos-1"], read: { .success(.int(($0.playlistPosition ?? -1) + 1)) }),
        MpvPropertyRow(["playback-abort"], read: { .success(.bool($0.idle)) }),
    ]
}

extension MpvIPC {
    /// A key-value list as a client sets it: mpv's native map (`{"skip-op_end": "85"}`), or
    /// its text (`skip-op_start=0,skip-op_end=85`); nil for anything else.
    static func pairs(_ value: JSONValue) -> [SettingValue.KeyValue]? {
        switch value {
        case .object(let fields):
            return fields.keys.sorted().map { SettingValue.KeyValue($0, MpvIPC.text(of: fields[$0]!)) }
        case .string(let text):
            guard case .pairs(let pairs)? = try? SettingType.pairs.parse(text, option: "script-opts") else { return nil }
            return pairs
        default:
            return nil
        }
    }

    /// `change-list NAME OPERATION [VALUE]`: mpv's edit of a list option (`append`, `add`,
    /// `set`, `remove`, `clr`…, as its `--NAME-OPERATION`), made on the live value of a
    /// property that has a setter (`script-opts`); of an option Inset does not play by, checked
    /// as mpv would and then changing nothing, as `set` of it does (`setOption`).
    static func changeList(_ rest: [JSONValue]) -> (name: String, edit: ListEdit)?? {
        let words = rest.compactMap { value -> String? in
            if case .string(let text) = value { return text }
            return nil
        }
        guard words.count == rest.count, (2...3).contains(words.count) else { return .some(nil) }
        let name = words[0].hasPrefix("options/") ? String(words[0].dropFirst("options/".count)) : words[0]
        guard let found = try? MpvOptionName.resolve(name), found.action == nil, !found.negated else { return nil }
        let type = found.target.type
        guard type.actions.contains(words[1]) || (words[1] == "clr" && !type.actions.isEmpty),
              let edit = try? ListEdit.parse(words[1], words.count == 3 ? words[2] : nil, of: type, option: name) else {
            return .some(nil)
        }
        return (name, edit)
    }

    /// What `change-list` does in this state: the edit applied to the live value and set.
    static func changeList(_ rest: [JSONValue], in state: MpvState) -> MpvAction {
        guard let parsed = changeList(rest) else { return .fail(.propertyNotFound) }
        guard let (name, edit) = parsed else { return .fail(.invalidParameter) }
        guard let row = MpvPropertyRows.row(named: name), let write = row.write else { return .run([], data: .null) }
        guard case .success(let now) = row.read(state) else { return .fail(.propertyUnavailable) }
        let current: SettingValue = switch now {
        case .object: .pairs(pairs(now) ?? [])
        case .array(let items): .list(items.map { MpvIPC.text(of: $0) })
        default: .list([])
        }
        return write(json(edit.applied(to: current)), state)
    }
}

extension MpvIPC {
    /// mpv's paths into a property's value, which scripts read one item at a time
    /// (mpv's autoload.lua: `playlist/N/filename`; `playlist/count`,
    /// `chapter-list/N/title`, `metadata/by-key/KEY`): a list's item by its index (from 0) or
    /// its `count`, a map's by key. Nil when the name's first part is no property (an option
    /// then, `options/NAME`); unavailable when the path leads nowhere.
    static func item(_ name: String, in state: MpvState) -> Result<JSONValue, Failure>? {
        let parts = name.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard parts.count >= 2, MpvPropertyRows.row(named: parts[0]) != nil else { return nil }
        guard case .success(var current) = value(of: parts[0], in: state) else { return value(of: parts[0], in: state) }
        for part in parts.dropFirst() where part != "by-key" {
            switch current {
            case .array(let items) where part == "count": current = .int(items.count)
            case .array(let items):
                guard let index = Int(part), items.indices.contains(index) else { return .failure(.propertyUnavailable) }
                current = items[index]
            case .object(let fields):
                guard let field = fields[part] else { return .failure(.propertyUnavailable) }
                current = field
            default: return .failure(.propertyUnavailable)
            }
        }
        return .success(current)
    }
}
